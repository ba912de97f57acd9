import type { ResultKind } from '@portal/contracts/message-types';

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

const PAYMENT_SCREENS = new Set(['process', 'stripe', 'yookassa', 'yandex-pay']);

/** The variant and host values of a path, or null for portal pages (catalogue, games, ...). */
export function embedContextOf(pathname: string, search = ''): EmbedContext | null {
  const parts = pathname.split('/').filter(Boolean);
  const query = new URLSearchParams(search);
  const base = {
    session: query.get('session'),
    source: query.get('source'),
    locale: query.get('locale'),
    project: query.get('project'),
    paymentId: null,
  };
  const [first, second, third] = parts;
  if (first === 'session' && second === 'login' && third === 'email') {
    return { ...base, variant: 'auth', session: value(parts[3]) ?? base.session, source: value(parts[4]) ?? base.source };
  }
  if (first === 'session' && second === 'login') {
    return {
      ...base,
      variant: 'auth',
      session: value(parts[2]) ?? base.session,
      source: value(parts[3]) ?? base.source,
      locale: value(parts[4]) ?? base.locale,
      project: value(parts[5]) ?? base.project,
    };
  }
  if ((first === 'session' && second === 'registration') || (first === 'auth' && second === 'recovery-password')) {
    return { ...base, variant: 'auth', session: value(parts[2]) ?? base.session, source: value(parts[3]) ?? base.source };
  }
  if (first === 'payments' && second && PAYMENT_SCREENS.has(second)) {
    return {
      ...base,
      variant: 'payments',
      paymentId: value(parts[2]) ?? query.get('id'),
      source: value(parts[3]) ?? base.source,
      locale: value(parts[4]) ?? base.locale,
      project: value(parts[5]) ?? base.project,
    };
  }
  if (first === 'transactions') return { ...base, variant: second === 'help' ? 'transactionHelper' : 'transactions' };
  if (first === 'support' && second === 'tickets') return { ...base, variant: 'ticketList' };
  if (first === 'support' && second === 'ticket' && third === 'create') {
    return { ...base, variant: parts[3] === '1' || query.get('first') === '1' ? 'firstTicketCreate' : 'ticketCreate' };
  }
  if (first === 'support' && second === 'ticket') return { ...base, variant: 'ticketItem' };
  if (first === 'prices') return { ...base, variant: 'prices', project: value(parts[1]) ?? base.project };
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

const LOADER_ONLY = /^\/(?:session\/loginDone|payments\/done|support\/done|unauthorized)(?:\/|$)|^\/loader\/?$/;

/** The loader-only pages (results for the host, the post-401 target): no header at all. */
export const isLoaderOnlyPath = (pathname: string): boolean => LOADER_ONLY.test(pathname);

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
