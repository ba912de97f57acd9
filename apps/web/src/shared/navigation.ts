/**
 * Navigation for code outside React (the api client's 401 reaction). The app registers the
 * router's navigate; without one (tests, before the router starts) the page is loaded.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigate(next: Navigate | null): void {
  navigateImpl = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
