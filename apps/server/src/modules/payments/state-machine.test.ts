import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { jobs, paymentAttempts, payments } from '../../db/schema.ts';
import type { ProviderPaymentStatus } from '../../integrations/payments/types.ts';
import { nextState, type PaymentMove, type PaymentState } from './state-machine.ts';
import { WEBHOOK_JOB } from './service.ts';

const moves: PaymentMove[] = ['start', 'paid', 'fail', 'cancel'];

describe('state machine (pure)', () => {
  it('is forward only: a finished state never changes, pending never goes back to none', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...moves), { maxLength: 30 }), (sequence) => {
        let state: PaymentState = { status: 'none', finished: false };
        let finishedAs: PaymentState | undefined;
        let wasPending = false;
        for (const move of sequence) {
          state = nextState(state, move) ?? state;
          if (finishedAs) expect(state).toEqual(finishedAs);
          if (state.finished) finishedAs ??= state;
          if (wasPending && !state.finished) expect(state.status).toBe('pending');
          wasPending ||= state.status === 'pending';
        }
        const firstFinal = sequence.find((move): move is Exclude<PaymentMove, 'start'> => move !== 'start');
        const expected = { paid: 'paid', fail: 'fail', cancel: 'none' } as const;
        if (firstFinal) expect(state).toEqual({ status: expected[firstFinal], finished: true });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('state machine over the database: random provider event sequences', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // No worker polling during the property: webhook jobs are counted, not delivered.
    app = await buildTestApp({ JOB_POLL_INTERVAL_MS: '3600000' });
    await app.jobs.stop();
  });
  afterAll(() => app.close());

  const ZStatus = fc.constantFrom<ProviderPaymentStatus>('pending', 'paid', 'fail', 'canceled');
  const ZEvent = fc.record({
    status: ZStatus,
    /** a small pool of ids, so replays happen */
    eventId: fc.option(fc.constantFrom('e1', 'e2', 'e3', 'e4'), { nil: undefined }),
    rightAmount: fc.boolean(),
    rightRef: fc.boolean(),
  });

  it('replayed, forged, out-of-order and wrong-amount events never move a finished payment, and one webhook per final status', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ZEvent, { minLength: 1, maxLength: 12 }), async (events) => {
        const id = randomUUID();
        const providerRef = `pi_${randomUUID()}`;
        await app.database.db.insert(payments).values({
          id,
          project: 'familytown',
          userId: 'prop-user',
          priceId: 'ft-coins-100',
          titleRu: 'x',
          titleEn: 'x',
          ruAmountMinor: 7900,
          enAmountMinor: 99,
          amountMinor: 99,
          currency: 'USD',
          provider: 'stripe',
          providerRef,
        });
        await app.database.db
          .insert(paymentAttempts)
          .values({ paymentId: id, provider: 'stripe', providerRef, amountMinor: 99, currency: 'USD' });
        const seen = new Set<string>();
        let model: PaymentState = { status: 'none', finished: false };
        for (const event of events) {
          const outcome = await app.payments.service.applyProviderEvent({
            provider: 'stripe',
            providerRef: event.rightRef ? providerRef : `pi_forged_${randomUUID()}`,
            status: event.status,
            amountMinor: event.rightAmount ? 99 : 100,
            currency: 'USD',
            ...(event.eventId ? { eventId: `${id}:${event.eventId}` } : {}),
          });
          // The model: only the real payment's events, with the right amount (or pending), never twice.
          const valid = event.rightRef && (event.rightAmount || event.status === 'pending') && !(event.eventId && seen.has(event.eventId));
          if (event.rightRef && (event.rightAmount || event.status === 'pending') && event.eventId) seen.add(event.eventId);
          if (valid) {
            const move = ({ pending: 'start', paid: 'paid', fail: 'fail', canceled: 'cancel' } as const)[event.status];
            model = nextState(model, move) ?? model;
          } else {
            expect(outcome).not.toBe('applied');
          }
          const [row] = await app.database.db.select().from(payments).where(eq(payments.id, id));
          expect({ status: row?.status, finished: row?.finishedAt !== null }).toEqual(model);
        }
        const hooks = await app.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, WEBHOOK_JOB)));
        expect(hooks.filter((job) => job.payload.paymentId === id)).toHaveLength(model.finished ? 1 : 0);
      }),
      { numRuns: 60 },
    );
  });

  it('after a provider switch, the earlier attempt can only pay the payment (and then becomes its provider payment)', async () => {
    const ZAttemptEvent = fc.record({
      earlier: fc.boolean(),
      status: ZStatus,
      eventId: fc.option(fc.constantFrom('e1', 'e2', 'e3'), { nil: undefined }),
      rightAmount: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(ZAttemptEvent, { minLength: 1, maxLength: 12 }), async (events) => {
        const id = randomUUID();
        // The player opened YooKassa first (RUB), then switched to Stripe (USD).
        const attempts = {
          earlier: { provider: 'yookassa', providerRef: `kassa_${randomUUID()}`, amountMinor: 7900, currency: 'RUB' },
          latest: { provider: 'stripe', providerRef: `pi_${randomUUID()}`, amountMinor: 99, currency: 'USD' },
        } as const;
        await app.database.db.insert(payments).values({
          id,
          project: 'familytown',
          userId: 'prop-user',
          priceId: 'ft-coins-100',
          titleRu: 'x',
          titleEn: 'x',
          ruAmountMinor: 7900,
          enAmountMinor: 99,
          amountMinor: 99,
          currency: 'USD',
          provider: 'stripe',
          providerRef: attempts.latest.providerRef,
        });
        await app.database.db.insert(paymentAttempts).values([
          { paymentId: id, ...attempts.earlier },
          { paymentId: id, ...attempts.latest },
        ]);
        let model: PaymentState = { status: 'none', finished: false };
        let current: 'earlier' | 'latest' = 'latest';
        const seen = new Set<string>();
        for (const event of events) {
          const target = event.earlier ? 'earlier' : 'latest';
          const attempt = attempts[target];
          await app.payments.service.applyProviderEvent({
            provider: attempt.provider,
            providerRef: attempt.providerRef,
            status: event.status,
            amountMinor: event.rightAmount ? attempt.amountMinor : attempt.amountMinor + 1,
            currency: attempt.currency,
            ...(event.eventId ? { eventId: `${id}:${event.eventId}` } : {}),
          });
          const counts = (event.rightAmount || event.status === 'pending') && (target === current || event.status === 'paid');
          const key = `${attempt.provider}:${event.eventId}`;
          if (counts && !(event.eventId && seen.has(key))) {
            if (event.eventId) seen.add(key);
            const next = nextState(model, ({ pending: 'start', paid: 'paid', fail: 'fail', canceled: 'cancel' } as const)[event.status]);
            if (next) {
              model = next;
              if (target !== current) current = target;
            }
          }
          const [row] = await app.database.db.select().from(payments).where(eq(payments.id, id));
          expect({ status: row?.status, finished: row?.finishedAt !== null }).toEqual(model);
          expect(row).toMatchObject({
            providerRef: attempts[current].providerRef,
            amountMinor: attempts[current].amountMinor,
            currency: attempts[current].currency,
          });
        }
        const hooks = await app.database.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_JOB));
        expect(hooks.filter((job) => job.payload.paymentId === id)).toHaveLength(model.finished ? 1 : 0);
      }),
      { numRuns: 40 },
    );
  });

  it('concurrent final events: exactly one wins', async () => {
    const id = randomUUID();
    await app.database.db.insert(payments).values({
      id,
      project: 'familytown',
      userId: 'race',
      priceId: 'ft-coins-100',
      titleRu: 'x',
      titleEn: 'x',
      ruAmountMinor: 7900,
      enAmountMinor: 99,
      amountMinor: 99,
      currency: 'USD',
      provider: 'stripe',
      providerRef: `pi_race_${id}`,
    });
    await app.database.db
      .insert(paymentAttempts)
      .values({ paymentId: id, provider: 'stripe', providerRef: `pi_race_${id}`, amountMinor: 99, currency: 'USD' });
    const results = await Promise.all(
      (['paid', 'fail', 'canceled', 'paid'] as const).map((status, i) =>
        app.payments.service.applyProviderEvent({
          provider: 'stripe',
          providerRef: `pi_race_${id}`,
          status,
          amountMinor: 99,
          currency: 'USD',
          eventId: `race-${id}-${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
  });
});
