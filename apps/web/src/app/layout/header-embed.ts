import type { ResultKind } from '@portal/contracts/message-types';
import { isAt, routes } from '@/shared/paths';

/**
 * The header of the service screens embedded in a host game: which
 * variant a path is, and the host values it carries (session, source, locale, project, id).
 */
export type HeaderVariant =
  | 'auth'
  | 'payments'
  | 'transactions'
  | 'transactionHelper'
  | 'ticketList'
  | 'firstTicketCreate'
  | 'ticketCreate'
  | 'ticketItem'
  | 'prices';

export interface EmbedContext {
  variant: HeaderVariant;
  session: string | null;
  source: string | null;
  locale: string | null;
  project: string | null;
  /** The payment of a payments screen. */
  paymentId: string | null;
}

/** `-` stands for an empty path segment before a filled one. */
const value = (segment: string | undefined): string | null => {
  if (!segment || segment === '-') return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

const PAYMENT_SCREENS = [routes.paymentsProcess, routes.paymentsStripe, routes.paymentsYookassa, routes.paymentsYandexPay];

/** The variant and host values of a path, or null for portal pages (catalogue, games, ...). */
export function embedContextOf(pathname: string, search = ''): EmbedContext | null {
  const query = new URLSearchParams(search);
  const base = {
    session: query.get('session'),
    source: query.get('source'),
    locale: query.get('locale'),
    project: query.get('project'),
    paymentId: null,
  };
  // More segments may follow a screen's own (a host's extra values): `end: false`.
  const at = (route: { path: string }) => isAt(route, pathname, false)?.params ?? null;
  // `/session/login/email` is also `/session/login/:session`: the e-mail screen first.
  const email = at(routes.loginEmail);
  if (email) return { ...base, variant: 'auth', session: value(email.session) ?? base.session, source: value(email.source) ?? base.source };
  const login = at(routes.login);
  if (login) {
    return {
      ...base,
      variant: 'auth',
      session: value(login.session) ?? base.session,
      source: value(login.source) ?? base.source,
      locale: value(login.locale) ?? base.locale,
      project: value(login.project) ?? base.project,
    };
  }
  const form = at(routes.registration) ?? at(routes.recoveryPassword);
  if (form) return { ...base, variant: 'auth', session: value(form.session) ?? base.session, source: value(form.source) ?? base.source };
  for (const screen of PAYMENT_SCREENS) {
    const payment = at(screen);
    if (!payment) continue;
    return {
      ...base,
      variant: 'payments',
      paymentId: value(payment.id) ?? query.get('id'),
      source: value(payment.source) ?? base.source,
      locale: value(payment.locale) ?? base.locale,
      project: value(payment.project) ?? base.project,
    };
  }
  if (at(routes.transactionsHelp)) return { ...base, variant: 'transactionHelper' };
  if (at(routes.transactions)) return { ...base, variant: 'transactions' };
  if (at(routes.supportTickets)) return { ...base, variant: 'ticketList' };
  const create = at(routes.supportTicketCreate);
  if (create) return { ...base, variant: create.first === '1' || query.get('first') === '1' ? 'firstTicketCreate' : 'ticketCreate' };
  if (at(routes.supportTicket)) return { ...base, variant: 'ticketItem' };
  const prices = at(routes.prices);
  if (prices) return { ...base, variant: 'prices', project: value(prices.project) ?? base.project };
  return null;
}

/**
 * Whether the service header replaces the portal's: inside a host's frame, in a host's flow
 * (a session or a source in the path), and always on the payment screens (they are opened by
 * a game, never from the portal's own pages).
 */
export function isEmbedded(context: EmbedContext | null, framed: boolean): context is EmbedContext {
  if (!context) return false;
  return framed || context.variant === 'payments' || context.session !== null || context.source !== null;
}

/** Toasts close after 2 s on the portal and after 5 s on the service screens a host embeds. */
export const PORTAL_TOAST_MS = 2000;
export const SERVICE_TOAST_MS = 5000;

export function toastDurationOf(pathname: string, search: string, framed: boolean): number {
  return isEmbedded(embedContextOf(pathname, search), framed) ? SERVICE_TOAST_MS : PORTAL_TOAST_MS;
}

const LOADER_ONLY = [routes.loginDone, routes.paymentsDone, routes.supportDone, routes.unauthorized];

/** The loader-only pages (results for the host, the post-401 target): no header at all. */
export const isLoaderOnlyPath = (pathname: string): boolean =>
  LOADER_ONLY.some((route) => isAt(route, pathname, false)) || isAt(routes.loader, pathname) !== null;

/**
 * A page under the portal's own header (catalogue, games, and history, support, account and
 * sign-in when no host embeds them): it speaks ru or en only. The service screens a host
 * embeds, and the header-less result pages, keep all ten languages.
 */
export const isPortalPage = (pathname: string, search: string, framed: boolean): boolean =>
  !isLoaderOnlyPath(pathname) && !isEmbedded(embedContextOf(pathname, search), framed);

/** What the close button does once confirmed. */
export type CloseAction =
  | { kind: 'result'; resultKind: ResultKind; errorCode: 1011 | 4000 | 5000 }
  /** transactions, transactionHelper and prices: back to the start page (or the modal closes) */
  | { kind: 'home' };

export function closeActionOf(variant: HeaderVariant): CloseAction {
  switch (variant) {
    case 'auth':
      return { kind: 'result', resultKind: 'auth', errorCode: 1011 };
    case 'payments':
      return { kind: 'result', resultKind: 'payment', errorCode: 4000 };
    case 'ticketList':
    case 'firstTicketCreate':
    case 'ticketCreate':
    case 'ticketItem':
      return { kind: 'result', resultKind: 'support', errorCode: 5000 };
    default:
      return { kind: 'home' };
  }
}

/** The question the close button asks (translation keys). */
export const closeQuestionKey = (variant: HeaderVariant): 'payment.cancelConfirm' | 'header.closeConfirmGame' =>
  variant === 'payments' ? 'payment.cancelConfirm' : 'header.closeConfirmGame';

/** The heading of each variant (translation keys). */
export const VARIANT_TITLE_KEYS = {
  auth: 'login.title',
  payments: 'payment.title',
  transactions: 'transactions.title',
  transactionHelper: 'transactions.helpTitle',
  ticketList: 'support.ticketsTitle',
  firstTicketCreate: 'embed.firstTicketTitle',
  ticketCreate: 'support.createTitle',
  ticketItem: 'support.ticketTitle',
  prices: 'prices.title',
} as const satisfies Record<HeaderVariant, string>;

/**
 * The window name of the frame in which the portal shows its own sign-in screens (the game
 * host's login modal). A frame's name lasts across its navigations, so every screen in it
 * knows it is there: its header close is then the modal's only close.
 */
export const PORTAL_LOGIN_FRAME_NAME = 'portal-login-modal';

/** This window is the portal's own login-modal frame: named so, framed by this same origin. */
export function inPortalLoginFrame(win: Window = window): boolean {
  try {
    return win.name === PORTAL_LOGIN_FRAME_NAME && win.parent !== win && win.parent.location.origin === win.location.origin;
  } catch {
    // A cross-origin parent cannot be read: not the portal's own modal.
    return false;
  }
}
