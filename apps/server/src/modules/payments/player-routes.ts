import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProjectName } from '@portal/contracts/control';
import { ZApiError } from '@portal/contracts/errors';
import {
  ZPaymentGetResponse,
  ZPaymentHistoryItem,
  type TPaymentLiveEvent,
  ZPaymentProcessResponse,
  ZPaymentStatus,
  ZStripeCancelRequest,
  SANDBOX_OUTCOMES,
  ZStripeCreateAnswer,
  ZUpdateReceiptMailRequest,
  ZYandexPayCreateRequest,
  ZYandexPayCreateAnswer,
  ZYookassaCreateAnswer,
} from '@portal/contracts/payments';
import { ZEmail } from '@portal/contracts/validation';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../auth/auth-hook.ts';
import { requestContext } from '../auth/context.ts';
import { serialQueue } from '../../lib/sse/sse-hub.ts';
import type { PaymentLive } from './live.ts';
import type { PaymentPlayer, PaymentsService } from './service.ts';

export type PlayerPaymentRoutesOptions = {
  service: PaymentsService;
  live?: PaymentLive;
  /** Mount the sandbox screen's completion route (never in production). */
  sandbox?: boolean;
};

const tags = ['payments'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError };
const ZIdParams = z.object({ id: z.string().max(64) });
const ZStatusAnswer = z.object({ status: ZPaymentStatus });

/**
 * Player payment calls: only the signed-in player, only their own payments. A host embedding the
 * payment screens may call them with its token of the player, for its own project's payments only.
 */
export const playerPaymentRoutes: FastifyPluginAsyncZod<PlayerPaymentRoutesOptions> = async (app, { service, live, sandbox = false }) => {
  app.addHook('preHandler', app.requireEmbeddedUser);
  const user = (request: Parameters<typeof currentUser>[0]): PaymentPlayer => {
    const auth = currentUser(request);
    return auth.project === undefined ? auth.user : { ...auth.user, project: auth.project };
  };

  app.get(
    '/payments/process/:id',
    {
      schema: {
        tags,
        summary: 'The payment screen: item, prices, methods, receipt e-mail',
        params: ZIdParams,
        response: { 200: data(ZPaymentProcessResponse), ...errors },
      },
    },
    async (request) => ({ data: await service.process(user(request), request.params.id, requestContext(request).language) }),
  );

  app.get(
    '/payments/get/:id',
    {
      schema: {
        tags,
        summary: 'Status, payload and (once paid) the signed payment token',
        params: ZIdParams,
        response: { 200: data(ZPaymentGetResponse), ...errors },
      },
    },
    async (request) => ({ data: await service.status(user(request), request.params.id) }),
  );

  if (live) {
    app.get(
      '/payments/events/:id',
      {
        config: { queryToken: true },
        compress: false,
        schema: {
          tags,
          summary: 'Server-Sent Events: the payment status, at once and after every change (the popup)',
          description:
            'EventSource sends no headers: pass the player token as ?jwt=. Events: ready, then status (the fields of /payments/get/{id}).',
          params: ZIdParams,
          querystring: z.object({ jwt: z.string().optional() }),
          response: { 200: z.string().describe('text/event-stream'), ...errors },
        },
      },
      async (request, reply) => {
        const owner = user(request);
        // Before the stream opens, so another player's or an unknown id is a plain 404.
        const payment = await service.own(owner, request.params.id);
        const stream = live.hub.open<TPaymentLiveEvent>(request, reply, `user:${owner.id}`);
        const enqueue = serialQueue((error) => request.log.warn({ err: error, paymentId: payment.id }, 'payment status not delivered'));
        let last: string | undefined;
        const sendStatus = async () => {
          const answer = await service.status(owner, payment.id);
          // A cancelled payment stays none but becomes finished: that is news too.
          const seen = `${answer.status}:${String(answer.finished)}`;
          if (seen === last) return;
          last = seen;
          stream.send({ type: 'status', paymentId: payment.id, ...answer });
        };
        const unsubscribe = live.bus.subscribe((event) => {
          if (event.paymentId === payment.id && event.userId === owner.id) enqueue(sendStatus);
        });
        stream.onClose(unsubscribe);
        enqueue(sendStatus);
      },
    );
  }

  app.get(
    '/payments/set-pending/:id',
    {
      schema: {
        tags,
        summary: 'The provider widget reported success: the payment is pending',
        params: ZIdParams,
        response: { 200: data(ZStatusAnswer), ...errors },
      },
    },
    async (request) => ({ data: { status: (await service.setPending(user(request), request.params.id)).status } }),
  );

  app.post(
    '/payments/update-mail-to-receive-check',
    {
      schema: {
        tags,
        summary: 'Save the receipt e-mail',
        body: ZUpdateReceiptMailRequest,
        response: { 200: data(z.object({ result: z.boolean() })), ...errors },
      },
    },
    async (request) => {
      const email = ZEmail.safeParse(request.body.email);
      if (!email.success) throw new AppError('VALIDATION_ERROR', 400, 'Invalid email format');
      await service.setReceiptEmail(user(request), email.data.trim().toLowerCase());
      return { data: { result: true } };
    },
  );

  app.get(
    '/payments/yookassa/create/:id',
    {
      schema: {
        tags,
        summary: 'Create the YooKassa payment: confirmation token of the widget',
        params: ZIdParams,
        response: { 200: data(ZYookassaCreateAnswer), ...errors },
      },
    },
    async (request) => {
      const { clientData, payment } = await service.createAtProvider(
        user(request),
        request.params.id,
        'yookassa',
        requestContext(request).language,
      );
      const confirmationToken = clientData.kind === 'yookassa' ? clientData.confirmationToken : (payment.providerRef ?? '');
      return { data: { confirmationToken, sandbox: clientData.kind === 'sandbox' } };
    },
  );

  app.get(
    '/payments/yookassa/modal-close/:id',
    {
      schema: {
        tags,
        summary: 'The YooKassa widget was closed: re-read the payment at YooKassa',
        params: ZIdParams,
        response: { 200: data(ZStatusAnswer), ...errors },
      },
    },
    async (request) => {
      const payment = await service.own(user(request), request.params.id);
      return { data: { status: (await service.refresh(payment)).status } };
    },
  );

  app.get(
    '/payments/stripe/create/:id',
    {
      schema: {
        tags,
        summary: 'Create the Stripe PaymentIntent: client secret of the Payment Element',
        params: ZIdParams,
        response: { 200: data(ZStripeCreateAnswer), ...errors },
      },
    },
    async (request) => {
      const { clientData, payment } = await service.createAtProvider(
        user(request),
        request.params.id,
        'stripe',
        requestContext(request).language,
      );
      const clientSecret = clientData.kind === 'stripe' ? clientData.clientSecret : '';
      const sandbox = clientData.kind === 'sandbox';
      return {
        data: { clientSecret, id: payment.providerRef ?? '', sandbox, publishableKey: sandbox ? null : service.stripePublishableKey },
      };
    },
  );

  app.post(
    '/payments/stripe/cancellation-payment',
    {
      schema: { tags, summary: 'Cancel the Stripe payment', body: ZStripeCancelRequest, response: { 200: data(ZStatusAnswer), ...errors } },
    },
    async (request) => {
      const payment = await service.cancel(user(request), request.body.paymentId, request.body.stripePaymentId);
      return { data: { status: payment.status } };
    },
  );

  app.post(
    '/payments/yandex-pay/create',
    {
      schema: {
        tags,
        summary: 'Create the Yandex Pay order: the payment URL',
        body: ZYandexPayCreateRequest,
        response: { 200: z.object({ code: z.literal(200), status: z.literal('success'), data: ZYandexPayCreateAnswer }), ...errors },
      },
    },
    async (request) => {
      const { clientData, payment } = await service.createAtProvider(
        user(request),
        request.body.paymentId,
        'yandex-pay',
        requestContext(request).language,
      );
      // The sandbox's "payment page" is the product's own sandbox screen, opened in a window like
      // Yandex Pay's; like Yandex Pay's, its URL names the order it pays.
      const paymentUrl =
        clientData.kind === 'yandex-pay'
          ? clientData.paymentUrl
          : `/payments/yandex-pay/${payment.id}?checkout=sandbox&order=${encodeURIComponent(payment.providerRef ?? '')}`;
      return { code: 200 as const, status: 'success' as const, data: { paymentUrl, sandbox: clientData.kind === 'sandbox' } };
    },
  );

  app.post(
    '/payments/yandex-pay/window-close',
    {
      schema: {
        tags,
        summary: 'The Yandex Pay window looks closed: re-read the order (never cancelled here: a late payment in it still counts)',
        body: ZYandexPayCreateRequest,
        response: { 200: data(ZStatusAnswer), ...errors },
      },
    },
    async (request) => ({ data: { status: (await service.closeYandexPayWindow(user(request), request.body.paymentId)).status } }),
  );

  app.post(
    '/payments/yandex-pay/cancel',
    {
      schema: {
        tags,
        summary: 'The player cancelled the Yandex Pay payment (confirmed on the screen): void the order; one still unpaid is cancelled',
        body: ZYandexPayCreateRequest,
        response: { 200: data(ZStatusAnswer), ...errors },
      },
    },
    async (request) => ({ data: { status: (await service.cancelYandexPay(user(request), request.body.paymentId)).status } }),
  );

  // The sandbox pays on the player's word: it exists only where sandboxes do.
  if (sandbox)
    app.post(
      '/payments/sandbox/:id/complete',
      {
        schema: {
          tags,
          summary: 'The sandbox provider screen: the player paid, failed or cancelled',
          params: ZIdParams,
          body: z.object({ outcome: z.enum(SANDBOX_OUTCOMES) }),
          response: { 200: data(ZStatusAnswer), ...errors },
        },
      },
      async (request) => ({
        data: { status: (await service.completeSandbox(user(request), request.params.id, request.body.outcome)).status },
      }),
    );

  app.get(
    '/payments/get-user-payment',
    {
      schema: {
        tags,
        summary: 'One purchase of the player',
        querystring: z.object({ paymentId: z.string().max(64) }),
        response: { 200: data(z.object({ result: ZPaymentHistoryItem.nullable() })), ...errors },
      },
    },
    async (request) => ({
      data: { result: await service.historyItem(user(request), request.query.paymentId, requestContext(request).language) },
    }),
  );

  app.get(
    '/payments/get-user-payments',
    {
      schema: {
        tags,
        summary: 'The player purchase history',
        querystring: z.object({ project: ZProjectName.optional() }),
        response: { 200: data(z.array(ZPaymentHistoryItem)), ...errors },
      },
    },
    async (request) => ({ data: await service.history(user(request), request.query.project, requestContext(request).language) }),
  );
};

/**
 * The sandbox's stand-in for a provider's payment page in a window of its own (Yandex Pay's):
 * it pays, fails or cancels the sandbox order its URL names, without a session, as a
 * provider's page would (a window opened from a host's frame has no session of its own).
 * Mounted only where sandboxes are (never in production).
 */
export const sandboxOrderRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (app, { service }) => {
  app.post(
    '/payments/sandbox/order/complete',
    {
      schema: {
        tags,
        summary: "The sandbox's payment page: the player paid, failed or cancelled the order it names (no session)",
        body: z.object({
          order: z.string().regex(/^sbx_[a-z-]+_[0-9a-f-]{36}$/, 'not a sandbox order'),
          outcome: z.enum(SANDBOX_OUTCOMES),
        }),
        response: { 200: data(ZStatusAnswer), ...errors },
      },
    },
    async (request) => ({ data: { status: (await service.completeSandboxOrder(request.body.order, request.body.outcome)).status } }),
  );
};
