/**
 * The `fetch` the product's API calls go through: the browser's own, or, while the server
 * renders a page (entry-server.tsx), one that hands the call to the server in process with
 * the page request's host name.
 */
let serverFetch: typeof fetch | null = null;

export const apiFetch: typeof fetch = (input, init) => (serverFetch ?? fetch)(input, init);

/** Set by the server renderer for one render at a time; `null` restores the browser's fetch. */
export function setServerFetch(next: typeof fetch | null): void {
  serverFetch = next;
}
