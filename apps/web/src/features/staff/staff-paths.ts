/**
 * The staff console's own URLs (routes under /staff and the staff API). They
 * live in the staff bundle rather than `shared/paths.ts`, which is in the portal's entry chunk.
 */
const enc = encodeURIComponent;

export const staffPaths = {
  inbox: () => '/staff',
  ticket: (id: string) => `/staff/tickets/${enc(id)}`,
  projects: () => '/staff/projects',
  team: () => '/staff/team',
} as const;

export const staffApi = {
  login: () => '/api/staff/login',
  logout: () => '/api/staff/logout',
  me: () => '/api/staff/me',
  accounts: () => '/api/staff/accounts',
  accountAction: (id: string, action: 'disable' | 'enable') => `/api/staff/accounts/${enc(id)}/${action}`,
  projects: () => '/api/staff/projects',
  project: (project: string) => `/api/staff/projects/${enc(project)}`,
  apiKeys: (project: string) => `/api/staff/projects/${enc(project)}/api-keys`,
  revokeApiKey: (project: string, keyId: string) => `/api/staff/projects/${enc(project)}/api-keys/${enc(keyId)}/revoke`,
  webhook: (project: string) => `/api/staff/projects/${enc(project)}/webhook`,
  tickets: (status: string, project?: string) => `/api/staff/tickets?status=${enc(status)}${project ? `&project=${enc(project)}` : ''}`,
  ticket: (id: string) => `/api/staff/tickets/${enc(id)}`,
  reply: (id: string) => `/api/staff/tickets/${enc(id)}/messages`,
  ticketAction: (id: string, action: 'close' | 'reopen') => `/api/staff/tickets/${enc(id)}/${action}`,
  playerPayments: (userId: string) => `/api/staff/payments?userId=${enc(userId)}`,
  events: () => '/api/staff/support/events',
} as const;
