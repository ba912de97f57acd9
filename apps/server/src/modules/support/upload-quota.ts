import { statfs } from 'node:fs/promises';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadLedger } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Ledger rows are kept a day past the quota window, then pruned. */
export const LEDGER_KEPT_MS = 2 * DAY_MS;
/** How long a client is asked to wait while the disk is nearly full. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 600;

/** Free bytes on the volume that holds `directory` (for the unprivileged user). */
export type FreeDiskBytes = (directory: string) => Promise<number>;

export const statfsFreeBytes: FreeDiskBytes = async (directory) => {
  const stats = await statfs(directory);
  return stats.bavail * stats.bsize;
};

export interface UploadQuotaOptions {
  /** Bytes per owner (player or guest) in 24 hours; 0: no quota. */
  ownerBytesDay: number;
  /** Bytes per client address in 24 hours; 0: no quota. */
  addressBytesDay: number;
  /** Uploads stop while the data volume has less free space; 0: no check. */
  minFreeBytes: number;
  /** The directory whose volume holds the attachments (DATA_DIR). */
  dataDir: string;
  freeBytes?: FreeDiskBytes;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

/** What one upload request is checked against: `admit` before its body is read, `record` once its files are stored. */
export interface UploadGuard {
  admit(): Promise<void>;
  /** Counts the stored bytes; throws (counting nothing) when they pass a quota. */
  record(bytes: number): Promise<void>;
}

const storageFull = () =>
  new AppError('STORAGE_FULL', 503, 'The server is short of disk space; uploads are paused, try again later', {
    retryAfter: STORAGE_FULL_RETRY_AFTER_SECONDS,
  });

/**
 * Daily upload quotas per owner and per client address, over the `upload_ledger` table so every
 * server process counts the same bytes, and a free-disk watermark on the data volume.
 */
export function createUploadQuota(db: Db, options: UploadQuotaOptions) {
  const now = options.now ?? Date.now;
  const freeBytes = options.freeBytes ?? statfsFreeBytes;

  async function assertDiskRoom(): Promise<void> {
    if (options.minFreeBytes <= 0) return;
    let free: number;
    try {
      free = await freeBytes(options.dataDir);
    } catch (error) {
      // A volume that cannot be read is not the client's fault: the write itself will tell.
      options.log?.warn({ err: error }, 'could not read the free space of the data volume');
      return;
    }
    if (free < options.minFreeBytes) throw storageFull();
  }

  /** Bytes counted for one key over the last 24 hours, and when the oldest of them leaves the window. */
  async function usage(where: SQL | undefined): Promise<{ bytes: number; freesAt: number }> {
    const [row] = await db
      .select({
        bytes: sql<number>`coalesce(sum(${uploadLedger.bytes}), 0)::float8`,
        oldest: sql<Date | string | null>`min(${uploadLedger.createdAt})`,
      })
      .from(uploadLedger)
      .where(and(where, gt(uploadLedger.createdAt, new Date(now() - DAY_MS))));
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : now();
    return { bytes: Number(row?.bytes ?? 0), freesAt: oldest + DAY_MS };
  }

  /**
   * Refuses with 429 when an owner's or an address's bytes of the last 24 hours pass its cap
   * (`reached`: already at the cap, before an upload; `passed`: over it, with the upload counted).
   */
  async function assertWithin(ownerKey: string, address: string, refuseWhen: 'reached' | 'passed'): Promise<void> {
    const checks = [
      { cap: options.ownerBytesDay, where: eq(uploadLedger.ownerKey, ownerKey), what: 'your uploads' },
      { cap: options.addressBytesDay, where: eq(uploadLedger.address, address), what: 'uploads from your network address' },
    ];
    for (const { cap, where, what } of checks) {
      if (cap <= 0) continue;
      const used = await usage(where);
      if (refuseWhen === 'reached' ? used.bytes >= cap : used.bytes > cap) {
        throw new AppError('UPLOAD_QUOTA_EXCEEDED', 429, `The daily upload allowance for ${what} is used up; try again later`, {
          retryAfter: Math.max(60, Math.ceil((used.freesAt - now()) / 1000)),
        });
      }
    }
  }

  const counting = options.ownerBytesDay > 0 || options.addressBytesDay > 0;

  return {
    /** The checks of a player's or guest's upload (`ownerKey`: `user:<id>` or `guest:<id>`). */
    guard(ownerKey: string, address: string): UploadGuard {
      return {
        async admit() {
          await assertDiskRoom();
          if (counting) await assertWithin(ownerKey, address, 'reached');
        },
        async record(bytes) {
          if (bytes <= 0 || !counting) return;
          // Counted first, then checked with itself included: of two uploads racing past a
          // quota, neither slips through on the other's not yet counted bytes.
          const [row] = await db
            .insert(uploadLedger)
            .values({ ownerKey, address, bytes, createdAt: new Date(now()) })
            .returning({ id: uploadLedger.id });
          try {
            await assertWithin(ownerKey, address, 'passed');
          } catch (error) {
            if (row) await db.delete(uploadLedger).where(eq(uploadLedger.id, row.id));
            throw error;
          }
        },
      };
    },

    /** Staff replies: the disk watermark only. */
    staffGuard(): UploadGuard {
      return { admit: assertDiskRoom, record: async () => undefined };
    },

    /** Drops ledger rows past the window (and a day more). */
    async sweep(): Promise<void> {
      await db.delete(uploadLedger).where(lt(uploadLedger.createdAt, new Date(now() - LEDGER_KEPT_MS)));
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
