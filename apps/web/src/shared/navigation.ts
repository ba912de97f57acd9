/**
 * Navigation for code outside React (the api client's 401 reaction). The app registers the
 * router's navigate; without one (tests, before the router starts) the page is loaded.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let navigateImpl: Navigate | null = null;

export function setNavigate(next: Navigate | null): void {
  navigateImpl = next;
}

/** Settles once the router has arrived (or at once when the page is loaded instead). */
export async function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  if (navigateImpl) await navigateImpl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
