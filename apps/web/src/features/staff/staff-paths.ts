import type { TStaffRole } from '@portal/contracts/staff';

/**
 * The staff console's own URLs (routes under /staff and the staff API). They
 * live in the staff bundle rather than `shared/paths.ts`, which is in the portal's entry chunk.
 */
const enc = encodeURIComponent;

export const staffPaths = {
  inbox: () => '/staff',
  ticket: (id: string) => `/staff/tickets/${enc(id)}`,
  catalog: () => '/staff/catalog',
  catalogProject: (project: string) => `/staff/catalog/${enc(project)}`,
  catalogSection: (project: string, section: 'prices' | 'settings') => `/staff/catalog/${enc(project)}/${section}`,
  payments: () => '/staff/payments',
  payment: (id: string) => `/staff/payments/${enc(id)}`,
  revenue: () => '/staff/revenue',
  projects: () => '/staff/projects',
  team: () => '/staff/team',
  audit: () => '/staff/audit',
  setPassword: () => '/staff/set-password',
} as const;

/** The console's areas in navigation order and the roles that open each (admin opens all). */
export const STAFF_AREAS = [
  { key: 'inbox', href: staffPaths.inbox(), roles: ['support'] },
  { key: 'catalog', href: staffPaths.catalog(), roles: ['catalog'] },
  { key: 'payments', href: staffPaths.payments(), roles: ['finance'] },
  { key: 'revenue', href: staffPaths.revenue(), roles: ['finance'] },
  { key: 'projects', href: staffPaths.projects(), roles: [] },
  { key: 'team', href: staffPaths.team(), roles: [] },
  { key: 'audit', href: staffPaths.audit(), roles: [] },
] as const satisfies ReadonlyArray<{ key: string; href: string; roles: readonly TStaffRole[] }>;

export type TStaffArea = (typeof STAFF_AREAS)[number]['key'];

/** The areas a role opens, in navigation order. */
export const areasOf = (role: TStaffRole) =>
  STAFF_AREAS.filter((area) => role === 'admin' || (area.roles as readonly TStaffRole[]).includes(role));

export const staffApi = {
  login: () => '/api/staff/login',
  logout: () => '/api/staff/logout',
  me: () => '/api/staff/me',
  accounts: () => '/api/staff/accounts',
  account: (id: string) => `/api/staff/accounts/${enc(id)}`,
  accountAction: (id: string, action: 'disable' | 'enable' | 'sign-out' | 'password-link') => `/api/staff/accounts/${enc(id)}/${action}`,
  setPassword: () => '/api/staff/set-password',
  audit: (query: { targetType?: string; targetId?: string; before?: number; limit?: number }) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
    const search = params.toString();
    return `/api/staff/audit${search ? `?${search}` : ''}`;
  },
  projects: () => '/api/staff/projects',
  project: (project: string) => `/api/staff/projects/${enc(project)}`,
  apiKeys: (project: string) => `/api/staff/projects/${enc(project)}/api-keys`,
  checklist: (project: string) => `/api/staff/projects/${enc(project)}/checklist`,
  revokeApiKey: (project: string, keyId: string) => `/api/staff/projects/${enc(project)}/api-keys/${enc(keyId)}/revoke`,
  webhook: (project: string) => `/api/staff/projects/${enc(project)}/webhook`,
  webhookTest: (project: string) => `/api/staff/projects/${enc(project)}/webhook/test`,
  webhookRotateSecret: (project: string) => `/api/staff/projects/${enc(project)}/webhook/rotate-secret`,
  webhookDeliveries: (project: string) => `/api/staff/projects/${enc(project)}/webhook-deliveries`,
  redeliver: (project: string, deliveryId: number) =>
    `/api/staff/projects/${enc(project)}/webhook-deliveries/${enc(String(deliveryId))}/redeliver`,
  tickets: (status: string, project?: string) => `/api/staff/tickets?status=${enc(status)}${project ? `&project=${enc(project)}` : ''}`,
  ticket: (id: string) => `/api/staff/tickets/${enc(id)}`,
  reply: (id: string) => `/api/staff/tickets/${enc(id)}/messages`,
  ticketAction: (id: string, action: 'close' | 'reopen') => `/api/staff/tickets/${enc(id)}/${action}`,
  playerPayments: (userId: string) => `/api/staff/payments?userId=${enc(userId)}`,
  events: () => '/api/staff/support/events',
  catalogProjects: () => '/api/staff/catalog/projects',
  catalogProject: (project: string) => `/api/staff/catalog/projects/${enc(project)}`,
  catalogGame: (project: string) => `/api/staff/catalog/projects/${enc(project)}/game`,
  catalogPrices: (project: string) => `/api/staff/catalog/projects/${enc(project)}/prices`,
  catalogPrice: (priceId: string) => `/api/staff/catalog/prices/${enc(priceId)}`,
  catalogImages: (kind?: string) => (kind ? `/api/staff/catalog/images?kind=${enc(kind)}` : '/api/staff/catalog/images'),
  moneyPayments: (query: string) => `/api/staff/money/payments${query ? `?${query}` : ''}`,
  moneyPayment: (id: string) => `/api/staff/money/payments/${enc(id)}`,
  moneyPaymentsCsv: (query: string) => `/api/staff/money/payments.csv${query ? `?${query}` : ''}`,
  refunds: (paymentId: string) => `/api/staff/money/payments/${enc(paymentId)}/refunds`,
  revenue: (query: string) => `/api/staff/money/revenue?${query}`,
  revenueCsv: (query: string) => `/api/staff/money/revenue.csv?${query}`,
} as const;
