import { describe, expect, it } from 'vitest';
import { createFileLinks, LINK_WINDOW_MS, type LinkViewer } from './file-links.ts';

const links = createFileLinks('a-test-key-of-sixteen+');
const NAME = `${'a'.repeat(32)}.png`;
const player: LinkViewer = { kind: 'user', userId: 'u1' };
const guest: LinkViewer = { kind: 'guest', tempUserId: '0e8f3c4a-1111-4222-8333-444455556666' };
const tokenOf = (path: string) => path.split('?t=')[1];
const NOW = Date.UTC(2026, 0, 1, 12, 3);

describe('support file links', () => {
  it('are stable within a 10-minute window and valid 10 to 20 minutes', () => {
    const path = links.path(NAME, player, NOW);
    expect(path).toMatch(new RegExp(`^/api/support/files/${NAME}\\?t=\\d+\\.[\\w-]{43}$`));
    expect(links.path(NAME, player, NOW + 6 * 60_000)).toBe(path);
    expect(links.path(NAME, player, NOW + 7 * 60_000)).not.toBe(path);
    const token = tokenOf(path);
    expect(links.verify(NAME, token, [player, 'staff'], NOW)).toBe(true);
    expect(links.verify(NAME, token, [player], NOW + 2 * LINK_WINDOW_MS - 3 * 60_000 - 1)).toBe(true);
    expect(links.verify(NAME, token, [player], NOW + 2 * LINK_WINDOW_MS - 3 * 60_000 + 1)).toBe(false);
  });

  it('are bound to the file and the viewer they were made for', () => {
    const token = tokenOf(links.path(NAME, player, NOW));
    expect(links.verify(`${'b'.repeat(32)}.png`, token, [player, 'staff'], NOW)).toBe(false);
    expect(links.verify(NAME, token, [{ kind: 'user', userId: 'u2' }, 'staff'], NOW)).toBe(false);
    expect(links.verify(NAME, token, [guest, 'staff'], NOW)).toBe(false);
    const staff = tokenOf(links.path(NAME, 'staff', NOW));
    expect(links.verify(NAME, staff, [player], NOW)).toBe(false);
    expect(links.verify(NAME, staff, [player, 'staff'], NOW)).toBe(true);
    expect(links.verify(NAME, tokenOf(links.path(NAME, guest, NOW)), [guest], NOW)).toBe(true);
  });

  it('refuse forged, malformed, missing and far-future tokens, and other keys', () => {
    const token = tokenOf(links.path(NAME, player, NOW))!;
    const [expiry, mac] = token.split('.') as [string, string];
    expect(links.verify(NAME, `${Number(expiry) + LINK_WINDOW_MS}.${mac}`, [player], NOW)).toBe(false);
    expect(links.verify(NAME, `${expiry}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, [player], NOW)).toBe(false);
    expect(links.verify(NAME, undefined, [player], NOW)).toBe(false);
    expect(links.verify(NAME, 'nonsense', [player], NOW)).toBe(false);
    expect(links.verify(NAME, token, [], NOW)).toBe(false);
    const far = tokenOf(links.path(NAME, player, NOW + 60 * 60_000));
    expect(links.verify(NAME, far, [player], NOW)).toBe(false);
    expect(createFileLinks('another-key-of-sixteen').verify(NAME, token, [player], NOW)).toBe(false);
  });
});
