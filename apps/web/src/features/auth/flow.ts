import { setRequestContext } from '@/shared/api/client';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';

/**
 * The values a host hands to the sign-in screens in the path
 * (`/session/login/:session/:source/:locale/:project/:jwt`). They are kept for this tab so
 * that the e-mail, registration and recovery screens (which carry only session and source)
 * finish the same flow.
 */
export interface AuthFlow {
  session: string | null;
  source: string | null;
  locale: string | null;
  project: string | null;
}

const FLOW_KEY = 'portalAuthFlow';
const EMPTY: AuthFlow = { session: null, source: null, locale: null, project: null };
/** The flow of this page when the browser blocks sessionStorage (a host's frame on another site). */
let memoryFlow: string | null = null;

/** `-` stands for an empty segment before a filled one (`/session/login/-/web`). */
export const segment = (value: string | undefined): string | null => (value && value !== '-' ? value : null);

export function readFlow(): AuthFlow {
  try {
    let raw: string | null;
    try {
      raw = window.sessionStorage.getItem(FLOW_KEY);
    } catch {
      raw = memoryFlow;
    }
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<AuthFlow>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

function writeFlow(flow: AuthFlow): void {
  try {
    window.sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
  } catch {
    // Storage blocked: the flow lives in this page's memory (SPA navigation keeps it).
    memoryFlow = JSON.stringify(flow);
  }
}

/**
 * Merges what the path says into the tab's flow. A screen opened without a session starts a
 * plain portal sign-in (no host to answer).
 */
export function adoptFlow(params: Partial<Record<keyof AuthFlow, string | undefined>>): AuthFlow {
  const session = segment(params.session);
  const previous = readFlow();
  const flow: AuthFlow = session
    ? {
        session,
        source: segment(params.source) ?? (previous.session === session ? previous.source : null),
        locale: segment(params.locale) ?? (previous.session === session ? previous.locale : null),
        project: segment(params.project) ?? (previous.session === session ? previous.project : null),
      }
    : EMPTY;
  writeFlow(flow);
  if (flow.session) storage.set(STORAGE_KEYS.session, flow.session);
  setRequestContext({ source: flow.source, locale: flow.locale, project: flow.project });
  return flow;
}
