import type { routes } from '@/shared/paths';

/**
 * The module of each page whose code loads by route (as the router imports it), by route
 * name, from `src/`. The build lists the chunks each one needs (`page-preloads.json`), and
 * the server names them in the page's answer, so a browser fetches a screen's code with the
 * page instead of after the app has started. A test holds this list to the router's.
 */
export const PAGE_MODULES = {
  catalogue: 'features/catalogue/routes.tsx',
  game: 'app/game-host/routes.tsx',
  login: 'features/auth/login-route.tsx',
  loginEmail: 'features/auth/email-login-route.tsx',
  registration: 'features/auth/registration-route.tsx',
  recoveryPassword: 'features/auth/recovery-route.tsx',
  deletionPersonalData: 'features/legal/routes.tsx',
  paymentsProcess: 'features/payments/routes.tsx',
  paymentsYookassa: 'features/payments/routes.tsx',
  paymentsStripe: 'features/payments/routes.tsx',
  paymentsYandexPay: 'features/payments/routes.tsx',
  supportTickets: 'features/support/routes.tsx',
  supportTicketCreate: 'features/support/routes.tsx',
  supportTicket: 'features/support/routes.tsx',
  transactions: 'features/transactions/routes.tsx',
  transactionsHelp: 'features/transactions/routes.tsx',
  accountProfile: 'features/account/routes.tsx',
  accountDelete: 'features/account/routes.tsx',
  prices: 'features/prices/routes.tsx',
} as const satisfies Partial<Record<keyof typeof routes, string>>;
