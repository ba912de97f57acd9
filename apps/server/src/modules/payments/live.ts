import type { FastifyBaseLogger } from 'fastify';
import type { TPaymentStatus } from '@portal/contracts/payments';
import type { Database } from '../../db/client.ts';
import type { StreamSlots } from '../../lib/stream-slots.ts';
import { createEventBus, createLocalEventBus, type EventBus } from '../../lib/events/event-bus.ts';
import { SseHub } from '../../lib/sse/sse-hub.ts';

/** A payment's status changed (ids only: subscribers read what they show from the database). */
export type PaymentStatusEvent = { paymentId: string; userId: string; status: TPaymentStatus };
export type PaymentEventBus = EventBus<PaymentStatusEvent>;

const CHANNEL = 'portal_payment_events';

/** Live payment status for the payment popup: one bus (LISTEN/NOTIFY on PostgreSQL) and the open streams. */
export interface PaymentLive {
  bus: PaymentEventBus;
  hub: SseHub;
  close(): Promise<void>;
}

export async function createPaymentLive(
  database: Database | undefined,
  log: FastifyBaseLogger,
  options: { heartbeatMs?: number; slots?: StreamSlots } = {},
): Promise<PaymentLive> {
  const bus = database ? await createEventBus<PaymentStatusEvent>(database, log, CHANNEL) : createLocalEventBus<PaymentStatusEvent>();
  const hub = new SseHub(options.heartbeatMs, options.slots);
  return {
    bus,
    hub,
    async close() {
      hub.closeAll();
      await bus.close();
    },
  };
}
