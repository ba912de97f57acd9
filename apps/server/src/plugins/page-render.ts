import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPortalLanguage, type PortalLanguage } from '@portal/contracts/languages';
import { CachedJson, preferredEncoding } from '../lib/cached-json.ts';
import { knownHostNames, siteOrigin } from '../lib/site-origin.ts';

/** The web build's server render (apps/web/src/entry-server.tsx), as the server calls it. */
interface RenderRequest {
  url: string;
  fetch: typeof fetch;
  language: PortalLanguage;
  translations: (language: PortalLanguage) => Promise<Record<string, unknown>>;
}
interface RenderedPage {
  lang: PortalLanguage;
  head: string;
  root: string;
  tail: string;
}
interface NotRendered {
  status: number;
  reason: string;
}
interface RenderModule {
  renderPage(request: RenderRequest): Promise<RenderedPage | NotRendered>;
}

/** The paths the server renders: the catalogue (or a host's single game), a game page, a price list. */
const RENDERED_PATH = /^\/(games\/(ru|en)\/([^/]+\/)?|prices\/[^/]+)$/;

export const isRenderedPath = (pathname: string) => RENDERED_PATH.test(pathname);

/** Pages kept per catalogue version; beyond this many the oldest leaves (every host name is a key). */
const CACHED_PAGES = 500;
/** Renders waiting their turn; past this many a page is sent unrendered at once. */
const WAITING_RENDERS = 16;

export interface RenderedAnswer {
  /** The page's HTML, its ETag and compressed copies made once. */
  page: CachedJson;
  /** Whether the page depends on `Accept-Language` (a price list's path names no language). */
  byLanguage: boolean;
}

export interface PageRenderer {
  /** The rendered page, or the status to send the client's page with (404: no such game). */
  render(request: FastifyRequest, pathname: string, search: string): Promise<RenderedAnswer | { status: number }>;
}

/**
 * The server side of the rendered pages: loads the web build's render, calls it with the
 * product's API in process, fills the built index.html with what it returns, and keeps the
 * result per host name, path and language until the catalogue changes (`version()`, the
 * catalogue snapshot, changes on every process when any of them edits the catalogue).
 * Anything that fails is the client's page, never a 5xx.
 */
export async function createPageRenderer(options: {
  app: FastifyInstance;
  dist: string;
  ssrDir: string;
  /** The catalogue snapshot: a new one is a new catalogue version. */
  catalogue: () => Promise<{ projects: readonly { hostNames: readonly string[] }[] }>;
  /** PUBLIC_URL's origin: the site of a request whose host name is none of the portal's. */
  publicOrigin: string;
  log: FastifyBaseLogger;
}): Promise<PageRenderer | null> {
  const { app, dist, ssrDir, catalogue, publicOrigin, log } = options;
  const entry = path.join(ssrDir, 'entry-server.js');
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(entry) || !existsSync(indexFile)) {
    log.warn({ ssrDir }, 'the web build has no server render: public pages are sent as the client renders them');
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as RenderModule;
  const template = pageTemplate(readFileSync(indexFile, 'utf8'));
  const stylesheets = pageStylesheets(dist);

  const translations = new Map<PortalLanguage, Promise<Record<string, unknown>>>();
  const readTranslations = (language: PortalLanguage) => {
    let loaded = translations.get(language);
    if (!loaded) {
      loaded = readFile(path.join(dist, 'locales', language, 'translation.json'), 'utf8').then(
        (text) => JSON.parse(text) as Record<string, unknown>,
      );
      loaded.catch(() => translations.delete(language));
      translations.set(language, loaded);
    }
    return loaded;
  };

  const pages = new WeakMap<object, Map<string, Promise<RenderedAnswer | { status: number }>>>();
  let waiting = 0;

  const renderOnce = async (origin: string, pathname: string, search: string, language: PortalLanguage) => {
    const host = new URL(origin).host;
    // The API as the page's browser would call it, with the site's host name (which names the
    // project of a single-game site); in process, with no cookies or tokens: the page is the
    // same for every visitor.
    const inProcess: typeof fetch = async (input, init) => {
      const target = new URL(String(input), origin);
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const answer = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { ...headers, host },
      });
      return new Response(answer.rawPayload, { status: answer.statusCode, headers: { 'content-type': 'application/json' } });
    };
    const rendered = await module.renderPage({
      url: `${origin}${pathname}${search}`,
      fetch: inProcess,
      language,
      translations: readTranslations,
    });
    if ('status' in rendered) return { status: rendered.status };
    const html = template({ ...rendered, stylesheets: stylesheets(pathname) });
    return { page: new CachedJson(html), byLanguage: pathname.startsWith('/prices/') };
  };

  return {
    async render(request, pathname, search) {
      // The page is rendered for its address as the browser has it (the app reads some of its
      // query: a price list its project, a host its values); a long query is not worth a render.
      if (search.length > MAX_SEARCH) return { status: 200 };
      // A price list is drawn only at its own address (`/prices/p?project=p`): the app moves others there.
      if (pathname.startsWith('/prices/') && new URLSearchParams(search).get('project') !== safeDecode(pathname.slice('/prices/'.length)))
        return { status: 200 };
      const language = pageLanguage(pathname, request.headers['accept-language']);
      let forVersion: Map<string, Promise<RenderedAnswer | { status: number }>>;
      let origin: string;
      try {
        const current = await catalogue();
        forVersion = pages.get(current) ?? new Map();
        pages.set(current, forVersion);
        // A host name that is none of the portal's is PUBLIC_URL's: never echoed into a page.
        origin = siteOrigin(request, knownHostNames(current.projects, publicOrigin), publicOrigin);
      } catch {
        return { status: 200 };
      }
      const key = `${origin}${pathname}${search}|${language}`;
      const cached = forVersion.get(key);
      if (cached) {
        // Most recently used last: the oldest leaves first.
        forVersion.delete(key);
        forVersion.set(key, cached);
        return cached;
      }
      if (waiting >= WAITING_RENDERS) return { status: 200 };
      waiting += 1;
      const rendering = renderOnce(origin, pathname, search, language)
        .catch((error: unknown) => {
          log.warn({ err: error, path: pathname }, 'a page could not be rendered: the client renders it');
          // A failure is not kept: the next request tries again.
          forVersion.delete(key);
          return { status: 200 };
        })
        .finally(() => {
          waiting -= 1;
        });
      forVersion.set(key, rendering);
      if (forVersion.size > CACHED_PAGES) forVersion.delete(forVersion.keys().next().value!);
      return rendering;
    },
  };
}

/** The longest query string a rendered page may carry. */
const MAX_SEARCH = 512;

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The page's language: the path's (`/games/ru/...`), else the browser's first portal language. */
function pageLanguage(pathname: string, acceptLanguage: string | undefined): PortalLanguage {
  const fromPath = pathname.split('/')[2];
  if (pathname.startsWith('/games/') && isPortalLanguage(fromPath)) return fromPath;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isPortalLanguage(code)) return code;
  }
  return 'en';
}

/**
 * The built index.html with a page's parts in it: `<html lang>`, the head's tags (its own
 * title, description and icons leave), the page's stylesheets, the markup in `#root`, and the
 * state before `</body>`.
 */
export function pageTemplate(index: string) {
  const bare = index
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace(/<link rel="(icon|apple-touch-icon)"[^>]*>/g, '');
  const [beforeRoot, afterRoot] = bare.split('<div id="root"></div>');
  if (afterRoot === undefined) throw new Error('index.html has no <div id="root"></div>');
  return (page: RenderedPage & { stylesheets: string[] }) => {
    const links = page.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
    return (
      beforeRoot!.replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`).replace('</head>', `${page.head}${links}</head>`) +
      // Controls wait for the app (main.tsx removes the mark once React answers them).
      `<div id="root" data-hydrating>${page.root}</div>` +
      afterRoot.replace('</body>', `${page.tail}</body>`)
    );
  };
}

/**
 * The stylesheets of a rendered page's screens (the build's page list): in the head, so the
 * markup is drawn styled before any script runs.
 */
function pageStylesheets(dist: string): (pathname: string) => string[] {
  let css: Record<string, string[]> = {};
  try {
    const pages = JSON.parse(readFileSync(path.join(dist, '.vite', 'page-preloads.json'), 'utf8')) as { path: string; css: string[] }[];
    css = Object.fromEntries(pages.map((page) => [page.path, page.css]));
  } catch {
    /* no list: the scripts load them */
  }
  const catalogue = css['/games/:lng/'] ?? [];
  const game = css['/games/:lng/:projectName/'] ?? [];
  const prices = css['/prices/:project?'] ?? [];
  return (pathname) => {
    if (pathname.startsWith('/prices/')) return prices;
    // `/games/:lng/` is the catalogue, or on a single game's host that game's page.
    return pathname.split('/').length === 4 ? [...new Set([...catalogue, ...game])] : game;
  };
}

/** Sends a rendered page: 304 when the ETag matches, else its bytes (compressed when accepted). */
export async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer): Promise<FastifyReply> {
  const { page } = answer;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  // Browsers ask again each time (a 304 when unchanged); a CDN may keep it a minute.
  reply.header('cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=60');
  reply.header('vary', answer.byLanguage ? 'accept-encoding, accept-language' : 'accept-encoding');
  reply.header('etag', page.etagFor(encoding));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && page.matches(ifNoneMatch)) return reply.code(304).send();
  reply.header('content-type', 'text/html; charset=utf-8');
  if (request.method === 'HEAD') return reply.send();
  if (encoding) {
    reply.header('content-encoding', encoding);
    return reply.send(await page.compressed(encoding));
  }
  return reply.send(page.body);
}
