import { chmod, mkdir, mkdtemp, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { securePrivateTree } from './private-files.ts';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('securePrivateTree', () => {
  it('makes DATA_DIR 0700 and what the server keeps there 0600/0700, leaving other things alone', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'portal-private-'));
    await chmod(root, 0o755);
    await mkdir(path.join(root, 'pgdata', 'base'), { recursive: true, mode: 0o777 });
    await chmod(path.join(root, 'pgdata', 'base'), 0o777);
    await writeFile(path.join(root, 'pgdata', 'base', '1234'), 'rows', { mode: 0o666 });
    await chmod(path.join(root, 'pgdata', 'base', '1234'), 0o666);
    await mkdir(path.join(root, 'uploads'), { mode: 0o755 });
    await writeFile(path.join(root, 'uploads', 'a.png'), 'png');
    await chmod(path.join(root, 'uploads', 'a.png'), 0o644);
    await mkdir(path.join(root, 'receipts'));
    await writeFile(path.join(root, 'receipts', 'r.pdf'), '%PDF');
    await chmod(path.join(root, 'receipts', 'r.pdf'), 0o604);
    await mkdir(path.join(root, 'keys'));
    await writeFile(path.join(root, 'keys', 'jwt-private.jwk'), '{}', { mode: 0o600 });
    await writeFile(path.join(root, 'notes.txt'), 'not ours');
    await chmod(path.join(root, 'notes.txt'), 0o644);
    const outside = path.join(await mkdtemp(path.join(tmpdir(), 'portal-outside-')), 'shared.txt');
    await writeFile(outside, 'x');
    await chmod(outside, 0o644);
    await symlink(outside, path.join(root, 'uploads', 'link'));

    const fixed = await securePrivateTree(root);
    // DATA_DIR, pgdata, base, 1234, uploads, a.png, receipts, r.pdf, keys
    expect(fixed).toBe(9);
    expect(await modeOf(root)).toBe(0o700);
    expect(await modeOf(path.join(root, 'pgdata'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'pgdata', 'base'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'pgdata', 'base', '1234'))).toBe(0o600);
    expect(await modeOf(path.join(root, 'uploads', 'a.png'))).toBe(0o600);
    expect(await modeOf(path.join(root, 'receipts', 'r.pdf'))).toBe(0o600);
    expect(await modeOf(path.join(root, 'keys', 'jwt-private.jwk'))).toBe(0o600);
    // not the server's: left as it was (DATA_DIR 0700 already keeps others out of it)
    expect(await modeOf(path.join(root, 'notes.txt'))).toBe(0o644);
    // a link is not followed out of DATA_DIR
    expect(await modeOf(outside)).toBe(0o644);
    // a second start finds nothing to fix
    expect(await securePrivateTree(root)).toBe(0);
  });

  it('creates a missing DATA_DIR private', async () => {
    const root = path.join(await mkdtemp(path.join(tmpdir(), 'portal-private-')), 'data');
    await securePrivateTree(root);
    expect(await modeOf(root)).toBe(0o700);
  });
});
