import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Only the server's own user: the embedded database, keys, uploads and receipts are private. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** New files and folders get no group or other bits (0600 / 0700). */
export const PRIVATE_UMASK = 0o077;

/** What the server keeps in DATA_DIR; only these are walked (DATA_DIR may hold other things). */
export const DATA_DIR_ENTRIES = ['pgdata', 'keys', 'uploads', 'receipts'] as const;

/**
 * Makes DATA_DIR private at start: the folder itself 0700 (nobody else may even look in),
 * and what the server keeps there owner-only (files 0600, folders 0700), whatever an earlier
 * version or a copy left behind. Symbolic links are not followed. Answers how many entries
 * had to be tightened.
 */
export async function securePrivateTree(root: string, entries: readonly string[] = DATA_DIR_ENTRIES): Promise<number> {
  await mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  let fixed = 0;
  const visit = async (target: string): Promise<void> => {
    const stats = await lstat(target);
    if (stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    // Group and other bits off; the owner keeps what it needs (a folder must stay searchable).
    if ((stats.mode & 0o077) !== 0 || (stats.isDirectory() && (stats.mode & 0o700) !== 0o700)) {
      await chmod(target, wanted);
      fixed += 1;
    }
    if (stats.isDirectory()) {
      for (const name of await readdir(target)) await visit(path.join(target, name));
    }
  };
  const rootStats = await lstat(root);
  if ((rootStats.mode & 0o777) !== PRIVATE_DIR_MODE) {
    await chmod(root, PRIVATE_DIR_MODE);
    fixed += 1;
  }
  for (const name of entries) {
    const target = path.join(root, name);
    const exists = await lstat(target).then(
      () => true,
      () => false,
    );
    if (exists) await visit(target);
  }
  return fixed;
}
