import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  STAFF_LINK_TTL_HOURS,
  type TStaffAccount,
  type TStaffApiKey,
  type TStaffProjectSettings,
  type TStaffRole,
} from '@portal/contracts/staff';
import type { Db } from '../../db/client.ts';
import { projectApiKeys, projectWebhooks, projects, staffAccounts, staffPasswordLinks, type StaffAccountRow } from '../../db/schema.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { escapeHtml } from '../../integrations/mail/templates.ts';
import type { PasswordHasher } from '../../integrations/passwords/password-hasher.ts';
import type { TokenService } from '../../integrations/tokens/token-service.ts';
import { TokenError } from '../../integrations/tokens/token-error.ts';
import type { TApiKeyMode } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import { signInFailed } from '../../lib/telemetry/signals.ts';
import { readAudit, recordAudit } from '../../lib/audit.ts';
import type { TAuditEntry, TAuditQuery } from '@portal/contracts/catalog-console';
import { nonPublicUrlReason } from '../../lib/public-address.ts';
import type { StaffLoginGuard } from './login-guard.ts';

/** Staff tokens carry their own audience: a player token is never a staff token, nor the reverse. */
export const STAFF_AUDIENCE = 'portal-staff';
const STAFF_TOKEN_TTL_SECONDS = 8 * 3600;
const API_KEY_PREFIX = 'ppk';
/** A key's last use is written at most this often (one write a minute, not one per call). */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface StaffMember {
  id: string;
  email: string;
  role: TStaffRole;
}

/** Where a staff sign-in comes from: the client address and the ALTCHA value sent with it. */
export interface StaffLoginContext {
  ip?: string;
  altcha?: string | undefined;
}

/** What ADMIN_EMAIL / ADMIN_PASSWORD did at start. */
export type AdminSeedOutcome = 'created' | 'password-changed' | 'unchanged';

export interface StaffServiceOptions {
  db: Db;
  /** the players' HashGate (or anything with `assertCapacity`) bounds the argon2 work of staff sign-ins too */
  hasher: PasswordHasher & { assertCapacity?: () => void };
  tokens: TokenService;
  /** failure counts, robot check and lockout of the sign-in; none: only the per-IP rate limit */
  guard?: StaffLoginGuard;
  /** Refuse webhook URLs on loopback/private/link-local/unspecified addresses (production). */
  refuseNonPublicWebhooks?: boolean;
  /** sends set-password links to new members; without it an account needs a password when made */
  mailer?: Mailer;
  /** the portal's public URL the links point to */
  publicUrl?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Staff accounts and the project keys and webhooks they manage. */
export class StaffService {
  private readonly db: Db;
  private readonly hasher: PasswordHasher & { assertCapacity?: () => void };
  private readonly tokens: TokenService;
  private readonly guard: StaffLoginGuard | undefined;
  private readonly refuseNonPublicWebhooks: boolean;
  private readonly mailer: Mailer | undefined;
  private readonly publicUrl: string;
  /** Spent on unknown e-mails so a login takes as long whether the account exists or not. */
  private dummyHash: Promise<string> | undefined;

  constructor(options: StaffServiceOptions) {
    this.db = options.db;
    this.hasher = options.hasher;
    this.tokens = options.tokens;
    this.guard = options.guard;
    this.refuseNonPublicWebhooks = options.refuseNonPublicWebhooks ?? false;
    this.mailer = options.mailer;
    this.publicUrl = options.publicUrl ?? '';
  }

  /**
   * ADMIN_EMAIL / ADMIN_PASSWORD: creates the admin when absent. When the account exists and
   * its stored hash does not verify the configured password, the configured one is stored and
   * every token of the account ends (its session version goes up); its failure count is cleared.
   */
  async ensureAdmin(email: string, password: string): Promise<AdminSeedOutcome> {
    const normalized = email.trim().toLowerCase();
    const [existing] = await this.db
      .select({ id: staffAccounts.id, passwordHash: staffAccounts.passwordHash })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, normalized));
    if (existing) {
      if (await this.hasher.verifyPassword(existing.passwordHash, password)) return 'unchanged';
      const passwordHash = await this.hasher.hashPassword(password);
      await this.db
        .update(staffAccounts)
        .set({ passwordHash, sessionVersion: sql`${staffAccounts.sessionVersion} + 1` })
        .where(eq(staffAccounts.id, existing.id));
      await this.guard?.succeeded(normalized);
      return 'password-changed';
    }
    const passwordHash = await this.hasher.hashPassword(password);
    const inserted = await this.db
      .insert(staffAccounts)
      .values({ id: randomUUID(), email: normalized, passwordHash, role: 'admin' })
      .onConflictDoNothing()
      .returning({ id: staffAccounts.id });
    return inserted.length > 0 ? 'created' : 'unchanged';
  }

  /** A new staff member; an e-mail already taken is STAFF_EXISTS (409). */
  async createAccount(email: string, password: string | undefined, role: TStaffRole, actorId: string | null = null): Promise<StaffMember> {
    if (password === undefined && !this.mailer) {
      throw new AppError('VALIDATION_ERROR', 400, 'body.password: required while the portal sends no mail');
    }
    const id = randomUUID();
    const normalized = email.trim().toLowerCase();
    // Without a password the account gets one nobody knows until the member sets theirs.
    const passwordHash = await this.hasher.hashPassword(password ?? randomBytes(32).toString('base64url'));
    const member = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(staffAccounts)
        .values({ id, email: normalized, passwordHash, role })
        .onConflictDoNothing({ target: staffAccounts.email })
        .returning({ id: staffAccounts.id });
      if (inserted.length === 0) throw new AppError('STAFF_EXISTS', 409, 'A staff member with this e-mail exists');
      const created = { id, email: normalized, role };
      await recordAudit(tx, { staffId: actorId, action: 'staff.create', targetType: 'staff', targetId: id, before: null, after: created });
      return created;
    });
    if (password === undefined) await this.sendPasswordLink(member.id, actorId);
    return member;
  }

  /**
   * E-mails the member a one-time link to set their password (a new member, or one who lost
   * it); earlier links of the member stop working.
   */
  async sendPasswordLink(memberId: string, actorId: string | null): Promise<void> {
    if (!this.mailer) throw new AppError('SERVICE_UNAVAILABLE', 503, 'The portal sends no mail');
    const token = randomBytes(32).toString('base64url');
    const member = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, memberId));
      if (!row) throw new AppError('STAFF_NOT_FOUND', 404, 'No such staff member');
      await tx
        .update(staffPasswordLinks)
        .set({ usedAt: new Date() })
        .where(and(eq(staffPasswordLinks.staffId, memberId), isNull(staffPasswordLinks.usedAt)));
      await tx
        .insert(staffPasswordLinks)
        .values({ tokenHash: sha256(token), staffId: memberId, expiresAt: new Date(Date.now() + STAFF_LINK_TTL_HOURS * 3_600_000) });
      await recordAudit(tx, {
        staffId: actorId,
        action: 'staff.passwordLink',
        targetType: 'staff',
        targetId: memberId,
        before: null,
        after: null,
      });
      return row;
    });
    // The token rides in the fragment: it never reaches a server log or a Referer header.
    const link = `${this.publicUrl}/staff/set-password#${token}`;
    await this.mailer.send({
      to: member.email,
      subject: 'Your staff account: set your password',
      text: `An admin gave you access to the publisher console.\n\nSet your password here (the link works once, for ${STAFF_LINK_TTL_HOURS} hours):\n${link}\n`,
      html: `<p>An admin gave you access to the publisher console.</p><p><a href="${escapeHtml(link)}">Set your password</a> (the link works once, for ${STAFF_LINK_TTL_HOURS} hours).</p>`,
    });
  }

  /** Sets a member's password from an e-mailed link: once, before it expires; every older token ends. */
  async setPasswordWithLink(token: string, password: string): Promise<void> {
    const invalid = () => new AppError('STAFF_LINK_INVALID', 400, 'This link is used or expired: ask an admin for a new one');
    // A wrong token costs a lookup, never a password hash.
    const [live] = await this.db
      .select({ staffId: staffPasswordLinks.staffId })
      .from(staffPasswordLinks)
      .where(
        and(
          eq(staffPasswordLinks.tokenHash, sha256(token)),
          isNull(staffPasswordLinks.usedAt),
          gt(staffPasswordLinks.expiresAt, new Date()),
        ),
      );
    if (!live) throw invalid();
    this.hasher.assertCapacity?.();
    const passwordHash = await this.hasher.hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [link] = await tx
        .update(staffPasswordLinks)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(staffPasswordLinks.tokenHash, sha256(token)),
            isNull(staffPasswordLinks.usedAt),
            gt(staffPasswordLinks.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!link) throw invalid();
      await tx
        .update(staffAccounts)
        .set({ passwordHash, sessionVersion: sql`${staffAccounts.sessionVersion} + 1` })
        .where(eq(staffAccounts.id, link.staffId));
      await recordAudit(tx, {
        staffId: link.staffId,
        action: 'staff.setPassword',
        targetType: 'staff',
        targetId: link.staffId,
        before: null,
        after: null,
      });
    });
  }

  /** Another member's role (an admin cannot change their own, so an admin always remains). */
  async changeRole(actorId: string, memberId: string, role: TStaffRole): Promise<TStaffAccount> {
    if (actorId === memberId) throw new AppError('CANNOT_CHANGE_OWN_ROLE', 409, 'You cannot change your own role');
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, memberId)).for('update');
      if (!old) throw new AppError('STAFF_NOT_FOUND', 404, 'No such staff member');
      const [row] = await tx.update(staffAccounts).set({ role }).where(eq(staffAccounts.id, memberId)).returning();
      const after = toAccount(row!);
      await recordAudit(tx, {
        staffId: actorId,
        action: 'staff.role',
        targetType: 'staff',
        targetId: memberId,
        before: toAccount(old),
        after,
      });
      return after;
    });
  }

  /** Ends every token of a member (a lost laptop): they sign in again. */
  async signOutMember(actorId: string, memberId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffAccounts)
        .set({ sessionVersion: sql`${staffAccounts.sessionVersion} + 1` })
        .where(eq(staffAccounts.id, memberId))
        .returning({ id: staffAccounts.id });
      if (!row) throw new AppError('STAFF_NOT_FOUND', 404, 'No such staff member');
      await recordAudit(tx, {
        staffId: actorId,
        action: 'staff.signOut',
        targetType: 'staff',
        targetId: memberId,
        before: null,
        after: null,
      });
    });
  }

  /** The audit log of staff changes, newest first. */
  audit(query: TAuditQuery): Promise<TAuditEntry[]> {
    return readAudit(this.db, query);
  }

  /** Whether robot checks for this address are hard ones (it is past its staff sign-in failures). */
  async captchaHardFor(ip: string): Promise<boolean> {
    return (await this.guard?.hardFor(ip)) ?? false;
  }

  /**
   * A staff token for the right e-mail and password. The hash work waits in the bounded hash
   * queue (429 past it); the guard may ask for a robot check or refuse a locked e-mail first.
   */
  async login(email: string, password: string, context: StaffLoginContext = {}): Promise<string> {
    this.hasher.assertCapacity?.();
    const normalized = email.trim().toLowerCase();
    const ip = context.ip ?? 'unknown';
    await this.guard?.check(normalized, ip, context.altcha);
    const [account] = await this.db.select().from(staffAccounts).where(eq(staffAccounts.email, normalized));
    if (!account) {
      await this.hasher.verifyPassword(await this.dummy(), password);
      await this.guard?.failed(normalized, ip);
      throw invalidCredentials();
    }
    if (!(await this.hasher.verifyPassword(account.passwordHash, password))) {
      await this.guard?.failed(normalized, ip);
      throw invalidCredentials();
    }
    await this.guard?.succeeded(normalized, ip);
    if (account.disabledAt) throw new AppError('STAFF_DISABLED', 401, 'This staff account is disabled');
    if (this.hasher.needsRehash(account.passwordHash)) {
      const passwordHash = await this.hasher.hashPassword(password);
      await this.db.update(staffAccounts).set({ passwordHash }).where(eq(staffAccounts.id, account.id));
    }
    const { token } = await this.tokens.signToken('staff', {
      sub: account.id,
      aud: STAFF_AUDIENCE,
      ttlSeconds: STAFF_TOKEN_TTL_SECONDS,
      extra: { role: account.role, sv: account.sessionVersion },
    });
    return token;
  }

  /**
   * The staff member of a token. The row is read on every call: a demotion applies at once,
   * and a disabled member or a token of an older session version (sign-out everywhere, a new
   * password) is 401.
   */
  async authenticate(token: string): Promise<StaffMember> {
    let claims: { sub: string; sv?: unknown };
    try {
      claims = await this.tokens.verifyToken('staff', token, { audience: STAFF_AUDIENCE });
    } catch (error) {
      if (error instanceof TokenError) throw staffSignInRequired();
      throw error;
    }
    const [account] = await this.db.select().from(staffAccounts).where(eq(staffAccounts.id, claims.sub));
    if (!account || account.disabledAt || claims.sv !== account.sessionVersion) throw staffSignInRequired();
    return toMember(account);
  }

  /** Sign out everywhere: every token of the member issued so far stops working. */
  async logout(memberId: string): Promise<void> {
    await this.db
      .update(staffAccounts)
      .set({ sessionVersion: sql`${staffAccounts.sessionVersion} + 1` })
      .where(eq(staffAccounts.id, memberId));
  }

  /** The team as an admin sees it, oldest first. */
  async listAccounts(): Promise<TStaffAccount[]> {
    const rows = await this.db.select().from(staffAccounts).orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.email));
    return rows.map((row) => toAccount(row));
  }

  /**
   * Disables (no sign-in, every token ends) or enables a member; an admin cannot disable
   * themselves, so an admin always remains. Enabling does not bring old tokens back.
   */
  async setDisabled(actorId: string, memberId: string, disabled: boolean): Promise<TStaffAccount> {
    if (disabled && actorId === memberId) throw new AppError('CANNOT_DISABLE_SELF', 409, 'You cannot disable your own account');
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, memberId)).for('update');
      if (!old) throw new AppError('STAFF_NOT_FOUND', 404, 'No such staff member');
      const [row] = await tx
        .update(staffAccounts)
        .set(
          disabled
            ? { disabledAt: sql`coalesce(${staffAccounts.disabledAt}, now())`, sessionVersion: sql`${staffAccounts.sessionVersion} + 1` }
            : { disabledAt: null },
        )
        .where(eq(staffAccounts.id, memberId))
        .returning();
      const after = toAccount(row!);
      await recordAudit(tx, {
        staffId: actorId,
        action: disabled ? 'staff.disable' : 'staff.enable',
        targetType: 'staff',
        targetId: memberId,
        before: toAccount(old),
        after,
      });
      return after;
    });
  }

  /** The hash spent on unknown e-mails; a refusal of the hash queue is not kept. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
      this.dummyHash = undefined;
      throw error;
    });
    return this.dummyHash;
  }

  async assertProject(project: string): Promise<void> {
    const [row] = await this.db.select({ name: projects.name }).from(projects).where(eq(projects.name, project));
    if (!row) throw new AppError('PROJECT_NOT_FOUND', 404, `No project ${project}`);
  }

  /**
   * A new key for the game server of `project`: answered once, stored as its SHA-256. Its mode
   * shows in it, as Stripe's `sk_test_`/`sk_live_`: `ppk_test_<prefix>_<secret>`, `ppk_live_...`.
   */
  async createApiKey(project: string, createdBy: string | null, mode: TApiKeyMode = 'live'): Promise<string> {
    await this.assertProject(project);
    const prefix = randomBytes(6).toString('hex');
    const key = `${API_KEY_PREFIX}_${mode}_${prefix}_${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await tx.insert(projectApiKeys).values({ id, project, prefix, keyHash: sha256(key), createdBy, mode });
      await recordAudit(tx, {
        staffId: createdBy,
        action: 'apiKey.create',
        targetType: 'project',
        targetId: project,
        before: null,
        after: { id, prefix, mode },
      });
    });
    return key;
  }

  /** A project's keys, newest first: prefix and times, never the key. */
  async listApiKeys(project: string): Promise<TStaffApiKey[]> {
    await this.assertProject(project);
    const rows = await this.db
      .select()
      .from(projectApiKeys)
      .where(eq(projectApiKeys.project, project))
      .orderBy(desc(projectApiKeys.createdAt), asc(projectApiKeys.prefix));
    return rows.map((row) => toApiKey(row));
  }

  /** Revokes a key of the project: the game-server API refuses it (401) from now on. Revoking twice keeps the first time. */
  async revokeApiKey(project: string, keyId: string, actorId: string | null = null): Promise<TStaffApiKey> {
    await this.assertProject(project);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(projectApiKeys)
        .set({ revokedAt: sql`coalesce(${projectApiKeys.revokedAt}, now())` })
        .where(and(eq(projectApiKeys.id, keyId), eq(projectApiKeys.project, project)))
        .returning();
      if (!row) throw new AppError('API_KEY_NOT_FOUND', 404, 'No such API key in this project');
      const key = toApiKey(row);
      await recordAudit(tx, {
        staffId: actorId,
        action: 'apiKey.revoke',
        targetType: 'project',
        targetId: project,
        before: null,
        after: key,
      });
      return key;
    });
  }

  /**
   * The project and mode of a Bearer key, or null (a revoked key is null). Keys made before modes
   * (`ppk_<prefix>_<secret>`) keep the mode of their row: live.
   */
  async apiKeyOf(key: string): Promise<{ project: string; mode: TApiKeyMode } | null> {
    const match = /^ppk_(?:(test|live)_)?([0-9a-f]{12})_[\w-]{20,}$/.exec(key);
    if (!match?.[2]) return null;
    const [row] = await this.db
      .select()
      .from(projectApiKeys)
      .where(and(eq(projectApiKeys.prefix, match[2]), isNull(projectApiKeys.revokedAt)));
    if (!row || (match[1] !== undefined && match[1] !== row.mode)) return null;
    const expected = Buffer.from(row.keyHash, 'hex');
    const actual = Buffer.from(sha256(key), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.db.update(projectApiKeys).set({ lastUsedAt: new Date() }).where(eq(projectApiKeys.id, row.id));
    }
    return { project: row.project, mode: row.mode };
  }

  /** Every project name, in catalogue order (the console's project filter). */
  async projectNames(): Promise<{ name: string }[]> {
    return this.db.select({ name: projects.name }).from(projects).orderBy(asc(projects.sortOrder), asc(projects.name));
  }

  /** A project's game-server settings as the admin sees them: the webhook URL and how many keys are live. */
  async projectSettings(project: string): Promise<TStaffProjectSettings> {
    await this.assertProject(project);
    const [webhook] = await this.db.select({ url: projectWebhooks.url }).from(projectWebhooks).where(eq(projectWebhooks.project, project));
    const [keys] = await this.db
      .select({ n: count() })
      .from(projectApiKeys)
      .where(and(eq(projectApiKeys.project, project), isNull(projectApiKeys.revokedAt)));
    return { name: project, webhookUrl: webhook?.url ?? null, activeApiKeys: Number(keys?.n ?? 0) };
  }

  /**
   * Sets the project's webhook URL. Its signing secret is made with the first URL and kept when
   * the URL changes (a game server checking signatures goes on working); `rotateWebhookSecret`
   * makes a new one. In production the URL must be http(s) and not name a
   * loopback/private/link-local/unspecified address (the delivery checks the resolved address again).
   */
  async setWebhook(project: string, url: string, actorId: string | null = null): Promise<{ url: string; secret: string }> {
    await this.assertProject(project);
    const refused = this.refuseNonPublicWebhooks ? nonPublicUrlReason(url) : undefined;
    if (refused) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', 400, `The webhook URL is not allowed: ${refused}`);
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(projectWebhooks).where(eq(projectWebhooks.project, project)).for('update');
      const secret = old?.secret ?? newWebhookSecret();
      await tx
        .insert(projectWebhooks)
        .values({ project, url, secret })
        .onConflictDoUpdate({ target: projectWebhooks.project, set: { url, updatedAt: new Date() } });
      // The secret is never logged.
      await recordAudit(tx, {
        staffId: actorId,
        action: 'webhook.set',
        targetType: 'project',
        targetId: project,
        before: old ? { url: old.url } : null,
        after: { url },
      });
      return { url, secret };
    });
  }

  /**
   * A new signing secret for the project's webhook. For `WEBHOOK_SECRET_OVERLAP_MS` (24 hours)
   * deliveries carry signatures by both the new and the previous secret, so the game server
   * can switch without refusing a single event; a second rotation in that time ends the first
   * one's overlap (only the secret just replaced keeps signing).
   */
  async rotateWebhookSecret(
    project: string,
    actorId: string | null = null,
  ): Promise<{ url: string; secret: string; previousSecretExpiresAt: string }> {
    await this.assertProject(project);
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(projectWebhooks).where(eq(projectWebhooks.project, project)).for('update');
      if (!old) throw new AppError('WEBHOOK_NOT_SET', 409, 'Set the webhook URL first');
      const secret = newWebhookSecret();
      const previousSecretExpiresAt = new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_MS);
      await tx
        .update(projectWebhooks)
        .set({ secret, previousSecret: old.secret, previousSecretExpiresAt, updatedAt: new Date() })
        .where(eq(projectWebhooks.project, project));
      await recordAudit(tx, {
        staffId: actorId,
        action: 'webhook.rotateSecret',
        targetType: 'project',
        targetId: project,
        before: null,
        after: { previousSecretExpiresAt: previousSecretExpiresAt.toISOString() },
      });
      return { url: old.url, secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
    });
  }
}

/** How long the secret a rotation replaced keeps signing deliveries beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

function toMember(row: StaffAccountRow): StaffMember {
  return { id: row.id, email: row.email, role: row.role };
}

function toAccount(row: StaffAccountRow): TStaffAccount {
  return { ...toMember(row), createdAt: row.createdAt.toISOString(), disabledAt: row.disabledAt?.toISOString() ?? null };
}

function toApiKey(row: typeof projectApiKeys.$inferSelect): TStaffApiKey {
  return {
    id: row.id,
    prefix: row.prefix,
    mode: row.mode,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function staffSignInRequired(): AppError {
  return new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
}

function invalidCredentials(): AppError {
  signInFailed('staff');
  return new AppError('INVALID_CREDENTIALS', 401, 'Wrong e-mail or password');
}
