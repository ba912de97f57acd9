import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SUPPORT_MULTIPART_FIELDS, UPLOAD_LIMITS, type TUploadKind } from '@portal/contracts/support';
import { AppError } from '../../lib/app-error.ts';
import { NUL_MESSAGE, nulCharacterPath } from '../../lib/nul-text.ts';
import { acceptUpload } from '../../integrations/uploads/accept-upload.ts';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import type { MessageFiles } from './service.ts';
import type { UploadGuard } from './upload-quota.ts';

/** Limits of @fastify/multipart itself: its file cap sits above ours so our 413 answers first. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.video.maxBytes + 1,
  files: 2,
  fields: 4,
  fieldSize: 512 * 1024,
  parts: 6,
};

const badRequest = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

/**
 * Reads a support multipart body: the `data` JSON field (checked against `schema`) and the
 * optional `image` and `video` files, each streamed through acceptUpload (content check,
 * size limit) into the store. The guard admits the first file before any of its bytes is
 * stored (disk watermark, quota left) and counts the stored bytes at the end (quota passed).
 * On any failure the files stored so far are removed, so a refused request leaves nothing.
 */
export async function readSupportMultipart<T extends z.ZodType>(
  request: FastifyRequest,
  store: FileStore,
  schema: T,
  guard?: UploadGuard,
): Promise<{ data: z.infer<T>; files: MessageFiles }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Expected multipart/form-data');
  }
  const files: MessageFiles = {};
  let bytes = 0;
  let raw: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const kind = part.fieldname as TUploadKind;
        if (kind !== SUPPORT_MULTIPART_FIELDS.image && kind !== SUPPORT_MULTIPART_FIELDS.video) {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname}"`);
        }
        const key = kind === 'image' ? 'imageName' : 'videoName';
        if (files[key]) {
          part.file.resume();
          throw badRequest(`Only one ${kind} per message`);
        }
        if (!files.imageName && !files.videoName && guard) {
          // Before the first byte of a file is stored; a message without files is never held up.
          try {
            await guard.admit();
          } catch (error) {
            part.file.resume();
            throw error;
          }
        }
        const accepted = await acceptUpload(part.file, {
          allowed: kind,
          declaredMime: part.mimetype,
          maxBytes: UPLOAD_LIMITS[kind].maxBytes,
          store,
        });
        files[key] = accepted.storedName;
        bytes += accepted.size;
      } else if (part.fieldname === SUPPORT_MULTIPART_FIELDS.data) {
        if (part.valueTruncated) throw badRequest('data: too long');
        raw = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
    if (raw === undefined) throw badRequest('data: is required');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw badRequest('data: must be JSON');
    }
    const nul = nulCharacterPath(json);
    if (nul !== undefined) throw badRequest(`data${nul.replaceAll('/', '.')}: ${NUL_MESSAGE}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`data.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is invalid'}`);
    }
    await guard?.record(bytes);
    return { data: parsed.data, files };
  } catch (error) {
    for (const name of [files.imageName, files.videoName]) if (name) await store.remove(name).catch(() => undefined);
    // The parser's own failures on a broken body (no status of their own) are the client's.
    const status = (error as { statusCode?: number } | null)?.statusCode;
    if (!(error instanceof AppError) && (status === undefined || status >= 500)) {
      throw new AppError('UPLOAD_FAILED', 400, 'The multipart body is malformed or was cut off');
    }
    throw error;
  }
}
