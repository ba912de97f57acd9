import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Captcha } from '../../integrations/captcha/captcha.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { Argon2idHasher } from '../../integrations/passwords/argon2id.ts';
import type { PasswordHasher } from '../../integrations/passwords/password-hasher.ts';
import type { TokenService } from '../../integrations/tokens/token-service.ts';
import { createRateEvents } from '../../lib/rate-events.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import { StaffLoginGuard } from './login-guard.ts';
import { StaffService } from './service.ts';
import { createStaffAuth } from './staff-auth.ts';

/** What staff sign-in shares with the players' (the accounts module). */
export interface StaffSignInDeps {
  /** the bounded hash queue (HashGate) */
  hasher: PasswordHasher & { assertCapacity?: () => void };
  /** the ALTCHA verifier of the player sign-in */
  captcha: Captcha;
  /** sends set-password links to new staff */
  mailer?: Mailer;
}

export interface Staff {
  service: StaffService;
  /** `requireStaff(role)` and the admitted member, for every module's staff routes. */
  auth: StaffAuth;
}

/** Staff accounts, their sign-in and the first admin from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function createStaff(
  config: AppConfig,
  db: Db,
  tokens: TokenService,
  log: FastifyBaseLogger,
  signIn?: StaffSignInDeps,
): Promise<Staff> {
  const service = new StaffService({
    db,
    hasher: signIn?.hasher ?? new Argon2idHasher(),
    tokens,
    // Production refuses webhook targets inside our own network (SSRF); tests and local
    // development post to local receivers.
    refuseNonPublicWebhooks: config.isProduction,
    publicUrl: config.PUBLIC_URL,
    ...(signIn?.mailer && { mailer: signIn.mailer }),
    ...(signIn && { guard: new StaffLoginGuard({ db, events: createRateEvents(db), captcha: signIn.captcha }) }),
  });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await service.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    if (outcome === 'created') log.info({ email: config.ADMIN_EMAIL }, 'created the staff admin');
    if (outcome === 'password-changed') log.info({ email: config.ADMIN_EMAIL }, 'admin password changed from ADMIN_PASSWORD');
  }
  return { service, auth: createStaffAuth(service) };
}
