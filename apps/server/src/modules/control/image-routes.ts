import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZCatalogImage, CATALOG_IMAGE_MAX_BYTES, CATALOG_IMAGE_PATH } from '@portal/contracts/catalog-console';
import { acceptUpload } from '../../integrations/uploads/accept-upload.ts';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';

export type CatalogImageRoutesOptions = { store: FileStore; auth: StaffAuth };

/**
 * Images of the catalogue (game cards, game pages, price logos): uploaded by catalogue editors,
 * checked by their content (PNG, JPEG, GIF or WebP; never SVG or anything the declared type
 * claims), stored under a random name and served to everyone. A name never changes its bytes,
 * so browsers keep them for a year.
 */
export const catalogImageRoutes: FastifyPluginAsyncZod<CatalogImageRoutesOptions> = async (app, { store, auth }) => {
  await app.register(multipart, { limits: { fileSize: CATALOG_IMAGE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/api/staff/catalog/images',
    {
      preHandler: auth.requireStaff('catalog'),
      schema: {
        tags: ['staff catalogue'],
        summary: 'Upload a catalogue image (multipart field `image`); answers the address to put in a record',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ data: ZCatalogImage }),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          413: ZApiError,
          415: ZApiError,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Expected multipart/form-data');
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch (error) {
        // The parser's own failures on a broken body (no boundary, a wrong one) are the client's.
        const status = (error as { statusCode?: number } | null)?.statusCode;
        if (!(error instanceof AppError) && (status === undefined || status >= 500)) {
          throw new AppError('UPLOAD_FAILED', 400, 'The multipart body is malformed or was cut off');
        }
        throw error;
      }
      if (!part) throw new AppError('VALIDATION_ERROR', 400, 'image: a file is required');
      if (part.fieldname !== 'image') {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', 400, `Unexpected file field "${part.fieldname}"`);
      }
      const stored = await acceptUpload(part.file, {
        allowed: 'image',
        declaredMime: part.mimetype,
        maxBytes: CATALOG_IMAGE_MAX_BYTES,
        store,
      });
      return reply.code(201).send({
        data: { fileName: stored.storedName, url: `${CATALOG_IMAGE_PATH}/${stored.storedName}`, size: stored.size, mime: stored.mime },
      });
    },
  );

  app.get(`${CATALOG_IMAGE_PATH}/:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = await store.open(name);
    if (!file) throw new AppError('NOT_FOUND', 404, 'Image not found');
    return reply
      .type(file.mime)
      .header('content-length', String(file.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
};
