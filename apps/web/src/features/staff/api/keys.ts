/** Query keys of the console; sign-out removes everything under `staffKeys.all`. */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => ['staff', 'me'] as const,
  accounts: () => ['staff', 'accounts'] as const,
  projects: () => ['staff', 'projects'] as const,
  project: (name: string) => ['staff', 'project', name] as const,
  /** Under the project's key: whatever refreshes the project refreshes its checklist. */
  checklist: (name: string) => ['staff', 'project', name, 'checklist'] as const,
  apiKeys: (name: string) => ['staff', 'project', name, 'api-keys'] as const,
  deliveries: (name: string) => ['staff', 'project', name, 'deliveries'] as const,
  audit: (targetType: string, targetId: string) => ['staff', 'audit', targetType, targetId] as const,
  tickets: () => ['staff', 'tickets'] as const,
  ticketList: (status: string, project: string) => ['staff', 'tickets', status, project] as const,
  ticket: (id: string) => ['staff', 'ticket', id] as const,
  catalog: () => ['staff', 'catalog'] as const,
  catalogProject: (name: string) => ['staff', 'catalog', name] as const,
  payments: (userId: string) => ['staff', 'payments', userId] as const,
};
