import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { FALLBACK_LANGUAGE, type Language } from '@portal/contracts/languages';
import {
  PAYMENT_PROVIDER_CONFIG,
  WEBHOOK_TYPE_OF_STATUS,
  toMinorUnits,
  type TCreatePaymentRequest,
  type TPaymentGetResponse,
  type TPaymentHistoryItem,
  type TPaymentProcessResponse,
  type TPaymentProviderId,
  type TGameServerPaymentDetail,
  type TPaymentDisputedEvent,
  type TPaymentRefundedEvent,
  type TPaymentWebhookEvent,
  type TWebhookTestEvent,
} from '@portal/contracts/payments';
import { PAYMENT_PROVIDERS, priceTitleIn } from '@portal/contracts/control';
import type { TWebhookDelivery } from '@portal/contracts/staff';
import type { Db } from '../../db/client.ts';
import type { PaymentAttemptRow, PaymentRow, UserRow } from '../../db/schema.ts';
import {
  webhookEventId,
  type GameServerWebhooks,
  type PortalWebhookEvent,
  type WebhookOutcome,
} from '../../integrations/game-server-webhooks/webhooks.ts';
import type { PaymentProviders } from '../../integrations/payments/create-payment-providers.ts';
import { SandboxPaymentFinishedError, type SandboxOutcome } from '../../integrations/payments/sandbox.ts';
import type { ProviderClientData, ProviderEvent, ProviderPaymentState } from '../../integrations/payments/types.ts';
import type { TokenService } from '../../integrations/tokens/token-service.ts';
import { AppError } from '../../lib/app-error.ts';
import { exponentialBackoff, PermanentJobError, type JobKind } from '../../lib/jobs/queue.ts';
import { gameNameOf, paymentTitleIn, toDelivery, toDispute, toGameServer, toHistoryItem, toRefund } from './mappers.ts';
import type { RefundsRepository } from './refunds-repository.ts';
import { RECONCILE_JOB, WEBHOOK_JOB } from './job-kinds.ts';
import { paymentNotFound, type PaymentTransaction, type PaymentsRepository } from './repository.ts';
import { moveOfProviderStatus, nextState, type PaymentMove } from './state-machine.ts';

export { RECONCILE_JOB, WEBHOOK_JOB };
export type { PaymentTransaction };

/** What happens when a payment becomes paid (receipts enqueue their job and wake the worker). */
export interface OnPaid {
  /** Runs inside the transaction that makes the payment paid. */
  inTransaction?: (tx: PaymentTransaction, payment: PaymentRow) => Promise<void>;
  /** Runs after that transaction committed. */
  committed?: (payment: PaymentRow) => void;
}

export interface PaymentsServiceOptions {
  repository: PaymentsRepository;
  /** Refunds and disputes, for their webhooks and the game-server API. */
  refunds: RefundsRepository;
  /** The providers this deployment serves (real where keys are set, else the sandbox). */
  providers: PaymentProviders;
  tokens: TokenService;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** How long a provider payment may stay unfinished before the provider is asked. */
  reconcileAfterMs: number;
  /** First retry delay of a refused webhook (doubling to an hour); default 10 s. */
  webhookRetryBaseMs?: number;
  /** Called after a job was enqueued, so the worker picks it up at once. */
  onJobEnqueued?: () => void;
  /** Stripe.js key the Payment Element loads with (STRIPE_PUBLISHABLE_KEY); absent in the sandbox. */
  stripePublishableKey?: string | undefined;
  /** Called after a status change committed (live updates of the payment popup). */
  onStatusChanged?: (payment: PaymentRow) => void;
  /** Signed delivery of the final events to the game servers. */
  webhooks: GameServerWebhooks;
  onPaid?: OnPaid;
}

/** The outcome of one provider event, for logs and tests. */
export type EventOutcome = 'applied' | 'unchanged' | 'replayed' | 'unknown-payment' | 'mismatch';

const notFound = paymentNotFound;

/** The player a payment call acts for: the portal's session, or a host's token of one project (`project`). */
export type PaymentPlayer = UserRow & { project?: string | undefined };

const ownedBy = (payment: PaymentRow, user: PaymentPlayer): boolean =>
  payment.userId === user.id && (user.project === undefined || payment.project === user.project);

export class PaymentsService {
  private readonly repository: PaymentsRepository;
  private readonly options: PaymentsServiceOptions;
  readonly providers: PaymentProviders;

  constructor(options: PaymentsServiceOptions) {
    this.repository = options.repository;
    this.providers = options.providers;
    this.options = options;
  }

  // --- Game-server API -----------------------------------------------------------------------

  /** Whether this deployment serves `provider` for payments of this mode (live money, or tests). */
  serves(provider: TPaymentProviderId, livemode: boolean): boolean {
    return this.providers.has(provider) && this.providers.get(provider).capabilities.livemode === livemode;
  }

  /** The project's payment methods that can take a payment of this mode here. */
  private methodsFor(methods: readonly TPaymentProviderId[], livemode: boolean): TPaymentProviderId[] {
    return methods.filter((method) => this.serves(method, livemode));
  }

  /**
   * A payment a game server asks for with a test key (`livemode` false: test providers only) or a
   * live one (real providers only, never a sandbox).
   */
  async createForGameServer(
    project: string,
    input: TCreatePaymentRequest,
    livemode = true,
  ): Promise<{ payment: PaymentRow; created: boolean }> {
    if (input.idempotencyKey) {
      const existing = await this.repository.findByIdempotencyKey(project, input.idempotencyKey);
      if (existing) return { payment: this.sameRequest(existing, input, livemode), created: false };
    }
    // An item the player could not pay for is not sold: the console's launch checklist says so too.
    const methods = this.methodsFor((await this.repository.project(project))?.paymentsMethods ?? [], livemode);
    if (methods.length === 0) {
      throw new AppError(
        'PAYMENT_METHODS_NOT_SET',
        409,
        livemode
          ? `${project} offers no payment method with live keys here: turn one on (with its keys) in the publisher console before selling`
          : `${project} offers no payment method for test payments here (the sandbox, or a provider's test keys)`,
      );
    }
    if (!(await this.repository.playerExists(input.userId))) throw new AppError('USER_NOT_FOUND', 404, `No player ${input.userId}`);
    const price = await this.repository.price(project, input.priceId);
    if (!price) throw new AppError('PRICE_NOT_FOUND', 404, `No price ${input.priceId} in the price list of ${project}`);
    const ruAmountMinor = toMinorUnits(price.ruValue, 'RUB');
    const enAmountMinor = toMinorUnits(price.enValue, 'USD');
    const inserted = await this.repository.insert({
      id: randomUUID(),
      project,
      userId: input.userId,
      priceId: price.id,
      titleRu: priceTitleIn(price.titles, 'ru'),
      titleEn: priceTitleIn(price.titles, 'en'),
      titles: price.titles,
      ruAmountMinor,
      enAmountMinor,
      amountMinor: ruAmountMinor,
      currency: 'RUB',
      payload: input.payload ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      livemode,
    });
    if (inserted) return { payment: inserted, created: true };
    // Lost a race with the same idempotency key.
    const existing = input.idempotencyKey ? await this.repository.findByIdempotencyKey(project, input.idempotencyKey) : undefined;
    if (!existing) throw new AppError('INTERNAL_ERROR', 500, 'payment insert conflicted without a match');
    return { payment: this.sameRequest(existing, input, livemode), created: false };
  }

  /** A payment of the project; with `livemode`, only one of that mode (a test key sees test payments only). */
  async getForProject(project: string, id: string, livemode?: boolean): Promise<PaymentRow> {
    const payment = await this.find(id);
    if (payment?.project !== project || (livemode !== undefined && payment.livemode !== livemode)) throw notFound();
    return payment;
  }

  /** `GET /api/v1/payments/{id}`: the payment with its refunds and disputes. */
  async detailForProject(project: string, id: string, livemode?: boolean): Promise<TGameServerPaymentDetail> {
    const payment = await this.getForProject(project, id, livemode);
    const [refunds, disputes] = await Promise.all([
      this.options.refunds.ofPayment(payment.id),
      this.options.refunds.disputesOf(payment.id),
    ]);
    return { ...toGameServer(payment), refunds: refunds.map(toRefund), disputes: disputes.map(toDispute) };
  }

  paymentUrl(id: string): string {
    return `${this.options.publicUrl}/payments/process/${id}`;
  }

  async search(filter: { userId?: string | undefined; project?: string | undefined }, limit = 200): Promise<PaymentRow[]> {
    return this.repository.search(filter, limit);
  }

  async find(id: string): Promise<PaymentRow | undefined> {
    return this.repository.find(id);
  }

  // --- State machine -------------------------------------------------------------------------

  /**
   * Applies `move` with a compare-and-set on the status read, so two processes racing on one
   * payment cannot both move it; a final status enqueues the game server's webhook in the
   * same transaction. Answers the payment afterwards and whether it changed.
   */
  async move(
    id: string,
    move: PaymentMove,
    event?: { provider: TPaymentProviderId; eventId: string },
    /** The provider payment behind the move: when it is not the payment's current one, the payment takes it over. */
    payingAttempt?: PaymentAttemptRow,
  ): Promise<{ payment: PaymentRow; changed: boolean; replayed: boolean }> {
    const onPaid = this.options.onPaid?.inTransaction;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const result = await this.repository.move(id, {
        event: event && { ...event, status: move },
        next: (current) => nextState({ status: current.status, finished: current.finishedAt !== null }, move),
        payingAttempt,
        onPaid,
      });
      if (result === 'raced') continue;
      if (result === 'replayed') {
        const payment = await this.find(id);
        if (!payment) throw notFound();
        return { payment, changed: false, replayed: true };
      }
      if (result.changed && result.payment.finishedAt) this.options.onJobEnqueued?.();
      if (result.changed) this.options.onStatusChanged?.(result.payment);
      if (result.changed && result.payment.status === 'paid') this.options.onPaid?.committed?.(result.payment);
      return { ...result, replayed: false };
    }
    throw new AppError('CONFLICT', 409, 'The payment is changing, retry');
  }

  /**
   * A verified provider state (webhook, sandbox, reconciliation, a cancel answer). It must name a
   * provider payment we made for the payment (one of its attempts) and, unless pending, the
   * amount and currency of that attempt; otherwise nothing changes. The current attempt moves the
   * payment as its status says; an earlier attempt (the player switched providers) can only pay
   * it, and the payment then takes that attempt's provider, reference and amount.
   */
  async applyProviderEvent(event: ProviderEvent): Promise<EventOutcome> {
    const attempt = await this.repository.attemptByRef(event.provider, event.providerRef);
    const payment = attempt ? await this.find(attempt.paymentId) : undefined;
    if (!attempt || !payment || (event.paymentId !== undefined && event.paymentId !== payment.id)) {
      this.options.log.warn({ provider: event.provider, providerRef: event.providerRef }, 'provider event for no known payment');
      return 'unknown-payment';
    }
    if (event.status !== 'pending' && (event.amountMinor !== attempt.amountMinor || event.currency !== attempt.currency)) {
      this.options.log.error(
        {
          paymentId: payment.id,
          providerRef: attempt.providerRef,
          expected: [attempt.amountMinor, attempt.currency],
          reported: [event.amountMinor, event.currency],
        },
        'provider reported another amount: payment left unchanged',
      );
      return 'mismatch';
    }
    const current = payment.provider === attempt.provider && payment.providerRef === attempt.providerRef;
    if (!current && event.status !== 'paid') return 'unchanged';
    if (event.status === 'paid' && payment.finishedAt && payment.status !== 'paid') {
      this.options.log.error(
        { paymentId: payment.id, provider: attempt.provider, providerRef: attempt.providerRef, status: payment.status },
        'provider reports a payment paid after it was finished unpaid',
      );
    }
    const eventRecord = event.eventId ? { provider: event.provider, eventId: event.eventId } : undefined;
    const result = await this.move(payment.id, this.moveOf(event), eventRecord, current ? undefined : attempt);
    if (result.replayed) return 'replayed';
    return result.changed ? 'applied' : 'unchanged';
  }

  /** The provider payments made for a payment, oldest first. */
  async attempts(paymentId: string): Promise<PaymentAttemptRow[]> {
    return this.repository.attempts(paymentId);
  }

  /**
   * A declined attempt at a provider that lets the player retry (Stripe's PaymentIntent stays
   * open: another card in the same Payment Element may pay) is not final: taking it so would lose
   * that payment, so it only keeps the payment pending; the provider payment's success or
   * cancellation finishes it.
   */
  private moveOf(event: ProviderEvent): PaymentMove {
    if (event.status === 'fail' && this.capabilitiesOf(event.provider)?.retriesAfterDecline) return 'start';
    return moveOfProviderStatus(event.status);
  }

  /** What the provider serving `id` can do; undefined when this deployment does not serve it. */
  private capabilitiesOf(id: TPaymentProviderId) {
    return this.providers.has(id) ? this.providers.get(id).capabilities : undefined;
  }

  // --- Player API ----------------------------------------------------------------------------

  get stripePublishableKey(): string | null {
    return this.options.stripePublishableKey ?? null;
  }

  /**
   * The player's own payment; another player's id is answered as not found, and so is one of
   * another project when the player came with a host's token (`project` set).
   */
  async own(user: PaymentPlayer, id: string): Promise<PaymentRow> {
    const payment = await this.find(id);
    if (!payment || !ownedBy(payment, user)) throw notFound();
    return payment;
  }

  /** The games' names in `language`, by project. */
  async gameNames(projectNames: string[], language: Language): Promise<Map<string, string>> {
    const wanted = [...new Set(projectNames)];
    if (wanted.length === 0) return new Map();
    const rows = await this.repository.gameLocalizations(wanted);
    const byProject = new Map(rows.map((row) => [row.project, row.localization]));
    return new Map(wanted.map((project) => [project, gameNameOf(project, byProject.get(project), language)]));
  }

  /** One purchase of the player for the history screens, or null when it is not theirs. */
  async historyItem(user: PaymentPlayer, id: string, language: Language): Promise<TPaymentHistoryItem | null> {
    const payment = await this.find(id);
    if (!payment || !ownedBy(payment, user)) return null;
    const names = await this.gameNames([payment.project], language);
    return toHistoryItem(payment, language, names.get(payment.project));
  }

  async process(user: PaymentPlayer, id: string, language: Language = FALLBACK_LANGUAGE): Promise<TPaymentProcessResponse> {
    const payment = await this.own(user, id);
    const project = await this.repository.project(payment.project);
    const game = await this.repository.game(payment.project);
    // Only what this deployment serves for the payment's mode (a live payment: providers with live keys).
    const methods = this.methodsFor(project?.paymentsMethods ?? [], payment.livemode);
    return {
      provider: payment.provider,
      providerId: payment.providerRef,
      paymentData: {
        projectName: gameNameOf(payment.project, game?.localization, language),
        cardLogoImage: game?.webPage?.cardLogoImage ?? '',
        ruName: payment.titleRu,
        enName: payment.titleEn,
        name: paymentTitleIn(payment, language),
        ruPrice: payment.ruAmountMinor / 100,
        enPrice: payment.enAmountMinor / 100,
      },
      profileData: {
        mailToReceiveCheck: payment.receiptEmail ?? (await this.receiptEmailOf(user)),
        nickName: user.nickName,
      },
      providers: methods.map((method) => ({ ...PAYMENT_PROVIDER_CONFIG[method], methods: [...PAYMENT_PROVIDER_CONFIG[method].methods] })),
    };
  }

  async status(user: PaymentPlayer, id: string): Promise<TPaymentGetResponse> {
    const payment = await this.own(user, id);
    let token: string | null = null;
    if (payment.status === 'paid') {
      ({ token } = await this.options.tokens.signPaymentToken({
        paymentId: payment.id,
        status: payment.status,
        userId: payment.userId,
        aud: payment.project,
        extra: {
          project: payment.project,
          priceId: payment.priceId,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          payload: payment.payload,
        },
      }));
    }
    return { status: payment.status, payload: payment.payload, token, finished: payment.finishedAt !== null };
  }

  async setReceiptEmail(user: PaymentPlayer, email: string): Promise<void> {
    // Unfinished payments take the new address for their receipt (a host's: its project's only).
    await this.repository.setReceiptEmail(user.id, email, new Date(), user.project);
  }

  /**
   * Creates (or re-reads, by idempotency key) the provider payment behind a provider screen. Every
   * provider payment is recorded as an attempt of the payment: after a switch of providers the
   * earlier one can still be paid (a late widget confirmation, a Yandex Pay page left open) and
   * then pays this payment. An abandoned attempt is cancelled where that is cheap (Stripe, the
   * sandbox), best effort.
   */
  async createAtProvider(
    user: PaymentPlayer,
    id: string,
    providerId: TPaymentProviderId,
    /** The page's language: the receipt letter's. */
    language?: Language,
  ): Promise<{ payment: PaymentRow; clientData: ProviderClientData }> {
    const payment = await this.own(user, id);
    if (payment.finishedAt) throw new AppError('PAYMENT_ALREADY_FINISHED', 409, `The payment is already ${payment.status}`);
    const project = await this.repository.project(payment.project);
    if (!project?.paymentsMethods.includes(providerId) || !this.serves(providerId, payment.livemode)) {
      throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', 400, `${providerId} is not offered for ${payment.project}`);
    }
    if (payment.status === 'pending' && payment.provider && payment.provider !== providerId) {
      throw new AppError('PAYMENT_IN_PROGRESS', 409, `The payment is in progress with ${payment.provider}`);
    }
    const currency = PAYMENT_PROVIDER_CONFIG[providerId].currency;
    const amountMinor = currency === 'RUB' ? payment.ruAmountMinor : payment.enAmountMinor;
    const receiptEmail = payment.receiptEmail ?? (await this.receiptEmailOf(user));
    const attempts = await this.attempts(payment.id);
    const currentIndex = attempts.findIndex((a) => a.provider === payment.provider && a.providerRef === payment.providerRef);
    // The same provider again re-reads its attempt; another one makes a new attempt (a provider
    // switched back to gets a fresh payment: its earlier one may have been cancelled).
    const index = payment.provider === providerId && currentIndex >= 0 ? currentIndex : attempts.length;
    const created = await this.providers.get(providerId).createPayment({
      paymentId: payment.id,
      amountMinor,
      currency,
      description: payment.titleEn,
      returnUrl: `${this.options.publicUrl}/payments/${providerId}/${payment.id}`,
      ...(receiptEmail ? { customerEmail: receiptEmail } : {}),
      idempotencyKey: index === 0 ? `${payment.id}:${providerId}` : `${payment.id}:${providerId}:${index}`,
      metadata: { paymentId: payment.id, project: payment.project },
    });
    const firstTime = payment.providerRef !== created.providerRef;
    const updated = await this.repository.recordAttempt({
      paymentId: payment.id,
      provider: providerId,
      providerRef: created.providerRef,
      amountMinor,
      currency,
      receiptEmail,
      language,
      reconcileAt: firstTime ? new Date(Date.now() + this.options.reconcileAfterMs) : undefined,
      now: new Date(),
    });
    if (!updated) throw new AppError('PAYMENT_ALREADY_FINISHED', 409, 'The payment is already finished');
    if (firstTime && payment.provider && payment.providerRef) {
      // Now that the new attempt is current, the abandoned one's cancellation cannot cancel the payment.
      await this.cancelAbandoned({ provider: payment.provider, providerRef: payment.providerRef });
      const after = await this.find(payment.id);
      if (after?.finishedAt) throw new AppError('PAYMENT_ALREADY_FINISHED', 409, `The payment is already ${after.status}`);
    }
    return { payment: updated, clientData: created.clientData };
  }

  /**
   * Best effort: cancels an abandoned provider payment where the provider cancels unpaid ones (a
   * Stripe intent, a sandbox payment), and applies what the provider answers (it may have been
   * paid meanwhile). YooKassa and Yandex Pay payments cannot be cancelled before they are paid;
   * they expire.
   */
  private async cancelAbandoned(attempt: { provider: TPaymentProviderId; providerRef: string }): Promise<void> {
    if (!this.capabilitiesOf(attempt.provider)?.cancelsUnpaid) return;
    try {
      const state = await this.providers.get(attempt.provider).cancelPayment(attempt.providerRef);
      await this.applyProviderEvent({ ...state, provider: attempt.provider });
    } catch (error) {
      this.options.log.warn(
        { err: error, provider: attempt.provider, providerRef: attempt.providerRef },
        'could not cancel an abandoned provider payment',
      );
    }
  }

  async setPending(user: PaymentPlayer, id: string): Promise<PaymentRow> {
    const payment = await this.own(user, id);
    if (!payment.providerRef) throw new AppError('PAYMENT_NOT_STARTED', 409, 'Choose a payment method first');
    return (await this.move(payment.id, 'start')).payment;
  }

  /** Cancels at the provider (Stripe cancellation, a sandbox cancel) and applies what it answers. */
  async cancel(user: PaymentPlayer, id: string, providerRef?: string): Promise<PaymentRow> {
    const payment = await this.own(user, id);
    if (!payment.provider || !payment.providerRef) return (await this.move(payment.id, 'cancel')).payment;
    if (providerRef !== undefined && providerRef !== payment.providerRef) throw notFound();
    const state = await this.providers.get(payment.provider).cancelPayment(payment.providerRef);
    await this.applyProviderState(payment, state);
    return (await this.find(payment.id)) ?? payment;
  }

  /**
   * The player cancelled a Yandex Pay payment on the screen (its close or the popup's cancel,
   * confirmed): what Yandex Pay holds is voided and read back (a payment paid just before stays
   * paid), and a payment still unpaid there is cancelled here too, so the server agrees with the
   * screen at once.
   */
  async cancelYandexPay(user: PaymentPlayer, id: string): Promise<PaymentRow> {
    const payment = await this.own(user, id);
    if (payment.finishedAt) return payment;
    if (payment.provider !== 'yandex-pay' || !payment.providerRef)
      throw new AppError('PAYMENT_NOT_STARTED', 409, 'No Yandex Pay payment was started');
    const after = await this.cancel(user, id, payment.providerRef);
    if (after.finishedAt) return after;
    return (await this.move(after.id, 'cancel')).payment;
  }

  /**
   * The payment screen saw the Yandex Pay window closed. That is the page's word, and a page
   * framed by another site may read an open window as closed (its handle cut by the provider
   * page's opener policy), so it cancels nothing: the order is re-read (a payment paid just before
   * the close is paid) and otherwise stays open at Yandex Pay. A payment made in that window
   * later still counts: Yandex Pay's webhook, or the reconciliation job that re-reads the order
   * until it ends, makes it paid. Only the player's own cancel (the screen's close, confirmed)
   * or the provider ends it unpaid.
   */
  async closeYandexPayWindow(user: PaymentPlayer, id: string): Promise<PaymentRow> {
    const payment = await this.own(user, id);
    if (payment.finishedAt) return payment;
    if (payment.provider !== 'yandex-pay' || !payment.providerRef)
      throw new AppError('PAYMENT_NOT_STARTED', 409, 'No Yandex Pay payment was started');
    return this.refresh(payment);
  }

  /**
   * Re-reads the provider (YooKassa modal closed, reconciliation) and applies its answer: the
   * current attempt (its errors reach the caller), then every earlier attempt, any of which may
   * have been paid (best effort).
   */
  async refresh(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.finishedAt || !payment.provider || !payment.providerRef) return payment;
    const state = await this.providers.get(payment.provider).getPayment(payment.providerRef);
    await this.applyProviderState(payment, state);
    for (const attempt of await this.attempts(payment.id)) {
      if (attempt.provider === payment.provider && attempt.providerRef === payment.providerRef) continue;
      const now = await this.find(payment.id);
      if (!now || now.finishedAt) break;
      try {
        const earlier = await this.providers.get(attempt.provider).getPayment(attempt.providerRef);
        await this.applyProviderEvent({ ...earlier, provider: attempt.provider });
      } catch (error) {
        this.options.log.warn(
          { err: error, paymentId: payment.id, provider: attempt.provider, providerRef: attempt.providerRef },
          'could not re-read an earlier provider payment',
        );
      }
    }
    return (await this.find(payment.id)) ?? payment;
  }

  async completeSandbox(user: PaymentPlayer, id: string, outcome: SandboxOutcome): Promise<PaymentRow> {
    const payment = await this.own(user, id);
    if (!payment.provider || !payment.providerRef) throw new AppError('PAYMENT_NOT_STARTED', 409, 'Choose a payment method first');
    const sandbox = this.providers.sandbox(payment.provider);
    if (!sandbox) throw new AppError('NOT_SANDBOX', 400, `${payment.provider} is a real provider here`);
    try {
      await sandbox.complete(payment.providerRef, outcome);
    } catch (error) {
      if (!(error instanceof SandboxPaymentFinishedError)) throw error;
      // Finished at the sandbox already: a retry after a lost answer, or after a process died
      // between the sandbox's change and ours. Read the sandbox as a provider's webhook would
      // tell us, so the payment catches up now instead of at reconciliation.
      return this.refresh((await this.find(payment.id)) ?? payment);
    }
    return (await this.find(payment.id)) ?? payment;
  }

  /**
   * The sandbox's stand-in for a provider's payment page (Yandex Pay's, in a window of its own)
   * completes the sandbox order its URL names, as the provider's page pays the order its URL
   * names: the order's reference (`sbx_..._<uuid>`, unguessable) is the page's authority, so the
   * window needs no session (a window opened from a host's frame has none of its own).
   */
  async completeSandboxOrder(providerRef: string, outcome: SandboxOutcome): Promise<PaymentRow> {
    // `sbx_<provider>_<uuid>`: the provider is part of the reference.
    const provider = PAYMENT_PROVIDERS.find((id) => providerRef.startsWith(`sbx_${id}_`));
    const sandbox = provider ? this.providers.sandbox(provider) : undefined;
    const attempt = provider && sandbox ? await this.repository.attemptByRef(provider, providerRef) : undefined;
    const payment = attempt ? await this.find(attempt.paymentId) : undefined;
    if (!payment || !sandbox) throw notFound();
    try {
      await sandbox.complete(providerRef, outcome);
    } catch (error) {
      if (!(error instanceof SandboxPaymentFinishedError)) throw error;
      return this.refresh((await this.find(payment.id)) ?? payment);
    }
    return (await this.find(payment.id)) ?? payment;
  }

  async history(user: PaymentPlayer, project?: string, language: Language = FALLBACK_LANGUAGE): Promise<TPaymentHistoryItem[]> {
    // A host's token lists its own project's purchases, whatever project is asked for.
    if (user.project !== undefined && project !== undefined && project !== user.project) return [];
    const rows = await this.repository.purchases(user.id, user.project ?? project, 500);
    const names = await this.gameNames(
      rows.map((row) => row.project),
      language,
    );
    return rows.map((row) => toHistoryItem(row, language, names.get(row.project)));
  }

  // --- Jobs ----------------------------------------------------------------------------------

  jobKinds(): Record<string, JobKind> {
    return {
      // 10 s doubling to an hour, 40 attempts: a day and a half of retries.
      [WEBHOOK_JOB]: {
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
        backoffMs: this.webhookBackoff(),
        handler: (payload, context) =>
          this.deliverWebhook(String(payload.paymentId), context.attempt, {
            ...(typeof payload.refundId === 'string' && { refundId: payload.refundId }),
            ...(typeof payload.disputeId === 'string' && { disputeId: payload.disputeId }),
            ...(typeof payload.disputeStatus === 'string' && { disputeStatus: payload.disputeStatus }),
          }),
      },
      [RECONCILE_JOB]: {
        maxAttempts: 30,
        backoffMs: exponentialBackoff(60_000, 3_600_000),
        handler: async (payload) => {
          const payment = await this.find(String(payload.paymentId));
          if (!payment) return;
          const after = await this.refresh(payment);
          // Not finished at the provider yet: ask again later (the job's backoff). The job of the
          // newest attempt keeps asking (it re-reads every attempt); older attempts' jobs end.
          const ref = typeof payload.providerRef === 'string' ? payload.providerRef : payment.providerRef;
          if (!after.finishedAt && after.providerRef === ref) throw new Error('still unfinished at the provider');
        },
      },
    };
  }

  /** Account deletion: the receipt e-mail leaves the player's payments and payment profile. */
  async erasePersonalData(tx: Db, userId: string): Promise<void> {
    await this.repository.erasePersonalData(tx, userId);
  }

  private webhookBackoff(): (attempt: number) => number {
    return exponentialBackoff(this.options.webhookRetryBaseMs ?? 10_000, 3_600_000);
  }

  /**
   * The job's try `attempt` at a payment's final event: logged in the deliveries log with when
   * the job tries again; throws on a failure so the job retries (or gives up at once when the
   * target is refused).
   */
  async deliverWebhook(paymentId: string, attempt = 1, about: WebhookSubject = {}): Promise<void> {
    const payment = await this.find(paymentId);
    if (!payment?.finishedAt) return;
    const hook = await this.repository.webhookTarget(payment.project);
    if (!hook) {
      this.options.log.info({ paymentId, project: payment.project }, 'no webhook URL for the project; nothing delivered');
      return;
    }
    const event = await this.eventOf(payment, about);
    if (!event) return;
    const outcome = await this.options.webhooks.deliver(hook, event);
    const retries = !outcome.ok && !outcome.permanent && attempt < WEBHOOK_MAX_ATTEMPTS;
    await this.repository.recordDelivery({
      project: payment.project,
      paymentId: payment.id,
      eventId: event.id,
      eventType: event.type,
      event,
      url: hook.url,
      ...outcomeColumns(outcome),
      attempt,
      nextRetryAt: retries ? new Date(Date.now() + this.webhookBackoff()(attempt)) : null,
    });
    if (outcome.permanent) throw new PermanentJobError(outcome.error ?? 'webhook target refused');
    if (!outcome.ok) throw new Error(`webhook ${outcome.error ?? 'failed'}`);
  }

  /**
   * The event a webhook job delivers: the payment's final status, one refund's success (its own
   * id: a receiver dedupes by it), or one state of a dispute.
   */
  private async eventOf(
    payment: PaymentRow,
    about: WebhookSubject,
  ): Promise<TPaymentWebhookEvent | TPaymentRefundedEvent | TPaymentDisputedEvent | undefined> {
    if (about.refundId) {
      const refund = await this.options.refunds.find(about.refundId);
      if (refund?.paymentId !== payment.id || refund.status !== 'succeeded') return undefined;
      // The payment as of this refund: later refunds do not change what this event says.
      const earlier = (await this.options.refunds.ofPayment(payment.id)).filter(
        (row) => row.status === 'succeeded' && row.finishedAt && refund.finishedAt && row.finishedAt <= refund.finishedAt,
      );
      const refundedMinor = earlier.reduce((sum, row) => sum + row.amountMinor, 0);
      const data = toGameServer({ ...payment, refundedMinor });
      return {
        id: webhookEventId(refund.id, 'payment.refunded'),
        type: 'payment.refunded',
        livemode: payment.livemode,
        data: { ...data, refund: { ...toRefund(refund), whole: refundedMinor >= payment.amountMinor } },
      };
    }
    if (about.disputeId) {
      const dispute = await this.options.refunds.findDispute(about.disputeId);
      if (dispute?.paymentId !== payment.id) return undefined;
      const status = (about.disputeStatus as typeof dispute.status | undefined) ?? dispute.status;
      return {
        id: webhookEventId(`${dispute.id}:${status}`, 'payment.disputed'),
        type: 'payment.disputed',
        livemode: payment.livemode,
        data: { ...toGameServer(payment), dispute: { ...toDispute(dispute), status } },
      };
    }
    const type = WEBHOOK_TYPE_OF_STATUS[payment.status as 'paid' | 'fail' | 'none'];
    return { id: webhookEventId(payment.id, type), type, livemode: payment.livemode, data: toGameServer(payment) };
  }

  /** The console's "send test event": a signed `webhook.test` to the project's URL, logged. */
  async sendTestWebhook(project: string): Promise<TWebhookDelivery> {
    const hook = await this.repository.webhookTarget(project);
    if (!hook) throw new AppError('WEBHOOK_NOT_SET', 409, 'Set the webhook URL first');
    const event: TWebhookTestEvent = {
      id: `evt_${randomBytes(16).toString('hex')}`,
      type: 'webhook.test',
      data: { project, sentAt: new Date().toISOString() },
    };
    const outcome = await this.options.webhooks.deliver(hook, event);
    const row = await this.repository.recordDelivery({
      project,
      paymentId: null,
      eventId: event.id,
      eventType: event.type,
      event,
      url: hook.url,
      ...outcomeColumns(outcome),
      attempt: 0,
      nextRetryAt: null,
    });
    return toDelivery(row);
  }

  /** Sends a logged event again as it was (the same event id), to the project's current URL and secret. */
  async redeliverWebhook(project: string, deliveryId: number): Promise<TWebhookDelivery> {
    const earlier = await this.repository.findDelivery(project, deliveryId);
    if (!earlier) throw new AppError('NOT_FOUND', 404, 'No such delivery in this project');
    const hook = await this.repository.webhookTarget(project);
    if (!hook) throw new AppError('WEBHOOK_NOT_SET', 409, 'Set the webhook URL first');
    const outcome = await this.options.webhooks.deliver(hook, earlier.event as PortalWebhookEvent);
    const row = await this.repository.recordDelivery({
      project,
      paymentId: earlier.paymentId,
      eventId: earlier.eventId,
      eventType: earlier.eventType,
      event: earlier.event,
      url: hook.url,
      ...outcomeColumns(outcome),
      attempt: 0,
      nextRetryAt: null,
    });
    return toDelivery(row);
  }

  /** The deliveries log of a project, newest first. */
  async webhookDeliveries(project: string, query: { before?: number | undefined; limit: number; paymentId?: string | undefined }) {
    return (await this.repository.listDeliveries(project, query)).map(toDelivery);
  }

  private async applyProviderState(payment: PaymentRow, state: ProviderPaymentState): Promise<EventOutcome> {
    if (!payment.provider) return 'unknown-payment';
    return this.applyProviderEvent({ ...state, provider: payment.provider });
  }

  private async receiptEmailOf(user: UserRow): Promise<string | null> {
    return (await this.repository.profileReceiptEmail(user.id)) ?? user.email ?? null;
  }

  private sameRequest(existing: PaymentRow, input: TCreatePaymentRequest, livemode: boolean): PaymentRow {
    if (
      existing.userId !== input.userId ||
      existing.priceId !== input.priceId ||
      existing.payload !== (input.payload ?? null) ||
      existing.livemode !== livemode
    ) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, 'The idempotency key was used for another payment');
    }
    return existing;
  }
}

/** What a webhook job is about besides the payment's final status. */
export interface WebhookSubject {
  refundId?: string;
  disputeId?: string;
  /** The dispute's state the event tells (a later state has its own job). */
  disputeStatus?: string;
}

/** Webhook tries before the job gives up: 10 s doubling to an hour is a day and a half. */
export const WEBHOOK_MAX_ATTEMPTS = 40;

const outcomeColumns = (outcome: WebhookOutcome) => ({
  ok: outcome.ok,
  responseStatus: outcome.responseStatus,
  error: outcome.error,
  durationMs: outcome.durationMs,
});
