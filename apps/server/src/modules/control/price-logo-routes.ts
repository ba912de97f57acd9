import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import { parseStoredName } from '../../integrations/uploads/stored-name.ts';
import type { ControlRepository } from './repository.ts';

export type PriceLogoRoutesOptions = {
  repository: ControlRepository;
  pricesDir: string;
  /** logos uploaded through the console (their names are the store's) */
  images?: FileStore;
};

/** Price ids and logo names are plain tokens; anything else (dots, slashes) never reaches the disk. */
const ZParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  logoName: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.(svg|png|webp|jpg)$/),
});

/**
 * `GET /prices/:id/:logoName` (the prices page): the logo of one price.
 * The file name must be the one stored on that price, so the route cannot be used to
 * probe the folder. Logos change only with a new name, hence the long cache.
 */
export const priceLogoRoutes: FastifyPluginAsyncZod<PriceLogoRoutesOptions> = async (app, options) => {
  app.get('/prices/:id/:logoName', { schema: { hide: true } }, async (request, reply) => {
    // Not a schema: `/prices/familytown/` (a page) matches this route with an empty name
    // and must reach the SPA fallback, not a 400.
    const params = ZParams.safeParse(request.params);
    if (!params.success) return reply.callNotFound();
    const { id, logoName } = params.data;
    const price = await options.repository.findPrice(id);
    if (!price || price.logoName !== logoName) {
      throw new AppError('NOT_FOUND', 404, 'Price logo not found');
    }
    const uploaded = options.images && parseStoredName(logoName) ? await options.images.open(logoName) : null;
    if (uploaded) {
      return reply
        .type(uploaded.mime)
        .header('content-length', String(uploaded.size))
        .header('cache-control', 'public, max-age=2592000')
        .send(uploaded.stream);
    }
    return reply.sendFile(path.basename(logoName), options.pricesDir, {
      maxAge: '30d',
      immutable: false,
      cacheControl: true,
    });
  });
};
