import { z } from 'zod';
import { ZProjectName } from './control.ts';

/**
 * Sessions for games (the session request). A game (or the portal) asks for
 * a session and sends the player to its `loginUrl`; the auth result is then delivered by
 * postMessage or redirect per the project's authType.
 */

import { WEB_PLATFORM_ID } from './auth-constants.ts';

export { WEB_PLATFORM_ID };

const ZShortText = z.string().trim().max(128);

/** POST /api/session/get. Unknown fields are refused (400 VALIDATION_ERROR). */
export const ZSessionGetBody = z.strictObject({
  /** installation id of the game client, when it has one (null or absent otherwise) */
  iid: ZShortText.nullish(),
  /** the game's own user id, when it has one (null or absent otherwise) */
  uid: ZShortText.nullish(),
  platformId: ZShortText.min(1).default(WEB_PLATFORM_ID),
  /** where the login was started (for example web, android, ios, a partner name) */
  source: ZShortText.min(1).regex(/^[A-Za-z0-9._-]+$/),
  /** language of the login screens (one of the 10; others fall back to en on the page) */
  locale: ZShortText.min(2)
    .max(16)
    .regex(/^[A-Za-z-]+$/),
  project: ZProjectName,
});
export type TSessionGetBody = z.input<typeof ZSessionGetBody>;

/**
 * `{ data: TSessionGetAnswer }`: `loginUrl` is
 * `${PUBLIC_URL}/session/login/{session}/{source}/{locale}/{project}`; `session` is a UUID.
 */
export const ZSessionGetAnswer = z.object({
  loginUrl: z.string().url(),
  session: z.string().uuid(),
});
export type TSessionGetAnswer = z.infer<typeof ZSessionGetAnswer>;

export const sessionLoginPath = (session: string, source: string, locale: string, project: string): string =>
  `/session/login/${encodeURIComponent(session)}/${encodeURIComponent(source)}/${encodeURIComponent(locale)}/${encodeURIComponent(project)}`;

/**
 * How long a session of session/get can be signed in to: the sign-in screens refuse an older
 * one ("Session not found") and hand no result for it.
 */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** GET /api/session/{session} -> `{ data: TSessionInfo }` (404 SESSION_NOT_FOUND: unknown or expired). */
export const ZSessionInfo = z.object({
  session: z.string().uuid(),
  source: z.string(),
  locale: z.string(),
  project: z.string(),
  platformId: z.string(),
  createdAt: z.string(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;
