export const paymentKeys = {
  process: (id: string, language: string) => ['payments', 'process', id, language] as const,
  one: (id: string) => ['payments', 'get', id] as const,
};
