import { HEADERS } from '@portal/contracts/http';
import { ApiError } from '@/shared/api/client';
import { setStaffToken, staffToken } from '../../api/staff-session';

/**
 * A staff CSV export fetched with the staff token in its header (a plain link could not carry
 * it) and saved under the server's file name through a Blob URL.
 */
export async function downloadStaffCsv(url: string, fallbackName: string): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = staffToken();
  if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
  const response = await fetch(url, { headers });
  if (!response.ok) {
    if (response.status === 401 && token) setStaffToken(null);
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(body.code ?? 'HTTP_ERROR', body.message ?? `HTTP ${response.status}`, response.status, body);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
}
