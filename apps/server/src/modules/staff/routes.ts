import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkAnswer } from '@portal/contracts/auth';
import { ZApiError } from '@portal/contracts/errors';
import {
  ZApiKeyParams,
  ZApiKeyResponse,
  ZStaffAccount,
  ZStaffAccountParams,
  ZStaffApiKey,
  ZStaffLockedError,
  ZProjectParams,
  ZStaffAccountRequest,
  ZStaffRoleChange,
  ZStaffSetPasswordRequest,
  ZStaffLoginRequest,
  ZStaffLoginResponse,
  ZStaffMe,
  ZStaffProjectName,
  ZStaffProjectSettings,
  ZStaffPayment,
  ZStaffPaymentsQuery,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookDeliveryParams,
  ZWebhookRequest,
  ZWebhookResponse,
  ZWebhookRotation,
  ZApiKeyRequest,
  ZLaunchChecklist,
  type TLaunchChecklist,
} from '@portal/contracts/staff';
import { ZAuditEntry, ZAuditQuery } from '@portal/contracts/catalog-console';
import { AppError } from '../../lib/app-error.ts';
import type { TApiKeyMode } from '@portal/contracts/payments';
import type { PaymentsService } from '../payments/service.ts';
import { AccountLocked } from './login-guard.ts';
import type { StaffService } from './service.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import { toStaff } from '../payments/mappers.ts';

export type StaffRoutesOptions = {
  staff: StaffService;
  auth: StaffAuth;
  payments: PaymentsService;
  /** login tries per minute per IP (0: only the global limit) */
  guessLimit: number;
  /** A project's launch checklist (what it lacks before it goes live). */
  checklist: (project: string) => Promise<TLaunchChecklist>;
  /** The mode of a key made without one: live in production, test elsewhere. */
  defaultKeyMode: TApiKeyMode;
};

const tags = ['staff'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 429: ZApiError };

/** The staff API (tickets live in the support module). */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (
  app,
  { staff, auth, payments, guessLimit, checklist, defaultKeyMode },
) => {
  const guessing: FastifyContextConfig = guessLimit > 0 ? { rateLimit: { max: guessLimit, timeWindow: 60_000 } } : {};
  const admin = auth.requireStaff('admin');
  const anyRole = auth.requireStaff('support', 'catalog', 'finance');
  const moneyReaders = auth.requireStaff('support', 'finance');

  app.post(
    '/staff/login',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Staff sign-in; 403 CAPTCHA_REQUIRED after failures (send `altcha`), 429 ACCOUNT_LOCKED with Retry-After after many',
        body: ZStaffLoginRequest,
        response: { 200: ZStaffLoginResponse, ...errors, 429: ZStaffLockedError },
      },
    },
    async (request, reply) => {
      const { email, password, altcha } = request.body;
      try {
        return { token: await staff.login(email, password, { ip: request.ip, altcha }) };
      } catch (error) {
        if (!(error instanceof AccountLocked)) throw error;
        return reply
          .code(429)
          .header('retry-after', String(error.retryAfter))
          .send({ code: error.code, message: error.message, retryAfter: error.retryAfter });
      }
    },
  );

  app.post(
    '/staff/logout',
    {
      preHandler: anyRole,
      schema: {
        tags,
        summary: 'Sign out everywhere: every token of this member stops working',
        response: { 200: z.object({ data: ZOkAnswer }), ...errors },
      },
    },
    async (request) => {
      if (!request.staff) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
      await staff.logout(request.staff.id);
      return { data: { result: true as const } };
    },
  );

  app.get(
    '/staff/me',
    {
      preHandler: anyRole,
      schema: { tags, summary: 'The signed-in staff member and role', response: { 200: z.object({ data: ZStaffMe }), ...errors } },
    },
    async (request) => {
      if (!request.staff) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
      return { data: request.staff };
    },
  );

  app.post(
    '/staff/accounts',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'A new staff member (admin only); without a password they get an e-mail with a set-password link',
        body: ZStaffAccountRequest,
        response: { 201: z.object({ data: ZStaffMe }), ...errors, 409: ZApiError },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await staff.createAccount(request.body.email, request.body.password, request.body.role, auth.staffId(request)) }),
  );

  app.get(
    '/staff/accounts',
    {
      preHandler: admin,
      schema: { tags, summary: 'The staff members (admin only)', response: { 200: z.object({ data: z.array(ZStaffAccount) }), ...errors } },
    },
    async () => ({ data: await staff.listAccounts() }),
  );

  app.patch(
    '/staff/accounts/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "Change another member's role (admin only; not your own)",
        params: ZStaffAccountParams,
        body: ZStaffRoleChange,
        response: { 200: z.object({ data: ZStaffAccount }), ...errors, 409: ZApiError },
      },
    },
    async (request) => ({ data: await staff.changeRole(auth.staffId(request), request.params.id, request.body.role) }),
  );

  app.post(
    '/staff/accounts/:id/sign-out',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Sign a member out everywhere: every token of theirs ends (admin only)',
        params: ZStaffAccountParams,
        response: { 200: z.object({ data: ZOkAnswer }), ...errors },
      },
    },
    async (request) => {
      await staff.signOutMember(auth.staffId(request), request.params.id);
      return { data: { result: true as const } };
    },
  );

  app.post(
    '/staff/accounts/:id/password-link',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'E-mail a member a new one-time link to set their password (admin only)',
        params: ZStaffAccountParams,
        response: { 200: z.object({ data: ZOkAnswer }), ...errors, 503: ZApiError },
      },
    },
    async (request) => {
      await staff.sendPasswordLink(request.params.id, auth.staffId(request));
      return { data: { result: true as const } };
    },
  );

  app.post(
    '/staff/set-password',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Set a staff password from an e-mailed link (once, before it expires); signs out every older token',
        body: ZStaffSetPasswordRequest,
        response: { 200: z.object({ data: ZOkAnswer }), ...errors },
      },
    },
    async (request) => {
      await staff.setPasswordWithLink(request.body.token, request.body.password);
      return { data: { result: true as const } };
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/staff/accounts/:id/${action}`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary:
            action === 'disable'
              ? 'Disable a staff member: no sign-in, every token ends (admin only; not yourself)'
              : 'Enable a disabled staff member (admin only; old tokens stay ended)',
          params: ZStaffAccountParams,
          response: { 200: z.object({ data: ZStaffAccount }), ...errors, 409: ZApiError },
        },
      },
      async (request) => {
        const actor = request.staff?.id ?? '';
        return { data: await staff.setDisabled(actor, request.params.id, action === 'disable') };
      },
    );
  }

  app.get(
    '/staff/projects',
    {
      preHandler: anyRole,
      schema: {
        tags,
        summary: 'Project names (the inbox filter)',
        response: { 200: z.object({ data: z.array(ZStaffProjectName) }), ...errors },
      },
    },
    async () => ({ data: await staff.projectNames() }),
  );

  app.get(
    '/staff/projects/:project',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "A project's webhook URL and live API key count",
        params: ZProjectParams,
        response: { 200: z.object({ data: ZStaffProjectSettings }), ...errors },
      },
    },
    async (request) => ({ data: { ...(await staff.projectSettings(request.params.project)), defaultKeyMode } }),
  );

  app.get(
    '/staff/projects/:project/checklist',
    {
      preHandler: auth.requireStaff('catalog'),
      schema: {
        tags,
        summary:
          "A project's launch checklist: payment methods with keys, a webhook that answered, prices, texts in English and Russian, images",
        params: ZProjectParams,
        response: { 200: z.object({ data: ZLaunchChecklist }), ...errors },
      },
    },
    async (request) => ({ data: await checklist(request.params.project) }),
  );

  app.post(
    '/staff/projects/:project/api-keys',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'A new game-server API key (shown once)',
        params: ZProjectParams,
        body: ZApiKeyRequest.nullish(),
        response: { 201: ZApiKeyResponse, ...errors },
      },
    },
    async (request, reply) => {
      const mode = request.body?.mode ?? defaultKeyMode;
      return reply.code(201).send({ key: await staff.createApiKey(request.params.project, request.staff?.id ?? null, mode), mode });
    },
  );

  app.get(
    '/staff/projects/:project/api-keys',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "A project's game-server API keys: prefix, times, revoked (never the key)",
        params: ZProjectParams,
        response: { 200: z.object({ data: z.array(ZStaffApiKey) }), ...errors },
      },
    },
    async (request) => ({ data: await staff.listApiKeys(request.params.project) }),
  );

  app.post(
    '/staff/projects/:project/api-keys/:keyId/revoke',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Revoke a game-server API key: the game-server API answers 401 to it',
        params: ZApiKeyParams,
        response: { 200: z.object({ data: ZStaffApiKey }), ...errors },
      },
    },
    async (request) => ({ data: await staff.revokeApiKey(request.params.project, request.params.keyId, auth.staffId(request)) }),
  );

  app.put(
    '/staff/projects/:project/webhook',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Set the project webhook URL; answers its signing secret (made with the first URL, kept when the URL changes)',
        params: ZProjectParams,
        body: ZWebhookRequest,
        response: { 200: ZWebhookResponse, ...errors },
      },
    },
    async (request) => staff.setWebhook(request.params.project, request.body.url, auth.staffId(request)),
  );

  app.post(
    '/staff/projects/:project/webhook/rotate-secret',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Make a new signing secret; for 24 hours deliveries are signed by both the new and the previous one',
        params: ZProjectParams,
        response: { 200: ZWebhookRotation, ...errors, 409: ZApiError },
      },
    },
    async (request) => staff.rotateWebhookSecret(request.params.project, auth.staffId(request)),
  );

  app.post(
    '/staff/projects/:project/webhook/test',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Send a signed `webhook.test` event to the project webhook URL now; answers the logged delivery',
        params: ZProjectParams,
        response: { 200: z.object({ data: ZWebhookDelivery }), ...errors, 409: ZApiError },
      },
    },
    async (request) => ({ data: await payments.sendTestWebhook(request.params.project) }),
  );

  app.get(
    '/staff/projects/:project/webhook-deliveries',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "The project's webhook deliveries, newest first: event, answer, time taken, attempt, next retry",
        params: ZProjectParams,
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: z.object({ data: z.array(ZWebhookDelivery) }), ...errors },
      },
    },
    async (request) => ({ data: await payments.webhookDeliveries(request.params.project, request.query) }),
  );

  app.post(
    '/staff/projects/:project/webhook-deliveries/:deliveryId/redeliver',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Send a logged event again, with the same event id, to the current URL and secret',
        params: ZWebhookDeliveryParams,
        response: { 200: z.object({ data: ZWebhookDelivery }), ...errors, 409: ZApiError },
      },
    },
    async (request) => ({ data: await payments.redeliverWebhook(request.params.project, request.params.deliveryId) }),
  );

  app.get(
    '/staff/audit',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'The audit log of staff changes, newest first (admin only); `before` pages on',
        querystring: ZAuditQuery,
        response: { 200: z.object({ data: z.array(ZAuditEntry) }), ...errors },
      },
    },
    async (request) => ({ data: await staff.audit(request.query) }),
  );

  app.get(
    '/staff/payments/:paymentId',
    {
      preHandler: moneyReaders,
      schema: {
        tags,
        summary: 'Look up a payment',
        params: z.object({ paymentId: z.string().max(64) }),
        response: { 200: ZStaffPayment, ...errors },
      },
    },
    async (request) => {
      const payment = await payments.find(request.params.paymentId);
      if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 404, 'Payment not found');
      return toStaff(payment);
    },
  );

  app.get(
    '/staff/payments',
    {
      preHandler: moneyReaders,
      schema: {
        tags,
        summary: 'Payments of a player and/or project, newest first',
        querystring: ZStaffPaymentsQuery,
        response: { 200: z.array(ZStaffPayment), ...errors },
      },
    },
    async (request) => (await payments.search(request.query)).map((row) => toStaff(row)),
  );
};
