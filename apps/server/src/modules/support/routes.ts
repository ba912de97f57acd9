import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProjectName } from '@portal/contracts/control';
import { ZApiError } from '@portal/contracts/errors';
import { HEADERS } from '@portal/contracts/http';
import {
  ZCreateTicketData,
  ZCreateTicketResponse,
  ZGetTicketsResponse,
  ZMergeUserIdResponse,
  ZSendMessageData,
  ZSendMessageResponse,
  ZTicket,
  ZTicketIdQuery,
  ZUnreadCountResponse,
  type TSupportEvent,
} from '@portal/contracts/support';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import { currentUser } from '../auth/auth-hook.ts';
import type { SupportBusEvent, SupportEventBus } from './events.ts';
import type { FileLinks } from './file-links.ts';
import { MULTIPART_LIMITS, readSupportMultipart } from './multipart.ts';
import type { Owner } from './repository.ts';
import type { SupportService } from './service.ts';
import type { UploadQuota } from './upload-quota.ts';
import { serialQueue, type SseHub } from '../../lib/sse/sse-hub.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';

export type SupportRoutesOptions = {
  service: SupportService;
  store: FileStore;
  links: FileLinks;
  bus: SupportEventBus;
  hub: SseHub;
  /** Daily upload quotas and the disk watermark (none: uploads are not limited beyond their size). */
  quota?: UploadQuota;
  defaultProject: string;
  /** Lets staff open attachments through the player's file route. */
  staffAuth?: StaffAuth;
};

const tags = ['support'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const uploadErrors = { ...errors, 409: ZApiError, 413: ZApiError, 415: ZApiError, 429: ZApiError, 503: ZApiError };

const unauthorized = () => new AppError('UNAUTHORIZED', 401, 'UNAUTHORIZED! INVALID_TOKEN!');
const ZGuestId = z.uuid();

/** The player of a request: the signed-in user, else the guest of Temp-User-Id. */
export function ownerOf(request: FastifyRequest): Owner {
  if (request.user) return { kind: 'user', userId: request.user.user.id, project: request.user.project };
  if (request.tempUserId) return { kind: 'guest', tempUserId: request.tempUserId };
  throw unauthorized();
}

/** The owner as one key (streams, upload quotas); the kind keeps a guest id from passing for a user's. */
export const ownerKey = (owner: Owner): string => (owner.kind === 'user' ? `user:${owner.userId}` : `guest:${owner.tempUserId}`);

const projectOf = (request: FastifyRequest, fallback: string): string => {
  const parsed = ZProjectName.safeParse(request.headers[HEADERS.project]);
  return parsed.success ? parsed.data : fallback;
};

/** Does a bus event concern this player's tickets? */
const concerns = (owner: Owner, event: SupportBusEvent): boolean =>
  owner.kind === 'user'
    ? event.ownerUserId === owner.userId && (owner.project === undefined || event.project === owner.project)
    : event.ownerUserId === null && event.ownerTempUserId === owner.tempUserId;

/** Parses `Range: bytes=a-b` (one range) against a size; null when absent, 'invalid' when unsatisfiable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** Support calls, under /api: a player is the signed-in user or the Temp-User-Id guest. */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  const { service, store, links, bus, hub, quota, staffAuth, defaultProject } = options;
  const guardOf = (request: FastifyRequest, owner: Owner) => quota?.guard(ownerKey(owner), request.ip);
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.get(
    '/support/get-tickets',
    {
      preHandler: app.optionalEmbeddedUser,
      schema: { tags, summary: "The player's tickets, newest activity first", response: { 200: data(ZGetTicketsResponse), ...errors } },
    },
    async (request) => ({ data: await service.listTickets(ownerOf(request)) }),
  );

  app.get(
    '/support/get-ticket',
    {
      preHandler: app.optionalEmbeddedUser,
      schema: {
        tags,
        summary: 'One ticket with its messages (marks them read)',
        querystring: ZTicketIdQuery,
        response: { 200: data(ZTicket), ...errors },
      },
    },
    async (request) => ({ data: await service.getTicket(ownerOf(request), request.query.id) }),
  );

  app.post(
    '/support/create-ticket',
    {
      preHandler: app.optionalEmbeddedUser,
      schema: {
        tags,
        summary: 'Create a ticket (multipart: data JSON {title, text?}, optional image and video)',
        consumes: ['multipart/form-data'],
        response: { 200: data(ZCreateTicketResponse), ...uploadErrors },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const { data: input, files } = await readSupportMultipart(request, store, ZCreateTicketData, guardOf(request, owner));
      // A host's token writes to its own project, whatever the header says.
      const project = (owner.kind === 'user' ? owner.project : undefined) ?? projectOf(request, defaultProject);
      return { data: await service.createTicket(owner, { project, title: input.title, text: input.text, files }) };
    },
  );

  app.post(
    '/support/send-message',
    {
      preHandler: app.optionalEmbeddedUser,
      schema: {
        tags,
        summary: 'Write to a ticket (multipart: data JSON {ticketId, text}, optional image and video)',
        consumes: ['multipart/form-data'],
        response: { 200: data(ZSendMessageResponse), ...uploadErrors },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const { data: input, files } = await readSupportMultipart(request, store, ZSendMessageData, guardOf(request, owner));
      if (!ZGuestId.safeParse(input.ticketId).success) {
        await service.removeFiles(files);
        throw new AppError('TICKET_NOT_FOUND', 404, 'Ticket not found');
      }
      await service.sendMessage(owner, { ticketId: input.ticketId, text: input.text, files });
      return { data: { result: true } };
    },
  );

  app.post(
    '/support/merge-user-id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Move the Temp-User-Id guest's tickets to the signed-in player",
        response: { 200: data(ZMergeUserIdResponse), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request).user;
      await service.mergeGuestTickets(user.id, request.tempUserId ? [request.tempUserId] : []);
      return { data: { result: true } };
    },
  );

  app.get(
    '/support/get-support-unread-message-count',
    {
      preHandler: app.optionalEmbeddedUser,
      schema: {
        tags,
        summary: 'Unread staff and system messages over all tickets',
        response: { 200: data(ZUnreadCountResponse), ...errors },
      },
    },
    async (request) => ({ data: { count: await service.unreadCount(ownerOf(request)) } }),
  );

  app.get(
    '/support/files/:storedName',
    {
      compress: false,
      schema: {
        tags,
        summary: "An attachment, for the ticket's player and staff only (Range supported)",
        params: z.object({ storedName: z.string().max(64) }),
        querystring: z.object({ t: z.string().max(128).optional() }),
        response: { 200: z.any().describe('the file'), 206: z.any().describe('a byte range of the file'), 404: ZApiError, 416: ZApiError },
      },
    },
    async (request, reply) => {
      const { storedName } = request.params;
      const notFound = new AppError('NOT_FOUND', 404, 'File not found');
      if (!(await mayRead(request, reply, storedName, request.query.t))) throw notFound;
      const whole = await store.stat(storedName);
      if (!whole) throw notFound;
      const range = parseRange(request.headers.range, whole.size);
      reply
        .header('content-type', whole.mime)
        .header('content-disposition', `inline; filename="${storedName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600');
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${whole.size}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', 416, 'Range not satisfiable');
      }
      if (!range) {
        const file = await store.open(storedName);
        if (!file) throw notFound;
        return reply.header('content-length', file.size).send(file.stream);
      }
      const part = await store.open(storedName, range);
      if (!part) throw notFound;
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${whole.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(part.stream);
    },
  );

  /** A signed link, the ticket's player (token or guest header), or staff. */
  async function mayRead(request: FastifyRequest, reply: FastifyReply, storedName: string, token: string | undefined) {
    if (token && links.verify(storedName, token, await service.linkViewers(storedName))) return true;
    if (staffAuth && (await staffAuth.isStaff(request))) return service.canReadFile(storedName, null, true);
    await app.optionalEmbeddedUser(request).catch(() => undefined);
    const owner = request.user
      ? ({ kind: 'user', userId: request.user.user.id, project: request.user.project } as const)
      : request.tempUserId
        ? ({ kind: 'guest', tempUserId: request.tempUserId } as const)
        : null;
    return service.canReadFile(storedName, owner, false);
  }

  app.get(
    '/support/events',
    {
      config: { queryToken: true },
      preHandler: app.optionalEmbeddedUser,
      compress: false,
      schema: {
        tags,
        summary: "Server-Sent Events: new messages on the player's tickets and unread count changes",
        description: 'EventSource sends no headers: a player may pass ?jwt=, a guest ?tempUserId=.',
        querystring: z.object({ jwt: z.string().optional(), tempUserId: z.uuid().optional() }),
        response: { 200: z.string().describe('text/event-stream'), ...errors, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const queryGuest = request.query.tempUserId?.toLowerCase();
      if (!request.user && !request.tempUserId && queryGuest) request.tempUserId = queryGuest;
      const owner = ownerOf(request);
      const stream = hub.open<TSupportEvent>(request, reply, ownerKey(owner));
      const enqueue = serialQueue((error) => request.log.warn({ err: error }, 'support event not delivered'));
      const sendCount = async () => stream.send({ type: 'unreadCount', count: await service.unreadCount(owner) });
      const unsubscribe = bus.subscribe((event) => {
        if (!concerns(owner, event)) return;
        enqueue(async () => {
          if (event.kind === 'message' && event.messageId) {
            const message = await service.messageOf(event.messageId, owner);
            if (message) stream.send({ type: 'message', ticketId: event.ticketId, project: event.project, message });
            await sendCount();
          } else if (event.kind === 'status' && event.status) {
            stream.send({ type: 'ticketStatus', ticketId: event.ticketId, status: event.status });
          } else if ((event.kind === 'read' && event.reader === 'user') || event.kind === 'merged') {
            await sendCount();
          }
        });
      });
      stream.onClose(unsubscribe);
      enqueue(sendCount);
    },
  );
};
