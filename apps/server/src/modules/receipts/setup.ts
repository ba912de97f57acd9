import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loadOrCreateSecret } from '../auth/secrets.ts';
import { JobWorker, jobTimings } from '../jobs/queue.ts';
import { ReceiptsService } from './service.ts';

export interface Receipts {
  service: ReceiptsService;
  /** runs `receipt.generate` jobs from the shared jobs table; started and stopped by the app */
  worker: JobWorker;
}

export async function createReceipts(config: AppConfig, db: Db, log: FastifyBaseLogger): Promise<Receipts> {
  const late: { worker?: JobWorker } = {};
  const service = new ReceiptsService({
    db,
    dataDir: config.DATA_DIR,
    fontFile: path.join(config.ASSETS_DIR, 'fonts', 'DejaVuSans.ttf'),
    linkSecret: await loadOrCreateSecret(config.DATA_DIR, 'receipt-link-key', config.RECEIPT_LINK_KEY),
    log,
    onJobEnqueued: () => late.worker?.nudge(),
  });
  const worker = new JobWorker({ db, log, kinds: service.jobKinds(), ...jobTimings(config) });
  late.worker = worker;
  return { service, worker };
}
