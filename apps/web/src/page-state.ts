import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { PortalLanguage } from '@portal/contracts/languages';

/** The `<script type="application/json">` a server-rendered page carries its state in. */
export const PAGE_STATE_ID = 'page-state';

/**
 * On `#root` of a page the server rendered until React takes it over: its controls take no
 * press before a script can answer it (links work without one). app/styles.css.
 */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';

/** What a server-rendered page hands the browser to hydrate from (entry-server.tsx, main.tsx). */
export interface PageState {
  /** The language the page was rendered in. */
  lng: PortalLanguage;
  /** That language's translations and the fallback language's: the page asks for none before its first render. */
  translations: Partial<Record<PortalLanguage, Record<string, unknown>>>;
  /** TanStack Query's cache as the render left it. */
  queries: DehydratedState;
  /** React Router's loader data. */
  router: HydrationState;
}

/** The page's state when the server rendered it, else null (a client-rendered page). */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}
