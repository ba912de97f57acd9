import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { LocalFileStore } from '../../integrations/uploads/local-file-store.ts';
import { loadOrCreateSecret } from '../auth/secrets.ts';
import { createSupportEventBus, type SupportEventBus } from './events.ts';
import { createFileLinks, type FileLinks } from './file-links.ts';
import { createSupportRepository } from './repository.ts';
import { createSupportService, type RecentPayments, type SupportService } from './service.ts';
import { SseHub } from './sse.ts';
import { createUploadQuota, type FreeDiskBytes, type UploadQuota } from './upload-quota.ts';
import type { StreamSlots } from '../../lib/stream-slots.ts';

/** How often ledger rows past the quota window are pruned. */
const LEDGER_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface Support {
  service: SupportService;
  store: LocalFileStore;
  links: FileLinks;
  bus: SupportEventBus;
  hub: SseHub;
  quota: UploadQuota;
  close(): Promise<void>;
}

/** Builds support from config: file store in DATA_DIR, signed file links, the live-update bus. */
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
  } = {},
): Promise<Support> {
  const store = new LocalFileStore({ dataDir: config.DATA_DIR });
  // Partial uploads a crashed process left behind.
  await store.sweepTemp().catch((error: unknown) => log.warn({ err: error }, 'could not sweep partial uploads'));
  const links = createFileLinks(await loadOrCreateSecret(config.DATA_DIR, 'support-file-key', config.SUPPORT_FILE_KEY));
  const bus = await createSupportEventBus(database, log);
  const hub = new SseHub(options.heartbeatMs, options.streamSlots);
  const quota = createUploadQuota(database.db, {
    ownerBytesDay: config.UPLOAD_OWNER_BYTES_DAY,
    addressBytesDay: config.UPLOAD_IP_BYTES_DAY,
    minFreeBytes: config.UPLOAD_MIN_FREE_BYTES,
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
