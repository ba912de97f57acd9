/** Where a request came from, as Fastify reads it (X-Forwarded-* only from trusted proxies, TRUST_PROXY). */
export type RequestSite = { protocol: string | undefined; host: string; hostname: string };

/** The host names the portal answers as its own: PUBLIC_URL's and those the projects list. */
export function knownHostNames(projects: readonly { hostNames: readonly string[] }[], publicOrigin: string): Set<string> {
  const names = new Set([new URL(publicOrigin).hostname]);
  for (const project of projects) for (const name of project.hostNames) names.add(name.toLowerCase());
  return names;
}

/**
 * The origin a request's absolute URLs are written on: its own scheme and host when the host
 * name is one of the portal's, else PUBLIC_URL's, so a made-up Host header is never echoed into
 * the answer. A deployment on https (PUBLIC_URL) is https on each of its host names, also when
 * its proxy does not say so.
 */
export function siteOrigin(request: RequestSite, known: ReadonlySet<string>, publicOrigin: string): string {
  const hostname = request.hostname.toLowerCase();
  const port = request.host.slice(request.hostname.length);
  if (!known.has(hostname) || !/^(:\d{1,5})?$/.test(port)) return publicOrigin;
  const scheme = request.protocol === 'https' || publicOrigin.startsWith('https:') ? 'https' : 'http';
  try {
    // The URL parser drops a default port and refuses one out of range.
    return new URL(`${scheme}://${hostname}${port}`).origin;
  } catch {
    return publicOrigin;
  }
}
