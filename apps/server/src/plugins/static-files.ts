import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchRoutes } from 'react-router';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { ApiErrorBody } from '@portal/contracts/errors';
import { FALLBACK_LANGUAGE, isLanguage, isPortalLanguage, normalizeLanguage, type Language } from '@portal/contracts/languages';
import { PAGE_PRELOADS_FILE, isServerPath, isWebFilePath, type PagePreload } from '@portal/contracts/server-paths';
import { AppError } from '../lib/app-error.ts';
import { createPageRenderer, isRenderedPath, sendRenderedPage } from './page-render.ts';

const YEAR = 'public, max-age=31536000, immutable';

/** Cache rules of the built SPA: hashed bundles forever, translations briefly, the shell never. */
function spaCacheControl(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return YEAR;
  if (relativePath.startsWith('locales/')) return 'public, max-age=300';
  // The web app's own files that keep their names across releases (the web manifest).
  if (relativePath.startsWith('static_files/')) return 'public, max-age=86400';
  if (relativePath === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The interface language a page will most likely ask translations for: the path's language
 * segment (`/games/en/...`), else the browser's first language the portal speaks. The catalogue,
 * game and prices pages speak ru or en only. A guess: a visitor with a saved choice loads that.
 */
export function likelyPageLanguage(pathname: string, acceptLanguage: string | undefined): Language {
  const segments = pathname.split('/').filter(Boolean);
  const portal = segments[0] === 'games' || segments[0] === 'prices';
  const fromPath = segments[1]?.toLowerCase();
  if (portal ? isPortalLanguage(fromPath) : isLanguage(fromPath)) return fromPath as Language;
  const browser = normalizeLanguage(acceptLanguage?.split(/[,;]/)[0]);
  if (portal) return isPortalLanguage(browser) ? browser : FALLBACK_LANGUAGE;
  return browser ?? FALLBACK_LANGUAGE;
}

/** Page paths whose preload links are kept. */
const KNOWN_PATHS = 1000;

const ZPagePreloads = z.array(z.object({ path: z.string(), js: z.array(z.string()), css: z.array(z.string()) }));

/** The web build's list of each page's code (none when the build wrote none or a broken one). */
export function readPagePreloads(dist: string): PagePreload[] {
  const file = path.join(dist, PAGE_PRELOADS_FILE);
  try {
    return ZPagePreloads.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return [];
  }
}

/**
 * For a page path, the `Link` entries for its code, matched as the browser's router matches
 * it: its chunks as module preloads, their stylesheets as style preloads. The routes and the
 * entries are made once, when the list is read.
 */
export function pagePreloadLinks(pages: PagePreload[]): (pathname: string) => string[] {
  const pageRoutes = pages.map((page, index) => ({ path: page.path, id: String(index) }));
  // Anonymous CORS, as the app's own loader asks for them, so the preloaded files are the ones it uses.
  const links = pages.map((page) => [
    ...page.js.map((file) => `<${file}>; rel=modulepreload; crossorigin=anonymous`),
    ...page.css.map((file) => `<${file}>; rel=preload; as=style; crossorigin=anonymous`),
  ]);
  // React Router ranks every route's forms on each match (the optional segments' combinations):
  // the answer for a path is kept (the most recent paths, a bounded number).
  const known = new Map<string, string[]>();
  return (pathname) => {
    let found = known.get(pathname);
    if (found) return found;
    const matches = matchRoutes(pageRoutes, pathname);
    const id = matches?.[matches.length - 1]?.route.id;
    found = (id === undefined ? undefined : links[Number(id)]) ?? [];
    if (known.size >= KNOWN_PATHS) known.delete(known.keys().next().value!);
    known.set(pathname, found);
    return found;
  };
}

// Letters only, so no name can climb out of the folder; the documents share one stylesheet.
const ZDocParams = z.object({
  name: z.string().regex(/^[A-Za-z]+\.(html|css)$/, 'must be a document name like EnPublicOffer.html'),
});

/**
 * Files: the built SPA (WEB_DIST_DIR) with its client-route fallback, the legal documents,
 * images and the demo games from apps/server/assets. Uploaded files come later (checked
 * by content, not by name), so nothing here serves user data.
 */
export const staticFilesPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const assets = config.ASSETS_DIR;
    const dist = config.WEB_DIST_DIR;

    // The first instance decorates `reply.sendFile`, used by the routes below.
    await app.register(fastifyStatic, {
      root: path.join(assets, 'images'),
      prefix: '/images/',
      maxAge: '1d',
    });

    // The demo games are the demo's stand-ins: never served in production.
    const gamesDir = path.join(assets, 'games');
    if (config.standIns && existsSync(gamesDir)) {
      await app.register(fastifyStatic, {
        root: gamesDir,
        prefix: '/demo-games/',
        decorateReply: false,
        // Demo games change with the build; an hour keeps a replay fast without going stale for long.
        maxAge: '1h',
      });
    }

    // Demo games load the SDK from here, as a game on another origin would from a CDN.
    if (existsSync(config.SDK_DIST_DIR)) {
      await app.register(fastifyStatic, {
        root: config.SDK_DIST_DIR,
        prefix: '/sdk/',
        decorateReply: false,
        maxAge: '1h',
      });
    }

    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/docs/:name', { schema: { hide: true, params: ZDocParams } }, async (request, reply) =>
        reply.sendFile(request.params.name, path.join(assets, 'docs'), { maxAge: '1h' }),
      );

    const webBuilt = existsSync(path.join(dist, 'index.html'));
    const pageLinks = pagePreloadLinks(webBuilt ? readPagePreloads(dist) : []);
    if (webBuilt) {
      await app.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        decorateReply: false,
        index: false,
        // Directories (and `/`) are client routes: let them fall through to index.html.
        allowedPath: (pathName) => !pathName.endsWith('/'),
        // Serves dist/**/*.br or .gz when the web build made them, else the file as is.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', spaCacheControl(path.relative(dist, filePath).split(path.sep).join('/')));
        },
      });
    } else {
      app.log.warn({ dist }, 'web app is not built: pages answer 503 until `npm run build -w apps/web`');
    }

    // The public pages (catalogue, game, price list) arrive rendered: the web build's server
    // render, beside dist/ in dist-ssr/.
    const renderer = webBuilt
      ? await createPageRenderer({
          app,
          dist,
          ssrDir: path.join(path.dirname(dist), 'dist-ssr'),
          catalogue: () => app.catalogCache.snapshot(),
          publicOrigin: config.publicOrigin,
          log: app.log,
        })
      : null;

    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      // A client route is a page whatever the request accepts (`curl /games/en/` sends */*), as a
      // static host answers it; a missing file (a name with an extension) stays a 404 unless a
      // browser asks for a page. Without a web build only a browser hears "not built yet".
      const pathname = request.url.split('?')[0] ?? '';
      const isFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        ((request.headers.accept ?? '').includes('text/html') || (!isFile && webBuilt)) &&
        !isServerPath(pathname) &&
        !isWebFilePath(pathname);
      if (!wantsPage) {
        throw new AppError('NOT_FOUND', 404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
      }
      if (!webBuilt) {
        return reply.code(503).send({ code: 'WEB_NOT_BUILT', message: 'The web app is not built yet' } satisfies ApiErrorBody);
      }
      // Client routes (/games/en/, /prices/...) are rendered by the SPA. Its translations and
      // the screen's code are fetched as soon as the page arrives instead of after the scripts
      // ran (hints only).
      let status = 200;
      if (renderer && isRenderedPath(pathname)) {
        const rendered = await renderer.render(request, pathname, request.url.slice(pathname.length));
        if ('page' in rendered) {
          // The screen's code, fetched beside the HTML: the page is taken over as soon as it can be.
          const links = pageLinks(pathname);
          if (links.length > 0) reply.header('link', links.join(', '));
          return sendRenderedPage(request, reply, rendered);
        }
        status = rendered.status;
      }
      reply.code(status);
      reply.header('cache-control', 'no-cache');
      const language = likelyPageLanguage(pathname, request.headers['accept-language']);
      reply.header(
        'link',
        [`</locales/${language}/translation.json>; rel=preload; as=fetch; crossorigin=anonymous`, ...pageLinks(pathname)].join(', '),
      );
      return reply.sendFile('index.html', dist, { cacheControl: false });
    };
    app.setNotFoundHandler(sendPage);
    // The public pages go straight to their answer: no file of the build is looked for first.
    for (const url of ['/games/*', '/prices/*']) {
      app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: sendPage });
    }
  },
  { name: 'static-files' },
);
