import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loadOrCreateSecret } from '../auth/secrets.ts';
import { ReceiptsService } from './service.ts';

export interface Receipts {
  service: ReceiptsService;
}

/** The receipts service; its `receipt.generate` jobs run on the app's one jobs worker (`service.jobKinds()`). */
export async function createReceipts(config: AppConfig, db: Db, log: FastifyBaseLogger, onJobEnqueued?: () => void): Promise<Receipts> {
  const service = new ReceiptsService({
    db,
    dataDir: config.DATA_DIR,
    fontFile: path.join(config.ASSETS_DIR, 'fonts', 'DejaVuSans.ttf'),
    linkSecret: await loadOrCreateSecret(config.DATA_DIR, 'receipt-link-key', config.RECEIPT_LINK_KEY),
    log,
    ...(onJobEnqueued && { onJobEnqueued }),
  });
  return { service };
}
