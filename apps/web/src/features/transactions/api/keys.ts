export const transactionKeys = {
  list: (project: string, language: string) => ['transactions', 'list', project, language] as const,
  one: (id: string, language: string) => ['transactions', 'one', id, language] as const,
};
