/**
 * The server's render of the public pages (the catalogue, a game page, a single-game site and
 * a price list), built by `vite build --ssr` into `dist-ssr/` and called by the server's page
 * route (apps/server/src/plugins/page-render.ts). It runs the routes' loaders on React Router's
 * static handler, waits for the data they asked for, renders the same app the browser runs
 * with React's streaming renderer and returns the pieces of the page: its head, its markup and
 * the state the browser hydrates from (main.tsx), as JSON no browser executes.
 *
 * Renders run one at a time: the app keeps its query cache, language and page meta in
 * modules, as a browser page does, and each render starts them afresh. The server caches what
 * it renders, so a render is the rare path.
 */
import { StrictMode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { Writable } from 'node:stream';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, PORTAL_LANGUAGES, isPortalLanguage, type PortalLanguage } from '@portal/contracts/languages';
import type { TGameRecord, TInitialConfig, TSeoData, TSingleGameData } from '@portal/contracts/control';
import { queryClient } from '@/shared/api/query-client';
import { setServerFetch } from '@/shared/api/transport';
import { controlKeys } from '@/shared/api/query-keys';
import { initialConfigQueryOptions } from '@/shared/api/get-initial-config';
import { renderedPageMeta, resolvePageMeta, PAGE_TAG_ATTRIBUTE } from '@/shared/hooks/use-page-meta';
import { pickLocalized } from '@/shared/i18n/localized';
import { I18N_OPTIONS } from '@/shared/i18n/i18n';
import { assetUrl } from '@/shared/asset-url';
import { routes } from '@/shared/paths';
import { catalogueGames, gamesDataQueryOptions } from '@/features/catalogue/api/get-games-data';
import { gameDataQueryOptions } from '@/features/game/api/get-game-data';
import { singleGameDataQueryOptions } from '@/features/game/api/get-single-game-data';
import { canOpenGame } from '@/features/game/can-open-game';
import { AppProvider } from './app/provider';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { compactOptionalTails, routeTree } from './app/router';
import { PAGE_STATE_ID, type PageState } from './page-state';

export interface RenderRequest {
  /** The page's address as the browser asked for it (scheme, host, path, query). */
  url: string;
  /** Calls the product's API in process with the page request's host name. */
  fetch: typeof fetch;
  /** The interface language of a page whose path names none (the price list). */
  language: PortalLanguage;
  /** A language's translations (the web build's `locales/{lng}/translation.json`). */
  translations: (language: PortalLanguage) => Promise<Record<string, unknown>>;
}

export interface RenderedPage {
  /** `<html lang>`. */
  lang: PortalLanguage;
  /** The tags of the page's `<head>`: title, description, social cards, canonical, alternates, JSON-LD. */
  head: string;
  /** The markup inside `#root`. */
  root: string;
  /** Goes before `</body>`: the state the browser hydrates from. */
  tail: string;
}

/** Why a page was not rendered: the server sends the client's page (with `status`). */
export interface NotRendered {
  status: number;
  reason: string;
}

const handler = createStaticHandler(compactOptionalTails(routeTree));

let queue: Promise<unknown> = Promise.resolve();

/** Renders a page, one at a time (see the file's note). */
export function renderPage(request: RenderRequest): Promise<RenderedPage | NotRendered> {
  const next = queue.then(() => render(request));
  queue = next.catch(() => undefined);
  return next;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** JSON that stays text inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

let i18nStarted: Promise<unknown> | null = null;
/** The languages whose translations i18next holds (the server reads each file once). */
const added = new Set<PortalLanguage>();

/**
 * Switches the render to `lng` and returns the translations the page carries: its language's
 * and the fallback language's (which i18next reads for a missing text), so the browser asks for
 * none before it has taken the page over.
 */
async function speakLanguage(request: RenderRequest, lng: PortalLanguage): Promise<PageState['translations']> {
  i18nStarted ??= i18next.use(initReactI18next).init({ lng, ...I18N_OPTIONS, resources: {} });
  await i18nStarted;
  const carried: PageState['translations'] = {};
  for (const language of new Set([lng, FALLBACK_LANGUAGE as PortalLanguage])) {
    const translations = await request.translations(language);
    if (!added.has(language)) {
      i18next.addResourceBundle(language, 'translation', translations, true, true);
      added.add(language);
    }
    carried[language] = translations;
  }
  await i18next.changeLanguage(lng);
  return carried;
}

/** Waits until no query is loading (a loader's fetch may start another when it lands). */
async function settle(): Promise<void> {
  for (let round = 0; round < 10; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    const fetching = queryClient
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((query) => query.promise?.catch(() => undefined));
    if (fetching.length === 0) return;
    await Promise.all(fetching);
  }
}

/** The page's kind and language from its path, or null for a page the server does not render. */
function pageOf(url: URL, fallback: PortalLanguage): { kind: 'games' | 'game' | 'prices'; lng: PortalLanguage } | null {
  const segments = url.pathname.split('/');
  if (segments[1] === 'games') {
    const lng = segments[2];
    if (!isPortalLanguage(lng)) return null;
    if (segments.length === 4 && segments[3] === '') return { kind: 'games', lng };
    if (segments.length === 5 && segments[3] && segments[4] === '') return { kind: 'game', lng };
    return null;
  }
  if (segments[1] === 'prices' && segments.length === 3) return { kind: 'prices', lng: fallback };
  return null;
}

async function render(request: RenderRequest): Promise<RenderedPage | NotRendered> {
  const url = new URL(request.url);
  const page = pageOf(url, request.language);
  if (!page) return { status: 200, reason: 'not a rendered page' };
  queryClient.clear();
  renderedPageMeta.seo = undefined;
  setServerFetch(request.fetch);
  try {
    const translations = await speakLanguage(request, page.lng);
    const context = await handler.query(new Request(url.href));
    // A loader's redirect or a thrown answer: the client's page decides, as it does today.
    if (context instanceof Response) return { status: 200, reason: 'a loader answered' };
    await settle();
    // A game's page shows its own settings (the footer's documents) once it has drawn.
    const project =
      page.kind === 'game' ? gameName(url) : gamesConfig()?.mainData.outOfCatalog ? gamesConfig()?.mainData.projectName : undefined;
    if (project) await queryClient.prefetchQuery(initialConfigQueryOptions(project));
    // The loaders ask for most of a page's data; what a screen asks for itself as it renders
    // (the single-game site's game, a game's own settings) is loaded and the page drawn again.
    let root = '';
    for (let pass = 0; ; pass++) {
      const failure = failedQuery(url, page.kind);
      if (failure) return failure;
      root = await renderRoot(context);
      const missing = queryClient
        .getQueryCache()
        .findAll()
        .filter(
          (query) =>
            query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false && query.options.queryFn,
        );
      if (missing.length === 0) break;
      if (pass === 2) return { status: 200, reason: 'a screen kept asking for data' };
      await Promise.all(missing.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey })));
      await settle();
    }
    const config = gamesConfig();
    const state: PageState = {
      lng: page.lng,
      translations,
      queries: timeless(dehydrate(queryClient)),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    };
    return {
      lang: page.lng,
      head: headOf(url, page, config),
      root,
      tail: `<script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(state)}</script>`,
    };
  } finally {
    setServerFetch(null);
  }
}

/**
 * The cache without the render's clock: the same data makes the same bytes on every process
 * and every render, so a page's ETag changes only when its content does. The browser dates
 * the data when it hydrates (main.tsx).
 */
function timeless(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  };
}

/** A failed query or a game that cannot open: the client's page answers (404 for no such game). */
function failedQuery(url: URL, kind: 'games' | 'game' | 'prices'): NotRendered | null {
  const failed = queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.status === 'error');
  if (failed.length > 0) {
    const notFound = failed.some((query) => (query.state.error as { status?: number } | null)?.status === 404);
    return { status: notFound ? 404 : 200, reason: 'a query failed' };
  }
  if (kind === 'game' && !canOpenGame(queryClient.getQueryData<TGameRecord>(gameDataQueryOptions(gameName(url)).queryKey))) {
    // Unknown, inactive or in development: the client's page sends the player to the catalogue.
    return { status: 404, reason: 'no such game' };
  }
  return null;
}

const gamesConfig = () => queryClient.getQueryData<TInitialConfig>(controlKeys.initialConfig(null));

const gameName = (url: URL) => decodeURIComponent(url.pathname.split('/')[3] ?? '');

function renderRoot(context: StaticHandlerContext): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context);
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <AppProvider>
          <Suspense fallback={<FullScreenLoader />}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Suspense>
        </AppProvider>
      </StrictMode>,
      {
        // The whole page at once: crawlers and link previews read the HTML as it arrives.
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
      },
    );
  });
}

/** The tags of the page's head, every value escaped. */
function headOf(url: URL, page: { kind: 'games' | 'game' | 'prices'; lng: PortalLanguage }, config: TInitialConfig | undefined): string {
  const origin = url.origin;
  const meta = resolvePageMeta(renderedPageMeta.seo, url.href);
  const tag = (name: string, attributes: Record<string, string>) =>
    `<${name} ${Object.entries(attributes)
      .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
      .join(' ')}>`;
  const path = url.pathname;
  const pageTag = { [PAGE_TAG_ATTRIBUTE]: path };
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('meta', { name: 'description', content: meta.description }),
    tag('meta', { name: 'keywords', content: meta.keywords }),
    tag('link', { rel: 'icon', href: meta.faviconImage }),
    tag('link', { rel: 'apple-touch-icon', href: meta.appleTouchImage }),
    tag('meta', { property: 'og:url', content: meta.ogUrl }),
    tag('meta', { property: 'og:type', content: meta.ogType }),
    tag('meta', { property: 'og:title', content: meta.ogTitle }),
    tag('meta', { property: 'og:description', content: meta.ogDescription }),
    tag('meta', { property: 'og:image', content: meta.ogImage }),
    tag('meta', { property: 'og:site_name', content: meta.ogSiteName }),
    tag('meta', { property: 'og:locale', content: page.lng === 'ru' ? 'ru_RU' : 'en_US' }),
    tag('meta', { name: 'twitter:card', content: 'summary_large_image' }),
    tag('meta', { name: 'twitter:title', content: meta.ogTitle }),
    tag('meta', { name: 'twitter:description', content: meta.ogDescription }),
    tag('meta', { name: 'twitter:image', content: meta.ogImage }),
  ];
  if (page.kind === 'prices') {
    const project = url.pathname.split('/')[2] ?? '';
    tags.push(tag('link', { rel: 'canonical', href: `${origin}${routes.prices.getHref(decodeURIComponent(project))}`, ...pageTag }));
  } else {
    // The same page in each portal language; x-default: the fallback language's.
    const inLanguage = (lng: PortalLanguage) => `${origin}${path.replace(/^\/games\/[^/]+\//, `/games/${lng}/`)}`;
    tags.push(tag('link', { rel: 'canonical', href: inLanguage(page.lng), ...pageTag }));
    for (const lng of PORTAL_LANGUAGES) tags.push(tag('link', { rel: 'alternate', hreflang: lng, href: inLanguage(lng), ...pageTag }));
    tags.push(tag('link', { rel: 'alternate', hreflang: 'x-default', href: inLanguage(FALLBACK_LANGUAGE as PortalLanguage), ...pageTag }));
  }
  const structured = structuredData(url, page, config, meta);
  if (structured)
    tags.push(`<script type="application/ld+json" ${PAGE_TAG_ATTRIBUTE}="${escapeHtml(path)}">${scriptJson(structured)}</script>`);
  return tags.join('');
}

/** JSON-LD: a `VideoGame` for a game's page, an `ItemList` of the games for the catalogue. */
function structuredData(
  url: URL,
  page: { kind: 'games' | 'game' | 'prices'; lng: PortalLanguage },
  config: TInitialConfig | undefined,
  meta: TSeoData,
): object | null {
  const absolute = (address: string | undefined) => (address ? new URL(assetUrl(address) ?? address, url.origin).href : undefined);
  const videoGame = (game: TGameRecord, href: string) => {
    const text = pickLocalized(game.localization, page.lng);
    return {
      '@type': 'VideoGame',
      name: text?.name || game.mainData.projectName || game.project,
      ...(text?.fullDescription && { description: text.fullDescription }),
      url: href,
      ...(game.web_page?.gameImage && { image: absolute(game.web_page.gameImage) }),
      gamePlatform: 'Web browser',
      applicationCategory: 'Game',
      inLanguage: page.lng,
    };
  };
  if (page.kind === 'game') {
    const game = queryClient.getQueryData<TGameRecord>(gameDataQueryOptions(gameName(url)).queryKey);
    return game ? { '@context': 'https://schema.org', ...videoGame(game, meta.ogUrl) } : null;
  }
  if (page.kind !== 'games') return null;
  if (config?.mainData.outOfCatalog) {
    const single = queryClient.getQueryData<TSingleGameData>(singleGameDataQueryOptions(config.mainData.projectName).queryKey);
    return single ? { '@context': 'https://schema.org', '@type': 'VideoGame', name: meta.title, url: meta.ogUrl } : null;
  }
  const games = catalogueGames(queryClient.getQueryData<TGameRecord[]>(gamesDataQueryOptions().queryKey));
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: meta.title,
    itemListElement: games.map((game, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: `${url.origin}${routes.game.getHref(page.lng, game.project)}`,
      name: pickLocalized(game.localization, page.lng)?.name || game.mainData.projectName || game.project,
    })),
  };
}
