import { ApiError, buildHeaders } from '@/shared/api/client';
import { SUPPORT_MULTIPART_FIELDS } from '@portal/contracts/support-constants';

export interface Attachments {
  image?: File | null;
  video?: File | null;
}

/** Bytes sent so far out of the total, while a multipart body uploads. */
export type UploadProgress = (sent: number, total: number) => void;

/** The multipart body of create-ticket and send-message: `data` JSON, then the files. */
export function supportFormData(data: object, files: Attachments): FormData {
  const form = new FormData();
  form.append(SUPPORT_MULTIPART_FIELDS.data, JSON.stringify(data));
  if (files.image) form.append(SUPPORT_MULTIPART_FIELDS.image, files.image, files.image.name);
  if (files.video) form.append(SUPPORT_MULTIPART_FIELDS.video, files.video, files.video.name);
  return form;
}

/**
 * POSTs a multipart body with XMLHttpRequest (fetch cannot report upload progress) and
 * reads the answer as the API client does: `{ data }`, else ApiError with `{ code, message }`.
 */
export function postMultipart<T>(url: string, body: FormData, onProgress?: UploadProgress, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // The browser sets the multipart Content-Type with its boundary.
    buildHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    xhr.addEventListener('error', () => reject(new ApiError('NETWORK_ERROR', 'Network error', 0)));
    xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    xhr.addEventListener('load', () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      const body = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
      if (xhr.status < 200 || xhr.status >= 300) {
        if (typeof body.code === 'string' && typeof body.message === 'string') {
          reject(new ApiError(body.code, body.message, xhr.status, body));
        } else {
          reject(new ApiError('HTTP_ERROR', xhr.statusText || `HTTP ${xhr.status}`, xhr.status));
        }
        return;
      }
      if (!('data' in body)) {
        reject(new ApiError('BAD_RESPONSE', 'The answer has no data', xhr.status));
        return;
      }
      resolve(body.data as T);
    });
    xhr.send(body);
  });
}
