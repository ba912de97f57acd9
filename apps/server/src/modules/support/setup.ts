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

export interface Support {
  service: SupportService;
  store: LocalFileStore;
  links: FileLinks;
  bus: SupportEventBus;
  hub: SseHub;
  close(): Promise<void>;
}

/** Builds support from config: file store in DATA_DIR, signed file links, the live-update bus. */
export async function createSupport(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  options: { recentPayments?: RecentPayments; heartbeatMs?: number } = {},
): Promise<Support> {
  const store = new LocalFileStore({ dataDir: config.DATA_DIR });
  // Partial uploads a crashed process left behind.
  await store.sweepTemp().catch((error: unknown) => log.warn({ err: error }, 'could not sweep partial uploads'));
  const links = createFileLinks(await loadOrCreateSecret(config.DATA_DIR, 'support-file-key', config.SUPPORT_FILE_KEY));
  const bus = await createSupportEventBus(database, log);
  const hub = new SseHub(options.heartbeatMs);
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
    async close() {
      hub.closeAll();
      await bus.close();
    },
  };
}
