import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { staffHeaders } from './api';

/**
 * SUP's e2e helpers: a real PNG made here (the server checks the content), the player's
 * create-ticket form driven through the browser, and the staff side through its API.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG in one colour: `size`x`size` pixels, or `width`x`height`. */
export function makePng(size: number | { width: number; height: number }, rgb: [number, number, number] = [30, 160, 90]): Buffer {
  const { width, height } = typeof size === 'number' ? { width: size, height: size } : size;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Fills the create form: title, a description whose first word is typed in bold with the
 * toolbar, and optionally an image.
 */
export async function fillTicketForm(page: Page, options: { title: string; bold: string; rest: string; image?: Buffer }) {
  await page.getByLabel('Title').fill(options.title);
  const editor = page.getByRole('textbox', { name: 'Problem description' });
  await editor.click();
  const bold = page.getByRole('button', { name: 'Bold' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type(options.bold);
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(options.rest);
  if (options.image) {
    await page.getByLabel('Image').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: options.image });
  }
}

/** The staff answers a ticket through its API (multipart, like the staff console). */
export async function staffReplies(request: APIRequestContext, ticketId: string, html: string) {
  const response = await request.post(`/api/staff/tickets/${ticketId}/messages`, {
    headers: await staffHeaders(request),
    multipart: { data: JSON.stringify({ text: html }) },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function staffCloses(request: APIRequestContext, ticketId: string) {
  const response = await request.post(`/api/staff/tickets/${ticketId}/close`, { headers: await staffHeaders(request) });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The guest's tickets, asked with the Temp-User-Id the browser stored. */
export async function guestTickets(page: Page, request: APIRequestContext): Promise<unknown[]> {
  const tempUserId = await page.evaluate(() => localStorage.getItem('tempUserId'));
  expect(tempUserId).toBeTruthy();
  const response = await request.get('/api/support/get-tickets', { headers: { 'temp-user-id': tempUserId! } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: unknown[] }).data;
}

/** The ticket id of a chat URL. */
export const ticketIdOf = (url: string) => /\/support\/ticket\/([0-9a-f-]{36})/.exec(url)?.[1] ?? '';

/**
 * `bytes` of an MP4 as the server's sniffing sees one (an `ftyp` box with the isom brand)
 * whose media data is empty: it uploads like a real video but no player can decode it.
 */
export function undecodableMp4(bytes: number): Buffer {
  const file = Buffer.alloc(bytes);
  file.writeUInt32BE(24, 0);
  file.write('ftypisom', 4, 'ascii');
  file.writeUInt32BE(0x200, 12);
  file.write('isomiso2', 16, 'ascii');
  return file;
}
