/**
 * Where the server answers itself, by path prefix; every other path belongs to the web app
 * (a client route, or a file of its build). The server's page fallback and the Vite dev
 * server's proxy both read this list, so a new server area is proxied in development too.
 * Zod-free: the Vite config and the server load it.
 */
export const SERVER_PATH_PREFIXES = [
  '/api',
  '/docs',
  '/images',
  '/catalog-images',
  '/demo-games',
  '/health',
  '/.well-known',
  '/passport',
  '/local-oidc',
  '/sdk',
  '/dev',
  '/sitemap.xml',
  '/robots.txt',
  // Prometheus metrics live on their own listener: here, a 404 of the server's, never a page.
  '/metrics',
] as const;

/** A price list's logo, `/prices/{id}/{logoName}`: the server's, while `/prices/{project}` is a page. */
export const PRICE_LOGO_PATH = /^\/prices\/[^/]+\/[^/]+\.[a-z0-9]+$/i;

/** Folders of the web build served as files: a miss there is a 404, never the page. */
export const WEB_FILE_PREFIXES = ['/assets', '/locales', '/static_files', '/main_images', '/pages'] as const;

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether the server answers `pathname` itself (its routes, not the web app's pages). */
export const isServerPath = (pathname: string): boolean =>
  SERVER_PATH_PREFIXES.some((prefix) => under(pathname, prefix)) || PRICE_LOGO_PATH.test(pathname);

/** Whether `pathname` is a file of the web build. */
export const isWebFilePath = (pathname: string): boolean => WEB_FILE_PREFIXES.some((prefix) => under(pathname, prefix));

/**
 * Written by the web build beside its manifest: for each page whose code loads by route, the
 * route pattern and the files that code needs beyond index.html's. The server names them in
 * the page's answer (`Link: rel=modulepreload`).
 */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/** One page of that list: paths of its code chunks and of their stylesheets. */
export interface PagePreload {
  path: string;
  js: string[];
  css: string[];
}
