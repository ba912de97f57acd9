import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import {
  ZSendMessageData,
  ZStaffTicket,
  ZStaffTicketListItem,
  ZStaffTicketsQuery,
  ZTicketIdParams,
  ZTicketMessage,
  ZTicketStatusResponse,
  type TSupportEvent,
} from '@portal/contracts/support';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import type { SupportEventBus } from './events.ts';
import { MULTIPART_LIMITS, readSupportMultipart } from './multipart.ts';
import type { SupportService } from './service.ts';
import { serialQueue, type SseHub } from '../../lib/sse/sse-hub.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import type { UploadQuota } from './upload-quota.ts';

export type SupportStaffRoutesOptions = {
  service: SupportService;
  store: FileStore;
  bus: SupportEventBus;
  hub: SseHub;
  /** Staff replies stop on the disk watermark too (staff have no daily quota). */
  quota?: UploadQuota;
  staffAuth: StaffAuth;
};

const tags = ['staff'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
/** A staff reply's data: the ticket comes from the path. */
const ZStaffMessageData = ZSendMessageData.omit({ ticketId: true });

/** The staff inbox, under /api/staff; every route needs the `support` role. */
export const supportStaffRoutes: FastifyPluginAsyncZod<SupportStaffRoutesOptions> = async (app, options) => {
  const { service, store, bus, hub, quota, staffAuth } = options;
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const preHandler = staffAuth.requireStaff('support');

  app.get(
    '/staff/tickets',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Tickets by status (and project), unread first',
        querystring: ZStaffTicketsQuery,
        response: { 200: data(z.array(ZStaffTicketListItem)), ...errors },
      },
    },
    async (request) => ({ data: await service.staffTickets(request.query.status, request.query.project) }),
  );

  app.get(
    '/staff/tickets/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: "A ticket with the player's id, sign-in type and recent payments",
        params: ZTicketIdParams,
        response: { 200: data(ZStaffTicket), ...errors },
      },
    },
    async (request) => ({ data: await service.staffTicket(request.params.id) }),
  );

  app.post(
    '/staff/tickets/:id/messages',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Reply (multipart: data JSON {text}, optional image and video)',
        consumes: ['multipart/form-data'],
        params: ZTicketIdParams,
        response: { 200: data(ZTicketMessage), ...errors, 409: ZApiError, 413: ZApiError, 415: ZApiError, 503: ZApiError },
      },
    },
    async (request) => {
      const { data: input, files } = await readSupportMultipart(request, store, ZStaffMessageData, quota?.staffGuard());
      const message = await service.staffReply(staffAuth.staffId(request), { ticketId: request.params.id, text: input.text, files });
      return { data: message };
    },
  );

  for (const [action, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    app.post(
      `/staff/tickets/:id/${action}`,
      {
        preHandler,
        schema: {
          tags,
          summary: `${action === 'close' ? 'Close' : 'Reopen'} a ticket`,
          params: ZTicketIdParams,
          response: { 200: data(ZTicketStatusResponse), ...errors },
        },
      },
      async (request) => ({ data: await service.setStatus(request.params.id, status) }),
    );
  }

  app.get(
    '/staff/support/events',
    {
      preHandler,
      compress: false,
      schema: {
        tags,
        summary: 'Server-Sent Events: new messages and status changes of every ticket',
        response: { 200: z.string().describe('text/event-stream'), ...errors, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const stream = hub.open<TSupportEvent>(request, reply, `staff:${staffAuth.staffId(request)}`);
      const enqueue = serialQueue((error) => request.log.warn({ err: error }, 'staff support event not delivered'));
      const unsubscribe = bus.subscribe((event) => {
        enqueue(async () => {
          // The sign-in is checked again before each event: a member signed out everywhere or
          // disabled while the stream is open gets nothing more, and the stream ends.
          try {
            await preHandler(request);
          } catch {
            stream.close();
            return;
          }
          if (event.kind === 'message' && event.messageId) {
            const message = await service.messageOf(event.messageId, 'staff');
            if (message) stream.send({ type: 'message', ticketId: event.ticketId, project: event.project, message });
          } else if (event.kind === 'status' && event.status) {
            stream.send({ type: 'ticketStatus', ticketId: event.ticketId, status: event.status });
          }
        });
      });
      stream.onClose(unsubscribe);
    },
  );
};
