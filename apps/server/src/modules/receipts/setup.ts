import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { LocalBlobStore, S3BlobStore, type BlobStore } from '../../integrations/storage/blob-store.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { S3Bucket } from '../../integrations/storage/s3-bucket.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import { ReceiptsService } from './service.ts';

export interface Receipts {
  service: ReceiptsService;
}

/** The receipts service; its `receipt.generate` jobs run on the app's one jobs worker (`service.jobKinds()`). */
export async function createReceipts(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  options: { onJobEnqueued?: () => void; bucket?: S3Bucket | null; mailer?: Mailer } = {},
): Promise<Receipts> {
  const { onJobEnqueued, bucket, mailer } = options;
  const files: BlobStore = bucket ? new S3BlobStore(bucket, 'receipts/') : new LocalBlobStore(path.join(config.DATA_DIR, 'receipts'));
  const service = new ReceiptsService({
    db,
    files,
    fontFile: path.join(config.ASSETS_DIR, 'fonts', 'DejaVuSans.ttf'),
    linkSecret: await loadOrCreateSecret(config.DATA_DIR, 'receipt-link-key', config.RECEIPT_LINK_KEY),
    log,
    ...(onJobEnqueued && { onJobEnqueued }),
    // The receipt letter after each purchase, with an absolute link.
    ...(mailer && { mailer, publicUrl: config.PUBLIC_URL }),
  });
  return { service };
}
