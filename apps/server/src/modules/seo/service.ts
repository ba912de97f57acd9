import { FALLBACK_LANGUAGE, PORTAL_LANGUAGES, isPortalLanguage, type PortalLanguage } from '@portal/contracts/languages';
import type { SERVER_PATH_PREFIXES } from '@portal/contracts/server-paths';
import type { GameRow, ProjectRow } from '../../db/schema.ts';
import type { CatalogCache } from '../control/catalog-cache.ts';
import type { CatalogSnapshot } from '../control/repository.ts';
import { knownHostNames, siteOrigin, type RequestSite } from '../../lib/site-origin.ts';

export type { RequestSite };

/**
 * What search engines read of the portal: `/sitemap.xml` (the public pages of the request's
 * host name) and `/robots.txt` (what not to crawl, and where that sitemap is). Both are built
 * from the catalogue snapshot the portal's own pages are read from, so an edit in the console
 * shows in the next answer.
 */

export type SeoServiceDeps = {
  cache: Pick<CatalogCache, 'snapshot'>;
  /** PUBLIC_URL's origin: the site named when the request's host name is none of the portal's. */
  publicOrigin: string;
  /** DEFAULT_PROJECT: the project of a host name no project lists (as the initial config resolves it). */
  defaultProject: string;
  /** robots.txt still answers (for PUBLIC_URL) while the catalogue cannot be read; this hears why. */
  onCatalogueError?: (error: unknown) => void;
};

/** The server's own areas (the API, sign-in redirects, the dev mailbox): names of the dev proxy's list. */
const SERVER_AREAS = ['/api', '/passport', '/local-oidc', '/dev'] as const satisfies readonly (typeof SERVER_PATH_PREFIXES)[number][];

/**
 * The web app's pages that are a player's own or one step of a flow: sign-in, registration and
 * recovery, payments and their results, support, purchases, the account, the loader pages and
 * the staff console. `apps/web/src/shared/paths.ts` (and the console's `/staff`) name them; a
 * test holds this list to those files. Everything else the web app serves is a public page
 * (the catalogue, game pages, price lists) or one of their files.
 */
export const PRIVATE_PAGE_PREFIXES = [
  '/staff',
  '/session',
  '/auth',
  '/payments',
  '/support',
  '/transactions',
  '/account',
  '/loader',
  '/unauthorized',
] as const;

/** Every path prefix robots.txt asks crawlers to leave alone. */
export const DISALLOWED_PREFIXES: readonly string[] = [...SERVER_AREAS, ...PRIVATE_PAGE_PREFIXES];

/** The portal page a visitor whose language is neither ru nor en gets (the web app's fallback). */
const DEFAULT_PAGE_LANGUAGE: PortalLanguage = isPortalLanguage(FALLBACK_LANGUAGE) ? FALLBACK_LANGUAGE : PORTAL_LANGUAGES[0];

const enc = encodeURIComponent;

/** The page paths, as the web app's router matches them. */
const pagePath = {
  catalogue: (lng: PortalLanguage) => `/games/${lng}/`,
  game: (lng: PortalLanguage, project: string) => `/games/${lng}/${enc(project)}/`,
  // The price list has no language in its path: the page speaks the visitor's (ru or en).
  // The address the price list keeps itself at (and the server renders it at).
  prices: (project: string) => `/prices/${enc(project)}?project=${enc(project)}`,
};

export type SitemapAlternate = { hreflang: string; href: string };
export type SitemapEntry = { loc: string; alternates: readonly SitemapAlternate[] };

// Characters XML 1.0 has no place for, even escaped (C0 controls but tab and newlines, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? '');
}

/** A sitemap with `xhtml:link` language alternates (the form search engines read hreflang from). */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      '  <url>',
      `    <loc>${escapeXml(entry.loc)}</loc>`,
      ...entry.alternates.map(
        (alternate) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
      ),
      '  </url>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: every public page open, the private areas closed, the host's sitemap named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const isArchived = (game: GameRow | undefined): boolean => game?.archived === true;

/**
 * A game page that opens, as the web app opens it: a catalogue project (not out of the
 * catalogue, not archived) whose game record has a page that is active and not in development.
 */
function isLiveGame(project: ProjectRow, game: GameRow | undefined): boolean {
  const page = game?.webPage;
  return !project.outOfCatalog && !isArchived(game) && page?.isActive === true && page.inDevelop !== true;
}

/** One page in each portal language, each naming all of them (and the default) as alternates. */
function inEachLanguage(origin: string, pathIn: (lng: PortalLanguage) => string): SitemapEntry[] {
  const alternates: SitemapAlternate[] = [
    ...PORTAL_LANGUAGES.map((lng) => ({ hreflang: lng, href: `${origin}${pathIn(lng)}` })),
    { hreflang: 'x-default', href: `${origin}${pathIn(DEFAULT_PAGE_LANGUAGE)}` },
  ];
  return PORTAL_LANGUAGES.map((lng) => ({ loc: `${origin}${pathIn(lng)}`, alternates }));
}

/**
 * The public pages of one host name. `/games/{lng}/` is the catalogue unless the host's
 * project (its host names, else DEFAULT_PROJECT, as the initial config resolves it) is out of
 * the catalogue: then it is that single game's page, and the host has no other public page.
 * Elsewhere: the catalogue, the page of every live game and the price list of each that has
 * items on sale. Archived games are on none of them.
 */
export function sitemapEntries(snapshot: CatalogSnapshot, origin: string, defaultProject: string): SitemapEntry[] {
  const hostname = new URL(origin).hostname;
  const project =
    snapshot.projects.find((candidate) => candidate.hostNames.includes(hostname)) ??
    snapshot.projects.find((candidate) => candidate.name === defaultProject);
  if (project?.outOfCatalog) {
    const shown = project.singleGameSettings && !isArchived(snapshot.games.get(project.name));
    return shown ? inEachLanguage(origin, pagePath.catalogue) : [];
  }
  const live = snapshot.projects.filter((candidate) => isLiveGame(candidate, snapshot.games.get(candidate.name)));
  return [
    ...inEachLanguage(origin, pagePath.catalogue),
    ...live.flatMap((game) => inEachLanguage(origin, (lng) => pagePath.game(lng, game.name))),
    ...live
      .filter((game) => (snapshot.prices.get(game.name) ?? []).some((price) => !price.archived))
      .map((game) => ({ loc: `${origin}${pagePath.prices(game.name)}`, alternates: [] })),
  ];
}

export function createSeoService({ cache, publicOrigin, defaultProject, onCatalogueError }: SeoServiceDeps) {
  return {
    async sitemap(request: RequestSite): Promise<string> {
      const snapshot = await cache.snapshot();
      const origin = siteOrigin(request, knownHostNames(snapshot?.projects ?? [], publicOrigin), publicOrigin);
      return sitemapXml(sitemapEntries(snapshot, origin, defaultProject));
    },

    async robots(request: RequestSite): Promise<string> {
      let snapshot: CatalogSnapshot | undefined;
      try {
        snapshot = await cache.snapshot();
      } catch (error) {
        onCatalogueError?.(error);
      }
      return robotsTxt(siteOrigin(request, knownHostNames(snapshot?.projects ?? [], publicOrigin), publicOrigin));
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
