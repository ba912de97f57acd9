import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { TStaffProjectSettings, TStaffRole } from '@portal/contracts/staff';
import type { Db } from '../../db/client.ts';
import { projectApiKeys, projectWebhooks, projects, staffAccounts, type StaffAccountRow } from '../../db/schema.ts';
import type { PasswordHasher } from '../../integrations/passwords/password-hasher.ts';
import type { TokenService } from '../../integrations/tokens/token-service.ts';
import { TokenError } from '../../integrations/tokens/token-error.ts';
import { AppError } from '../../lib/app-error.ts';
import { nonPublicUrlReason } from '../../lib/public-address.ts';

/** Staff tokens carry their own audience: a player token is never a staff token, nor the reverse. */
export const STAFF_AUDIENCE = 'portal-staff';
const STAFF_TOKEN_TTL_SECONDS = 8 * 3600;
const API_KEY_PREFIX = 'ppk';

export interface StaffMember {
  id: string;
  email: string;
  role: TStaffRole;
}

export interface StaffServiceOptions {
  db: Db;
  hasher: PasswordHasher;
  tokens: TokenService;
  /** Refuse webhook URLs on loopback/private/link-local/unspecified addresses (production). */
  refuseNonPublicWebhooks?: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Staff accounts and the project keys and webhooks they manage (DESIGN 4.4). */
export class StaffService {
  private readonly db: Db;
  private readonly hasher: PasswordHasher;
  private readonly tokens: TokenService;
  private readonly refuseNonPublicWebhooks: boolean;
  /** Spent on unknown e-mails so a login takes as long whether the account exists or not. */
  private dummyHash: Promise<string> | undefined;

  constructor(options: StaffServiceOptions) {
    this.db = options.db;
    this.hasher = options.hasher;
    this.tokens = options.tokens;
    this.refuseNonPublicWebhooks = options.refuseNonPublicWebhooks ?? false;
  }

  /** ADMIN_EMAIL / ADMIN_PASSWORD: creates the admin when absent; an existing account is left alone. */
  async ensureAdmin(email: string, password: string): Promise<boolean> {
    const normalized = email.trim().toLowerCase();
    const [existing] = await this.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, normalized));
    if (existing) return false;
    const passwordHash = await this.hasher.hashPassword(password);
    const inserted = await this.db
      .insert(staffAccounts)
      .values({ id: randomUUID(), email: normalized, passwordHash, role: 'admin' })
      .onConflictDoNothing()
      .returning({ id: staffAccounts.id });
    return inserted.length > 0;
  }

  /** A new staff member; an e-mail already taken is STAFF_EXISTS (409). */
  async createAccount(email: string, password: string, role: TStaffRole): Promise<StaffMember> {
    const id = randomUUID();
    const normalized = email.trim().toLowerCase();
    const inserted = await this.db
      .insert(staffAccounts)
      .values({ id, email: normalized, passwordHash: await this.hasher.hashPassword(password), role })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning({ id: staffAccounts.id });
    if (inserted.length === 0) throw new AppError('STAFF_EXISTS', 409, 'A staff member with this e-mail exists');
    return { id, email: normalized, role };
  }

  async login(email: string, password: string): Promise<string> {
    const [account] = await this.db.select().from(staffAccounts).where(eq(staffAccounts.email, email.trim().toLowerCase()));
    if (!account) {
      this.dummyHash ??= this.hasher.hashPassword(randomBytes(16).toString('hex'));
      await this.hasher.verifyPassword(await this.dummyHash, password);
      throw invalidCredentials();
    }
    if (!(await this.hasher.verifyPassword(account.passwordHash, password))) throw invalidCredentials();
    const { token } = await this.tokens.signPlayerToken({
      sub: account.id,
      aud: STAFF_AUDIENCE,
      ttlSeconds: STAFF_TOKEN_TTL_SECONDS,
      extra: { role: account.role },
    });
    return token;
  }

  /** The staff member of a token; the role is read from the table, so a demotion applies at once. */
  async authenticate(token: string): Promise<StaffMember> {
    let sub: string;
    try {
      ({ sub } = await this.tokens.verify(token, { audience: STAFF_AUDIENCE }));
    } catch (error) {
      if (error instanceof TokenError) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
      throw error;
    }
    const [account] = await this.db.select().from(staffAccounts).where(eq(staffAccounts.id, sub));
    if (!account) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
    return toMember(account);
  }

  async assertProject(project: string): Promise<void> {
    const [row] = await this.db.select({ name: projects.name }).from(projects).where(eq(projects.name, project));
    if (!row) throw new AppError('PROJECT_NOT_FOUND', 404, `No project ${project}`);
  }

  /** A new key for the game server of `project`: answered once, stored as its SHA-256. */
  async createApiKey(project: string, createdBy: string | null): Promise<string> {
    await this.assertProject(project);
    const prefix = randomBytes(6).toString('hex');
    const key = `${API_KEY_PREFIX}_${prefix}_${randomBytes(32).toString('base64url')}`;
    await this.db.insert(projectApiKeys).values({ id: randomUUID(), project, prefix, keyHash: sha256(key), createdBy });
    return key;
  }

  /** The project a Bearer key belongs to, or null. */
  async projectOfApiKey(key: string): Promise<string | null> {
    const match = /^ppk_([0-9a-f]{12})_[\w-]{20,}$/.exec(key);
    if (!match?.[1]) return null;
    const [row] = await this.db
      .select()
      .from(projectApiKeys)
      .where(and(eq(projectApiKeys.prefix, match[1]), isNull(projectApiKeys.revokedAt)));
    if (!row) return null;
    const expected = Buffer.from(row.keyHash, 'hex');
    const actual = Buffer.from(sha256(key), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? row.project : null;
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
   * Sets the project's webhook URL; a new signing secret each time it is set. In production
   * the URL must be http(s) and not name a loopback/private/link-local/unspecified address
   * (the delivery checks the resolved address again).
   */
  async setWebhook(project: string, url: string): Promise<{ url: string; secret: string }> {
    await this.assertProject(project);
    const refused = this.refuseNonPublicWebhooks ? nonPublicUrlReason(url) : undefined;
    if (refused) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', 400, `The webhook URL is not allowed: ${refused}`);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    await this.db
      .insert(projectWebhooks)
      .values({ project, url, secret })
      .onConflictDoUpdate({ target: projectWebhooks.project, set: { url, secret, updatedAt: new Date() } });
    return { url, secret };
  }
}

function toMember(row: StaffAccountRow): StaffMember {
  return { id: row.id, email: row.email, role: row.role };
}

function invalidCredentials(): AppError {
  return new AppError('INVALID_CREDENTIALS', 401, 'Wrong e-mail or password');
}
