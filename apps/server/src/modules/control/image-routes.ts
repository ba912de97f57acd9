import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageSize } from 'image-size';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import {
  ZCatalogImage,
  ZCatalogImageQuery,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_MAX_PIXELS,
  CATALOG_IMAGE_MAX_SIDE,
  isOverPixelCap,
  CATALOG_IMAGE_PATH,
  CATALOG_IMAGE_RULES,
  catalogImageProblem,
  type CatalogImageKind,
} from '@portal/contracts/catalog-console';
import { acceptUpload } from '../../integrations/uploads/accept-upload.ts';
import { detectFileType } from '../../integrations/uploads/detect-file-type.ts';
import { UploadError } from '../../integrations/uploads/upload-error.ts';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';

export type CatalogImageRoutesOptions = { store: FileStore; auth: StaffAuth };

/**
 * The whole file (at most `maxBytes`, so memory stays bounded). A larger one is refused and
 * the rest of it drained, not destroyed, so the multipart parser can finish the request.
 */
async function readAll(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  let refusal: UploadError | null = null;
  try {
    for await (const chunk of source.iterator({ destroyOnReturn: false })) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      received += bytes.length;
      if (received > maxBytes) {
        refusal = UploadError.tooLarge(maxBytes);
        break;
      }
      chunks.push(bytes);
    }
  } catch (error) {
    const status = (error as { statusCode?: number } | null)?.statusCode;
    throw status === 413 ? UploadError.tooLarge(maxBytes) : UploadError.failed(error);
  }
  if (refusal) {
    source.on('error', () => undefined);
    setImmediate(() => source.resume());
    throw refusal;
  }
  return Buffer.concat(chunks, received);
}

const KIND_NAMES: Record<CatalogImageKind, string> = {
  cardLogo: 'A card logo',
  gameImage: 'A game picture',
  background: 'A page background',
  priceLogo: 'An item logo',
  ogImage: 'A link preview image',
  favicon: 'A tab icon',
  appleTouchIcon: 'A home screen icon',
  singleGameBackground: 'A single-game background',
  singleGameBackgroundSmall: 'A single-game background for small screens',
  singleGamePopup: 'An age check window',
  singleGamePopupSmall: 'An age check window for small screens',
  singleGameButton: 'An age check button',
  singleGameButtonSmall: 'An age check button for small screens',
};

/** The pixel size of an image as it is shown (a JPEG turned by its EXIF orientation counts turned). */
function pixelSize(bytes: Buffer): { width: number; height: number } {
  try {
    // A copy with its own memory: the reader looks past a view into Node's shared buffer pool.
    const size = imageSize(new Uint8Array(bytes));
    const turned = size.orientation !== undefined && size.orientation >= 5;
    if (!(size.width > 0 && size.height > 0)) throw new Error('no size');
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    throw new AppError('IMAGE_UNREADABLE', 400, 'The image is damaged: its pixel size cannot be read');
  }
}

/** Refuses an image whose pixel size does not fit where `kind` is shown; answers its size. */
export function checkImageSize(bytes: Buffer, kind: CatalogImageKind | undefined): { width: number; height: number } {
  const { width, height } = pixelSize(bytes);
  if (isOverPixelCap(width, height)) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      400,
      `An image is at most ${CATALOG_IMAGE_MAX_SIDE}×${CATALOG_IMAGE_MAX_SIDE} px and ${CATALOG_IMAGE_MAX_PIXELS / 1_000_000} megapixels; this image is ${width}×${height} px`,
    );
  }
  if (!kind) return { width, height };
  const rule = CATALOG_IMAGE_RULES[kind];
  const problem = catalogImageProblem(kind, width, height);
  if (problem === 'IMAGE_TOO_SMALL') {
    throw new AppError(
      problem,
      400,
      `${KIND_NAMES[kind]} must be at least ${rule.minWidth}×${rule.minHeight} px; this image is ${width}×${height} px`,
    );
  }
  if (problem === 'IMAGE_WRONG_SHAPE' && rule.ratio) {
    const percent = Math.round(rule.ratio.tolerance * 100);
    throw new AppError(
      problem,
      400,
      `${KIND_NAMES[kind]} must have the shape ${rule.ratio.width}:${rule.ratio.height} (within ${percent}%), e.g. ${rule.minWidth}×${rule.minHeight} px; this image is ${width}×${height} px`,
    );
  }
  return { width, height };
}

/**
 * Images of the catalogue (game cards, game pages, price logos, page icons): uploaded by
 * catalogue editors, checked by their content (PNG, JPEG, GIF or WebP; never SVG or anything
 * the declared type claims) and, when the upload names its `kind`, by their pixel size against
 * where the portal shows them (CATALOG_IMAGE_RULES), stored under a random name and served to
 * everyone. A name never changes its bytes, so browsers keep them for a year.
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
        description:
          'With `?kind=` the pixel size is checked too: 400 IMAGE_TOO_SMALL, IMAGE_WRONG_SHAPE or IMAGE_UNREADABLE name the size expected.',
        consumes: ['multipart/form-data'],
        querystring: ZCatalogImageQuery,
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
      const { kind } = request.query;
      // The pixel size can sit anywhere in the file (a JPEG's frame header follows its EXIF
      // data), so every image is read whole (at most CATALOG_IMAGE_MAX_BYTES) and its size checked
      // (the cap always, the kind's rules when it names one) before anything is stored.
      const bytes = await readAll(part.file, CATALOG_IMAGE_MAX_BYTES);
      const declared = part.mimetype.split(';')[0]!.trim().toLowerCase();
      const declaredOther = declared !== '' && !declared.startsWith('image/') && !declared.endsWith('/octet-stream');
      if (detectFileType(bytes)?.kind !== 'image' || declaredOther) throw UploadError.unsupported('image');
      const size = checkImageSize(bytes, kind);
      const source: Readable = Readable.from([bytes]);
      const stored = await acceptUpload(source, {
        allowed: 'image',
        declaredMime: part.mimetype,
        maxBytes: CATALOG_IMAGE_MAX_BYTES,
        store,
      });
      return reply.code(201).send({
        data: {
          fileName: stored.storedName,
          url: `${CATALOG_IMAGE_PATH}/${stored.storedName}`,
          size: stored.size,
          mime: stored.mime,
          ...size,
        },
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
