import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import { LocalFileStore } from '../../integrations/uploads/local-file-store.ts';
import { S3FileStore } from '../../integrations/uploads/s3-file-store.ts';
import type { S3Bucket } from '../../integrations/storage/s3-bucket.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import { createSupportEventBus, type SupportEventBus } from './events.ts';
import { createFileLinks, type FileLinks } from './file-links.ts';
import { createSupportRepository } from './repository.ts';
import { createSupportService, type RecentPayments, type SupportService } from './service.ts';
import { SseHub } from '../../lib/sse/sse-hub.ts';
import { createUploadQuota, type FreeDiskBytes, type UploadQuota } from './upload-quota.ts';
import type { StreamSlots } from '../../lib/stream-slots.ts';

/** How often ledger rows past the quota window are pruned. */
const LEDGER_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface Support {
  service: SupportService;
  store: FileStore;
  links: FileLinks;
  bus: SupportEventBus;
  hub: SseHub;
  quota: UploadQuota;
  close(): Promise<void>;
}

/** Builds support from config: file store (DATA_DIR or the S3 bucket), signed file links, the live-update bus. */
export async function createSupport(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  options: {
    recentPayments?: RecentPayments;
    heartbeatMs?: number;
    /** Caps on open event streams, shared with the other hubs of the app. */
    streamSlots?: StreamSlots;
    /** Reads the data volume's free space (tests set it; statfs otherwise). */
    freeDiskBytes?: FreeDiskBytes;
    /** The S3 bucket of attachments; null or unset: DATA_DIR/uploads. */
    bucket?: S3Bucket | null;
  } = {},
): Promise<Support> {
  let store: FileStore;
  if (options.bucket) {
    // A crashed process's unfinished multipart uploads are the bucket's to expire (a lifecycle
    // rule, see docs/deploy.md): they are never visible as objects.
    store = new S3FileStore(options.bucket);
  } else {
    const local = new LocalFileStore({ dataDir: config.DATA_DIR });
    // Partial uploads a crashed process left behind.
    await local.sweepTemp().catch((error: unknown) => log.warn({ err: error }, 'could not sweep partial uploads'));
    store = local;
  }
  const links = createFileLinks(await loadOrCreateSecret(config.DATA_DIR, 'support-file-key', config.SUPPORT_FILE_KEY));
  const bus = await createSupportEventBus(database, log);
  const hub = new SseHub(options.heartbeatMs, options.streamSlots);
  const quota = createUploadQuota(database.db, {
    ownerBytesDay: config.UPLOAD_OWNER_BYTES_DAY,
    addressBytesDay: config.UPLOAD_IP_BYTES_DAY,
    // Files in a bucket take no room on this machine's disk.
    minFreeBytes: options.bucket ? 0 : config.UPLOAD_MIN_FREE_BYTES,
    dataDir: config.DATA_DIR,
    log,
    ...(options.freeDiskBytes ? { freeBytes: options.freeDiskBytes } : {}),
  });
  const sweep = setInterval(() => {
    quota.sweep().catch((error: unknown) => log.warn({ err: error }, 'could not prune the upload ledger'));
  }, LEDGER_SWEEP_INTERVAL_MS);
  sweep.unref();
  const service = createSupportService({
    repository: createSupportRepository(database.db),
    store,
    bus,
    links,
    log,
    ...(options.recentPayments ? { recentPayments: options.recentPayments } : {}),
  });
  return {
    service,
    store,
    links,
    bus,
    hub,
    quota,
    async close() {
      clearInterval(sweep);
      hub.closeAll();
      await bus.close();
    },
  };
}
