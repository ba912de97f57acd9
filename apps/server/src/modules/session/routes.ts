import { ZApiError } from '@portal/contracts/errors';
import { SESSION_LIFETIME_MS, sessionLoginPath, ZSessionGetAnswer, ZSessionGetBody, ZSessionInfo } from '@portal/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createSessionRepository } from './repository.ts';

export type SessionRoutesOptions = {
  db: Db;
  publicUrl: string;
  now?: () => number;
  /** sessions one client address may make an hour (0: no cap) */
  perAddressHour?: number;
};

/** Sessions one address may make an hour: a game makes one per sign-in it starts. */
export const SESSIONS_PER_ADDRESS_HOUR = 300;
const HOUR_MS = 60 * 60 * 1000;

const tags = ['session'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Sessions for games (the `session/get` call). */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (
  app,
  { db, publicUrl, now = Date.now, perAddressHour = SESSIONS_PER_ADDRESS_HOUR },
) => {
  const repo = createSessionRepository(db);
  // Sessions live a day: expired ones are dropped every hour (on every process; the delete is idempotent).
  const sweep = () =>
    repo.sweep(new Date(now() - SESSION_LIFETIME_MS)).catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  const timer = setInterval(() => void sweep(), HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.addHook('onReady', async () => void sweep());

  app.post(
    '/session/get',
    {
      schema: {
        tags,
        summary: 'Create a login session: the login URL and the session id',
        body: ZSessionGetBody,
        response: { 200: data(ZSessionGetAnswer), 400: ZApiError, 429: ZApiError },
      },
    },
    async (request) => {
      const body = request.body;
      if (perAddressHour > 0 && (await repo.madeBy(request.ip, new Date(now() - HOUR_MS), perAddressHour)) >= perAddressHour) {
        throw new AppError('RATE_LIMITED', 429, 'Too many sessions from this address, try again later', { retryAfter: 600 });
      }
      const row = await repo.create({
        clientIp: request.ip,
        iid: body.iid ?? null,
        uid: body.uid ?? null,
        platformId: body.platformId,
        source: body.source,
        locale: body.locale,
        project: body.project,
      });
      return {
        data: { session: row.id, loginUrl: `${publicUrl}${sessionLoginPath(row.id, row.source, row.locale, row.project)}` },
      };
    },
  );

  app.get(
    '/session/:session',
    {
      schema: {
        tags,
        summary: 'A session made by session/get (404 when unknown or expired)',
        params: z.object({ session: z.uuid() }),
        response: { 200: data(ZSessionInfo), 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const row = await repo.find(request.params.session);
      // An expired session is as unknown as one never made: nobody signs in to it any more.
      if (!row || now() - row.createdAt.getTime() > SESSION_LIFETIME_MS) throw new AppError('SESSION_NOT_FOUND', 404, 'Session not found');
      return {
        data: {
          session: row.id,
          source: row.source,
          locale: row.locale,
          project: row.project,
          platformId: row.platformId,
          createdAt: row.createdAt.toISOString(),
        },
      };
    },
  );
};
