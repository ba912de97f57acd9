import { matchPath } from 'react-router';
import type { Language } from '@portal/contracts/languages';

/**
 * Every URL the web app knows: route patterns (for the router), route builders (for links
 * and navigation), API endpoints and static files. Rename a route here and nowhere else.
 */

const enc = encodeURIComponent;

/** `/a/b` + optional trailing segments (session, source), leaving out the empty tail. */
const withSegments = (base: string, ...segments: (string | null | undefined)[]) => {
  const last = segments.reduce((at, value, index) => (value ? index : at), -1);
  const tail = segments.slice(0, last + 1).map((value) => `/${enc(value || '-')}`);
  return `${base}${tail.join('')}`;
};

type Session = string | null | undefined;

/**
 * Every page: `path` is the pattern the router matches (and `matchPath` tests), `getHref`
 * builds a link to it. A route is renamed here and nowhere else.
 */
export const routes = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/session/login/:session?/:source?/:locale?/:project?/:jwt?',
    getHref: (session?: Session, source?: Session) => withSegments('/session/login', session, source),
  },
  loginEmail: {
    path: '/session/login/email/:session?/:source?',
    getHref: (session?: Session, source?: Session) => withSegments('/session/login/email', session, source),
  },
  registration: {
    path: '/session/registration/:session?/:source?',
    getHref: (session?: Session, source?: Session) => withSegments('/session/registration', session, source),
  },
  recoveryPassword: {
    path: '/auth/recovery-password/:session?/:source?',
    getHref: (session?: Session, source?: Session) => withSegments('/auth/recovery-password', session, source),
  },
  deletionPersonalData: { path: '/auth/deletion-personal-data', getHref: () => '/auth/deletion-personal-data' },
  loginDone: { path: '/session/loginDone/:result?', getHref: (result: string) => `/session/loginDone/${result}` },
  /** The payment result page of redirect and mobile modes (`result` already encoded). */
  paymentsDone: { path: '/payments/done/:result?', getHref: (result: string) => `/payments/done/${result}` },
  supportDone: { path: '/support/done/:result?', getHref: (result: string) => `/support/done/${result}` },
  unauthorized: { path: '/unauthorized/:result?', getHref: (result: string) => `/unauthorized/${result}` },
  loader: { path: '/loader', getHref: () => '/loader' },
  paymentsProcess: {
    path: '/payments/process/:id?/:source?/:locale?/:project?/:jwt?',
    getHref: (id: string) => `/payments/process/${enc(id)}`,
  },
  paymentsYookassa: {
    path: '/payments/yookassa/:id?/:source?/:locale?/:project?/:jwt?',
    getHref: (id: string) => `/payments/yookassa/${enc(id)}`,
  },
  paymentsStripe: {
    path: '/payments/stripe/:id?/:source?/:locale?/:project?/:jwt?',
    getHref: (id: string) => `/payments/stripe/${enc(id)}`,
  },
  paymentsYandexPay: {
    path: '/payments/yandex-pay/:id?/:source?/:locale?/:project?/:jwt?',
    getHref: (id: string) => `/payments/yandex-pay/${enc(id)}`,
  },
  games: { path: '/games/:lng', getHref: (lng: string) => `/games/${enc(lng)}` },
  catalogue: { path: '/games/:lng/', getHref: (lng: string) => `/games/${enc(lng)}/` },
  game: {
    path: '/games/:lng/:projectName/',
    getHref: (lng: string, projectName: string) => `/games/${enc(lng)}/${enc(projectName)}/`,
  },
  supportTickets: { path: '/support/tickets', getHref: () => '/support/tickets' },
  supportTicketCreate: {
    path: '/support/ticket/create/:first?',
    getHref: (first?: boolean) => (first ? '/support/ticket/create/1' : '/support/ticket/create'),
  },
  supportTicket: { path: '/support/ticket/:id?', getHref: (id: string) => `/support/ticket/${enc(id)}` },
  transactions: { path: '/transactions', getHref: () => '/transactions' },
  transactionsHelp: { path: '/transactions/help/:id?', getHref: (id: string) => `/transactions/help?id=${enc(id)}` },
  /** The price list of a project (`?project=` as embedded games link it), or the page that asks for one. */
  prices: {
    path: '/prices/:project?',
    getHref: (project?: string | null) => (project ? `/prices/${enc(project)}?project=${enc(project)}` : '/prices'),
  },
  accountProfile: { path: '/account/profile', getHref: () => '/account/profile' },
  accountDelete: { path: '/account/delete', getHref: () => '/account/delete' },
} as const satisfies Record<string, { path: string; getHref: (...args: never[]) => string }>;

type Route = { path: string };

type Match = ReturnType<typeof matchPath>;

// The layout asks the same questions of the same path on every render, and `matchPath` builds
// a regular expression for each: the answers are kept (frozen, as they are shared) until the
// store is full, which only a long session of distinct paths reaches.
const matches = new Map<string, Match>();

function cachedMatch(path: string, pathname: string, end: boolean): Match {
  const key = `${end ? 1 : 0}${path} ${pathname}`;
  let match = matches.get(key);
  if (match === undefined) {
    match = matchPath({ path, caseSensitive: true, end }, pathname);
    if (match) Object.freeze(Object.freeze(match).params);
    if (matches.size >= 500) matches.clear();
    matches.set(key, match);
  }
  return match;
}

/** Whether `pathname` is at `route` (its own segments; `end: false` lets more follow). */
export const isAt = (route: Route, pathname: string, end = true) => cachedMatch(route.path, pathname, end);

/** Whether `pathname` is in the area of `route`: its fixed start (`/games` of `/games/:lng`) and anything under it. */
export const isInArea = (route: Route, pathname: string): boolean =>
  cachedMatch(route.path.split('/:')[0] || '/', pathname, false) !== null;

/** API endpoints (all under /api; every answer is `{ data }`). */
export const api = {
  /** A login session for a project: its loginUrl and session. */
  sessionGet: () => '/api/session/get',
  initialConfig: (project?: string) =>
    project ? `/api/control/get-initial-config?project=${enc(project)}` : '/api/control/get-initial-config',
  gamesData: () => '/api/control/get-games-data',
  gameData: (projectName: string) => `/api/control/get-game-data?projectName=${enc(projectName)}`,
  singleGameData: (projectName: string) => `/api/control/get-single-game-data?projectName=${enc(projectName)}`,
  prices: (project: string) => `/api/control/get-prices?project=${enc(project)}`,
  loginByEmail: () => '/api/auth/login-by-email',
  registerByEmail: () => '/api/auth/register-by-email',
  sendVerificationCode: () => '/api/auth/send-verification-code',
  recoveryPassword: () => '/api/auth/recovery-password',
  sendRecoveryPasswordCode: () => '/api/auth/send-recovery-password-code',
  activateNewPassword: () => '/api/auth/activate-new-password',
  resendCode: () => '/api/auth/resend-code',
  logout: () => '/api/auth/logout',
  gameToken: () => '/api/auth/game-token',
  hostToken: () => '/api/auth/host-token',
  setUserAuthState: () => '/api/auth/set-user-auth-state',
  signInNonce: () => '/api/auth/sign-in-nonce',
  appleLogin: () => '/api/auth/apple-login',
  telegramLogin: () => '/api/auth/telegram-login',
  facebookLogin: () => '/api/auth/facebook-login',
  checkUserAuthState: (id: string) => `/api/auth/check-user-auth-state/${enc(id)}`,
  checkToken: (jwt: string) => `/api/auth/check/${enc(jwt)}`,
  /** A session of session/get: 404 when unknown or expired. */
  session: (id: string) => `/api/session/${enc(id)}`,
  captchaChallenge: () => '/api/auth/captcha-challenge',
  captchaState: () => '/api/auth/captcha-state',
  mergeAnonymous: () => '/api/auth/merge-anonymous',
  userMe: () => '/api/user/me',
  getProfile: () => '/api/user/get-profile',
  updateProfile: () => '/api/user/update-profile',
  deleteAccount: () => '/api/user/delete-account',
  supportUnreadCount: () => '/api/support/get-support-unread-message-count',
  supportMergeUserId: () => '/api/support/merge-user-id',
  supportTickets: () => '/api/support/get-tickets',
  supportTicket: (id: string) => `/api/support/get-ticket?id=${enc(id)}`,
  supportCreateTicket: () => '/api/support/create-ticket',
  supportSendMessage: () => '/api/support/send-message',
  /** Server-Sent Events, read with fetch: the token or the guest id rides in a header. */
  supportEvents: () => '/api/support/events',
  /** The player payment calls. */
  paymentProcess: (id: string) => `/api/payments/process/${enc(id)}`,
  paymentGet: (id: string) => `/api/payments/get/${enc(id)}`,
  /** Server-Sent Events, read with fetch: the token rides in the Authorization header. */
  paymentEvents: (id: string) => `/api/payments/events/${enc(id)}`,
  paymentSetPending: (id: string) => `/api/payments/set-pending/${enc(id)}`,
  paymentUpdateReceiptMail: () => '/api/payments/update-mail-to-receive-check',
  paymentYookassaCreate: (id: string) => `/api/payments/yookassa/create/${enc(id)}`,
  paymentYookassaModalClose: (id: string) => `/api/payments/yookassa/modal-close/${enc(id)}`,
  paymentStripeCreate: (id: string) => `/api/payments/stripe/create/${enc(id)}`,
  paymentStripeCancel: () => '/api/payments/stripe/cancellation-payment',
  paymentYandexPayCreate: () => '/api/payments/yandex-pay/create',
  paymentYandexPayWindowClose: () => '/api/payments/yandex-pay/window-close',
  paymentYandexPayCancel: () => '/api/payments/yandex-pay/cancel',
  paymentSandboxOrderComplete: () => '/api/payments/sandbox/order/complete',
  paymentSandboxComplete: (id: string) => `/api/payments/sandbox/${enc(id)}/complete`,
  /** Purchase history, payment help and receipts. */
  userPayments: (project?: string | null) =>
    project ? `/api/payments/get-user-payments?project=${enc(project)}` : '/api/payments/get-user-payments',
  userPayment: (id: string) => `/api/payments/get-user-payment?paymentId=${enc(id)}`,
  receiptLink: (id: string) => `/api/user/get-receipt-link?privatePaymentId=${enc(id)}`,
  sendLetterSupport: () => '/api/payments/send-letter-support',
  /** Outside sign-in in a new window: `state` is `{userAuthDataId}:{session}`. */
  passport: (provider: string, state: string) => `/passport/${enc(provider)}?state=${enc(state)}`,
} as const;

/** Static files served by the server or from `public/`. */
export const files = {
  locales: '/locales/{{lng}}/{{ns}}.json',
  logo: '/pages/logo.svg',
  favicon: '/pages/favicon.svg',
  mainImage: (name: 'profile' | 'guest' | 'support' | 'no-purchases') => `/main_images/${name}.svg`,
  priceLogo: (id: string, logoName: string) => `/prices/${enc(id)}/${enc(logoName)}`,
  /** A legal document in the ru or en variant (terms of use exists only in English). */
  legalDoc: (name: 'Contacts' | 'PublicOffer' | 'PrivacyPolicy' | 'PersonalData', lng: Language) =>
    `/docs/${lng === 'ru' ? 'Ru' : 'En'}${name}.html`,
  termsOfUse: () => '/docs/EnTermsOfUse.html',
  singleGameDoc: (name: 'TermsOfUse' | 'PrivacyPolicy' | 'ContentExemption' | 'Complaints') => `/docs/En${name}.html`,
  /** YooKassa's checkout widget script (loaded only for a real YooKassa payment). */
  yookassaWidget: 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js',
  /** The afterdark customer support chat (an outside link). */
  customerSupportChat: 'https://t.me/afterdark_support',
  supportEmail: 'support@gameportal.example',
  /** Where "No, I am under 18 years old" sends the visitor. */
  underAgeExit: 'https://www.google.com',
} as const;

/** Appends the interface language to a game frame URL (`?lang=ru` or `&lang=ru`). */
export function withLang(url: string, lng: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}lang=${enc(lng)}${hash}`;
}
