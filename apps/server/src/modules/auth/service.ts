import type {
  AuthWarning,
  CodePurpose,
  CurrentAuthType,
  TAuthResult,
  TCheckTokenAnswer,
  TCodeSentAnswer,
  TWarningAnswer,
} from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import type { Db } from '../../db/client.ts';
import type { EmailCodeRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { codeContext, type CodePolicy, type CodeState } from '../../integrations/codes/code-policy.ts';
import type { ResendPolicy } from '../../integrations/codes/resend-policy.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { passwordChangedMail, recoveryCodeMail, registrationCodeMail } from '../../integrations/mail/templates.ts';
import type { PasswordHasher } from '../../integrations/passwords/password-hasher.ts';
import type { SignInProfile } from '../../integrations/sign-in/types.ts';
import { TokenError } from '../../integrations/tokens/token-error.ts';
import type { TokenClaims, TokenService } from '../../integrations/tokens/token-service.ts';
import { createUsersRepository, type UsersRepository } from '../users/repository.ts';
import type { CaptchaGuard, GuardContext } from './failure-guard.ts';
import { createAuthRepository, type AuthRepository } from './repository.ts';

export const PLAYER_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** how long a confirmed recovery code allows setting a new password */
export const RECOVERY_VERIFIED_SECONDS = 600;
/** how many earlier passwords a new one is compared with (argon2 costs ~20 ms each) */
const PASSWORD_HISTORY_DEPTH = 24;

export interface AuthServiceDeps {
  db: Db;
  /** a HashGate (or anything with `assertCapacity`) lets a flood be refused before any query */
  hasher: PasswordHasher & { assertCapacity?: () => void };
  codes: CodePolicy;
  resend: ResendPolicy;
  tokens: TokenService;
  mailer: Mailer;
  guard: CaptchaGuard;
  /** `aud` of player tokens: the PUBLIC_URL origin */
  audience: string;
  now?: () => number;
}

/** Who is asking: IP, captcha value, language and the guest id of the request. */
export interface RequestContext extends GuardContext {
  language: Language;
  projectName: string;
  tempUserId?: string | null;
}

export type Warning = TWarningAnswer;
const warning = (warningMessage: AuthWarning): Warning => ({ warningMessage });

/** The verified player behind a Bearer token. */
export interface AuthUser {
  user: UserRow;
  claims: TokenClaims;
  token: string;
}

const CODE_PURPOSE_CONTEXT = { registration: 'register', recovery: 'recover' } as const;

function toState(row: EmailCodeRow): CodeState {
  return {
    hash: row.codeHash,
    expiresAt: row.expiresAt.getTime(),
    attempts: row.attempts,
    usedAt: row.usedAt ? row.usedAt.getTime() : null,
  };
}

/** The rules of e-mail sign-in, recovery, tokens and outside identities (issue 3). */
export class AuthService {
  private readonly now: () => number;
  readonly users: UsersRepository;
  readonly repo: AuthRepository;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.users = createUsersRepository(deps.db);
    this.repo = createAuthRepository(deps.db);
  }

  get db(): Db {
    return this.deps.db;
  }

  // ------------------------------------------------------------------------------------------
  // Tokens

  async issue(user: UserRow, authType: CurrentAuthType): Promise<TAuthResult> {
    const { token } = await this.deps.tokens.signPlayerToken({
      sub: user.id,
      aud: this.deps.audience,
      ttlSeconds: PLAYER_TOKEN_TTL_SECONDS,
      extra: { nickName: user.nickName, currentAuthType: authType },
    });
    return { currentAuthType: authType, jwt: token, nickName: user.nickName, userId: user.id };
  }

  /** Verified token + live user, or TokenError (forged, expired, revoked, user gone). */
  async authenticate(token: string): Promise<AuthUser> {
    const claims = await this.deps.tokens.verify(token, { audience: this.deps.audience });
    const user = await this.users.findById(claims.sub);
    if (!user || user.deletedAt) throw new TokenError('revoked', 'the account is gone');
    if (user.tokensValidAfter && claims.iat * 1000 < user.tokensValidAfter.getTime() - 999) {
      throw new TokenError('revoked', 'token issued before the account revoked its tokens');
    }
    return { user, claims, token };
  }

  async check(token: string): Promise<TCheckTokenAnswer> {
    try {
      const { user, claims } = await this.authenticate(token);
      return {
        result: true,
        userId: user.id,
        nickName: user.nickName,
        currentAuthType: user.currentAuthType,
        expiresAt: new Date(claims.exp * 1000).toISOString(),
      };
    } catch (error) {
      if (error instanceof TokenError) return { result: false };
      throw error;
    }
  }

  async logout(auth: AuthUser): Promise<void> {
    await this.repo.revoke(auth.claims.jti, new Date(auth.claims.exp * 1000));
  }

  // ------------------------------------------------------------------------------------------
  // Registration

  async registerByEmail(
    email: string,
    password: string,
    ctx: RequestContext,
  ): Promise<TCodeSentAnswer | Warning> {
    this.deps.hasher.assertCapacity?.();
    await this.deps.guard.check(ctx, email);
    if (await this.users.findByEmail(email)) {
      this.deps.guard.failed(ctx, email);
      return warning('USER_EXIST_REGISTER_BY_EMAIL');
    }
    const passwordHash = await this.deps.hasher.hashPassword(password);
    const expiresAt = new Date(this.now() + this.deps.codes.ttlMs);
    await this.repo.savePendingRegistration(email, passwordHash, expiresAt);
    return this.sendCode('registration', email, ctx, { onlyIfAllowed: true });
  }

  async confirmRegistration(email: string, code: string, ctx: RequestContext): Promise<{ result: TAuthResult } | Warning> {
    await this.deps.guard.check(ctx, email);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const repo = createAuthRepository(tx);
      const users = createUsersRepository(tx);
      const verdict = await this.spendCode(repo, 'registration', email, code);
      if (verdict !== 'ok') return { kind: 'wrong' as const };
      const pending = await repo.pendingRegistration(email);
      if (!pending) return { kind: 'missing' as const };
      if (await users.findByEmail(email)) return { kind: 'exists' as const };
      // The player exists only from here on, created with everything they need in one step.
      const user = await users.create({ email, passwordHash: pending.passwordHash, currentAuthType: 'email' });
      await users.addPasswordHistory(user.id, pending.passwordHash);
      await repo.deletePendingRegistration(email);
      await repo.deleteCode('registration', email);
      if (ctx.tempUserId) await users.recordMerge(ctx.tempUserId, user.id);
      return { kind: 'created' as const, user };
    });
    if (outcome.kind === 'wrong') {
      this.deps.guard.failed(ctx, email);
      return warning('SEND_VERIFICATION_CODE_INCORRECT');
    }
    if (outcome.kind === 'exists') return warning('USER_EXIST_REGISTER_BY_EMAIL');
    if (outcome.kind === 'missing') {
      throw new AppError('REGISTRATION_NOT_FOUND', 409, 'No registration is waiting for this e-mail: register again');
    }
    this.deps.guard.succeeded(email);
    return { result: await this.issue(outcome.user, 'email') };
  }

  // ------------------------------------------------------------------------------------------
  // Login

  async loginByEmail(email: string, password: string, ctx: RequestContext): Promise<{ result: TAuthResult } | Warning> {
    this.deps.hasher.assertCapacity?.();
    await this.deps.guard.check(ctx, email);
    const user = await this.users.findByEmail(email);
    if (!user?.passwordHash) {
      this.deps.guard.failed(ctx, email);
      return warning('USER_NOT_EXIST_LOGIN_BY_EMAIL');
    }
    if (!(await this.deps.hasher.verifyPassword(user.passwordHash, password))) {
      this.deps.guard.failed(ctx, email);
      return warning('INVALID_PASSWORD_LOGIN_BY_EMAIL');
    }
    if (this.deps.hasher.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(user.id, await this.deps.hasher.hashPassword(password));
    }
    if (user.currentAuthType !== 'email') await this.users.setAuthType(user.id, 'email');
    if (ctx.tempUserId) await this.users.recordMerge(ctx.tempUserId, user.id);
    this.deps.guard.succeeded(email);
    return { result: await this.issue(user, 'email') };
  }

  // ------------------------------------------------------------------------------------------
  // Recovery

  async requestRecovery(email: string, ctx: RequestContext): Promise<TCodeSentAnswer | Warning> {
    await this.deps.guard.check(ctx, email);
    const user = await this.users.findByEmail(email);
    if (!user) {
      this.deps.guard.failed(ctx, email);
      return warning('USER_NOT_EXIST_RECOVERY_PASSWORD');
    }
    return this.sendCode('recovery', email, ctx, { onlyIfAllowed: true });
  }

  async confirmRecovery(
    email: string,
    code: string,
    ctx: RequestContext,
  ): Promise<{ result: true; validForSeconds: number } | Warning> {
    await this.deps.guard.check(ctx, email);
    const ok = await this.deps.db.transaction(async (tx) => {
      const repo = createAuthRepository(tx);
      const verdict = await this.spendCode(repo, 'recovery', email, code);
      if (verdict !== 'ok') return false;
      const row = await repo.code('recovery', email);
      if (row) await repo.saveCode({ ...row, verifiedUntil: new Date(this.now() + RECOVERY_VERIFIED_SECONDS * 1000) });
      return true;
    });
    if (!ok) {
      this.deps.guard.failed(ctx, email);
      return warning('SEND_RECOVERY_PASSWORD_CODE_INCORRECT');
    }
    return { result: true, validForSeconds: RECOVERY_VERIFIED_SECONDS };
  }

  async activateNewPassword(email: string, password: string, ctx: RequestContext): Promise<{ result: true } | Warning> {
    const row = await this.repo.code('recovery', email);
    const user = await this.users.findByEmail(email);
    if (!row?.verifiedUntil || row.verifiedUntil.getTime() <= this.now() || !user) {
      throw new AppError('RECOVERY_NOT_VERIFIED', 403, 'Confirm the recovery code first');
    }
    const history = await this.users.passwordHistory(user.id, PASSWORD_HISTORY_DEPTH);
    if (user.passwordHash && !history.includes(user.passwordHash)) history.unshift(user.passwordHash);
    for (const hash of history) {
      if (await this.deps.hasher.verifyPassword(hash, password)) {
        this.deps.guard.failed(ctx, email);
        return warning('PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD');
      }
    }
    const passwordHash = await this.deps.hasher.hashPassword(password);
    const now = new Date(this.now());
    await this.deps.db.transaction(async (tx) => {
      const users = createUsersRepository(tx);
      // A new password signs every device out: whoever knew the old one loses the session too.
      await users.setPasswordHash(user.id, passwordHash, now);
      await users.addPasswordHistory(user.id, passwordHash);
      await createAuthRepository(tx).deleteCode('recovery', email);
    });
    this.deps.guard.succeeded(email);
    await this.mail(email, passwordChangedMail(ctx.language, { projectName: ctx.projectName, email }));
    return { result: true };
  }

  // ------------------------------------------------------------------------------------------
  // Codes

  /**
   * Mails a new code unless the resend policy says wait. With `onlyIfAllowed` a too-early
   * call keeps the code already mailed and answers the wait; without it (the resend
   * endpoint) the caller turns the wait into a 429.
   */
  async sendCode(
    purpose: CodePurpose,
    email: string,
    ctx: RequestContext,
    options: { onlyIfAllowed: boolean },
  ): Promise<TCodeSentAnswer> {
    const existing = await this.repo.code(purpose, email);
    const history = existing?.sentAt ?? [];
    const wait = this.deps.resend.secondsToWait(history);
    const codeTtlSeconds = Math.floor(this.deps.codes.ttlMs / 1000);
    if (wait > 0 && existing && !existing.usedAt && existing.expiresAt.getTime() > this.now()) {
      if (!options.onlyIfAllowed) throw new RetryAfter(wait);
      return { result: true, resendAfterSeconds: wait, codeTtlSeconds };
    }
    if (wait > 0 && !options.onlyIfAllowed) throw new RetryAfter(wait);
    if (wait > 0) return { result: true, resendAfterSeconds: wait, codeTtlSeconds };
    const { code, state } = this.deps.codes.issue(codeContext(CODE_PURPOSE_CONTEXT[purpose], email));
    const sentAt = this.deps.resend.record(history);
    await this.repo.saveCode({
      purpose,
      email,
      codeHash: state.hash,
      expiresAt: new Date(state.expiresAt),
      attempts: 0,
      usedAt: null,
      sentAt,
      verifiedUntil: null,
      language: ctx.language,
    });
    const values = { projectName: ctx.projectName, code, validMinutes: Math.round(codeTtlSeconds / 60) };
    await this.mail(
      email,
      purpose === 'registration' ? registrationCodeMail(ctx.language, values) : recoveryCodeMail(ctx.language, values),
    );
    return { result: true, resendAfterSeconds: this.deps.resend.secondsToWait(sentAt), codeTtlSeconds };
  }

  async resendCode(purpose: CodePurpose, email: string, ctx: RequestContext): Promise<TCodeSentAnswer> {
    const waiting =
      purpose === 'registration'
        ? (await this.repo.pendingRegistration(email)) !== undefined
        : (await this.users.findByEmail(email)) !== undefined && (await this.repo.code('recovery', email)) !== undefined;
    if (!waiting) throw new AppError('NOT_FOUND', 404, 'No code was requested for this e-mail');
    return this.sendCode(purpose, email, ctx, { onlyIfAllowed: false });
  }

  /** Checks a code inside a transaction and stores the counted try; the 5th wrong try voids it. */
  private async spendCode(repo: AuthRepository, purpose: CodePurpose, email: string, input: string) {
    const row = await repo.codeForUpdate(purpose, email);
    if (!row) return 'missing' as const;
    const state = toState(row);
    const check = this.deps.codes.verify(state, codeContext(CODE_PURPOSE_CONTEXT[purpose], email), input);
    // The policy hands back the same object when nothing changed (expired, used, void).
    if (check.state !== state) {
      await repo.saveCode({
        ...row,
        attempts: check.state.attempts,
        usedAt: check.state.usedAt === null ? null : new Date(check.state.usedAt),
      });
    }
    return check.verdict;
  }

  private async mail(to: string, rendered: { subject: string; text: string; html: string }): Promise<void> {
    try {
      await this.deps.mailer.send({ to, ...rendered });
    } catch (error) {
      throw Object.assign(new AppError('MAIL_UNAVAILABLE', 503, 'The e-mail could not be sent, try again later'), {
        cause: error,
      });
    }
  }

  // ------------------------------------------------------------------------------------------
  // Outside identities

  /**
   * The player of an outside identity: known identity -> that player; a verified e-mail of an
   * existing player -> linked to them; otherwise a new player with a generated nickname.
   */
  async signInWithIdentity(
    provider: string,
    authType: CurrentAuthType,
    profile: SignInProfile,
    tempUserId?: string | null,
  ): Promise<TAuthResult> {
    const user = await this.deps.db.transaction(async (tx) => {
      const users = createUsersRepository(tx);
      const known = await users.findByIdentity(provider, profile.providerUserId);
      if (known) {
        await users.setAuthType(known.id, authType);
        return known;
      }
      const email = profile.email?.trim().toLowerCase();
      const verifiedEmail = email && profile.emailVerified === true ? email : undefined;
      const byEmail = verifiedEmail ? await users.findByEmail(verifiedEmail) : undefined;
      const user =
        byEmail ??
        (await users.create({ email: verifiedEmail ?? null, passwordHash: null, currentAuthType: authType }));
      await users.addIdentity(user.id, provider, profile.providerUserId);
      if (byEmail) await users.setAuthType(user.id, authType);
      return user;
    });
    if (tempUserId) await this.users.recordMerge(tempUserId, user.id);
    return this.issue(user, authType);
  }
}

/** A resend before the policy allows: the route answers 429 with `retryAfter`. */
export class RetryAfter extends AppError {
  constructor(readonly retryAfter: number) {
    super('RATE_LIMITED', 429, `Wait ${retryAfter} s before asking for another code`);
  }
}
