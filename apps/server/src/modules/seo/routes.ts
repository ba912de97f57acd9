import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSeoService, type SeoServiceDeps } from './service.ts';

export type SeoRoutesOptions = Omit<SeoServiceDeps, 'onCatalogueError'>;

/** Crawlers read them often and a catalogue edit may wait this long to reach one. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * `GET /sitemap.xml` and `GET /robots.txt` for the request's host name. Routes of their own, so
 * the web app's page fallback never answers them; pages and files, not an API (no OpenAPI entry).
 */
export const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = async (app, options) => {
  const service = createSeoService({
    ...options,
    onCatalogueError: (error) =>
      app.log.warn({ err: error }, "robots.txt: the catalogue cannot be read; PUBLIC_URL's is the only host name known"),
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(await service.sitemap(request)),
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(await service.robots(request)),
  );
};
