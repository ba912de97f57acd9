import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type {
  AuthWarning,
  CodePurpose,
  CurrentAuthType,
  TAuthResult,
  TCheckTokenAnswer,
  TCodeSentAnswer,
  TFlowStartedAnswer,
  TWarningAnswer,
} from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import type { Db } from '../../db/client.ts';
import type { CodeFlowRow, EmailCodeRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { codeContext, type CodePolicy, type CodeState } from '../../integrations/codes/code-policy.ts';
import type { ResendPolicy } from '../../integrations/codes/resend-policy.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { passwordChangedMail, recoveryCodeMail, registrationCodeMail } from '../../integrations/mail/templates.ts';
import type { PasswordHasher } from '../../integrations/passwords/password-hasher.ts';
import { SIGN_IN_STATE_TTL_SECONDS } from '../../integrations/sign-in/state.ts';
import type { SignInProfile } from '../../integrations/sign-in/types.ts';
import { TokenError } from '../../integrations/tokens/token-error.ts';
import type { TokenClaims, TokenService } from '../../integrations/tokens/token-service.ts';
import type { RateEvents } from '../../lib/rate-events.ts';
import { createUsersRepository, type UsersRepository } from '../users/repository.ts';
import type { CaptchaGuard, GuardContext } from './failure-guard.ts';
import { createAuthRepository, type AuthRepository } from './repository.ts';

export const PLAYER_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** a game's token of the player: long enough for a play session, short since games cannot check revocation */
export const GAME_TOKEN_TTL_SECONDS = 12 * 60 * 60;
/** a host's token of the player (authResult): as long as a game's, for the same reasons */
export const HOST_TOKEN_TTL_SECONDS = GAME_TOKEN_TTL_SECONDS;
/** how long a confirmed recovery code allows setting a new password */
export const RECOVERY_VERIFIED_SECONDS = 600;
/** a registration or recovery flow lives this long (resends keep its code fresh within it) */
const FLOW_TTL_MS = 60 * 60 * 1000;
/** live flows of one purpose an e-mail may have, and flows one client address may have started; past either, no new one */
export const FLOW_BOUNDS = { perEmail: 10, perClient: 30 } as const;
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
  /** counts of code mails, shared by every process (the caps below) */
  events: RateEvents;
  /** code mails allowed per client address an hour, per e-mail a day, and overall an hour */
  mailCaps: MailCaps;
  /**
   * The display name of a known project for mail texts; undefined for an unknown one (the
   * `project` header is free text: only a catalogue name ever reaches a subject line).
   */
  projectTitle: (project: string | undefined, language: Language) => Promise<string | undefined>;
  now?: () => number;
}

export interface MailCaps {
  perAddressHour: number;
  perEmailDay: number;
  overallHour: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newFlowToken = () => randomBytes(32).toString('base64url');

/** Who is asking: IP, captcha value, language, project and the guest id of the request. */
export interface RequestContext extends GuardContext {
  language: Language;
  tempUserId?: string | null;
}

/** The product's name in mails when the request names no known project. */
export const DEFAULT_PRODUCT_NAME = 'Game Portal';

export type Warning = TWarningAnswer;
const warning = (warningMessage: AuthWarning): Warning => ({ warningMessage });

/** The verified player behind a Bearer token. */
export interface AuthUser {
  user: UserRow;
  claims: TokenClaims;
  token: string;
  /**
   * Set when the token is a host's (what a host embedding the portal's screens got in
   * `authResult`): the one project it may act for. Unset for the portal's own session.
   */
  project?: string;
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

/** The rules of e-mail sign-in, recovery, tokens and outside identities. */
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

  /**
   * The token a game gets in `userAuth`: the player for this project only (`aud` = project).
   * A game server verifies it with the JWKS; the portal's own routes refuse it.
   */
  issueGameToken(user: UserRow, project: string): Promise<{ jwt: string; expiresAt: string }> {
    return this.issueProjectToken('game', user, project, GAME_TOKEN_TTL_SECONDS);
  }

  /**
   * The token a host embedding the portal's screens gets in `authResult` and the redirect
   * result: the player for this project only, 12 hours. The portal's payment, purchase and
   * support screens of that project take it (`?jwt=` or the Authorization header); its account
   * routes (profile, deletion, sign-out, game tokens) refuse it.
   */
  issueHostToken(user: UserRow, project: string): Promise<{ jwt: string; expiresAt: string }> {
    return this.issueProjectToken('host', user, project, HOST_TOKEN_TTL_SECONDS);
  }

  private async issueProjectToken(
    kind: 'game' | 'host',
    user: UserRow,
    project: string,
    ttlSeconds: number,
  ): Promise<{ jwt: string; expiresAt: string }> {
    if (!(await this.deps.projectTitle(project, 'en').catch(() => undefined))) {
      throw new AppError('PROJECT_NOT_FOUND', 404, `Project "${project}" not found`);
    }
    const { token, expiresAt } = await this.deps.tokens.signToken(kind, {
      sub: user.id,
      aud: project,
      ttlSeconds,
      extra: { nickName: user.nickName, currentAuthType: user.currentAuthType, project },
    });
    return { jwt: token, expiresAt: expiresAt.toISOString() };
  }

  /** Verified portal token + live user, or TokenError (forged, expired, revoked, user gone, a game's or host's token). */
  authenticate(token: string): Promise<AuthUser> {
    return this.authenticateFor('player', token, this.deps.audience);
  }

  /**
   * The portal's own session, or a host's token (then `project` is set): what the screens a
   * host embeds (payments, purchases, support) accept. Anything else is a TokenError.
   */
  async authenticateEmbedded(token: string): Promise<AuthUser> {
    try {
      return await this.authenticate(token);
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      const project = unverifiedProject(token);
      if (!project) throw error;
      const host = await this.authenticateFor('host', token, project);
      if (host.claims.project !== project) throw new TokenError('invalid', 'host token names another project');
      return { ...host, project };
    }
  }

  /** A game's token of `project` (what the project's game server accepts), or TokenError. */
  authenticateGame(token: string, project: string): Promise<AuthUser> {
    return this.authenticateFor('game', token, project);
  }

  private async authenticateFor(kind: 'player' | 'game' | 'host', token: string, audience: string): Promise<AuthUser> {
    const claims = await this.deps.tokens.verifyToken(kind, token, { audience });
    const user = await this.users.findById(claims.sub);
    if (!user || user.deletedAt) throw new TokenError('revoked', 'the account is gone');
    if (user.tokensValidAfter && claims.iat * 1000 < user.tokensValidAfter.getTime() - 999) {
      throw new TokenError('revoked', 'token issued before the account revoked its tokens');
    }
    return { user, claims, token };
  }

  /** Whether a token is a live session: the portal's own, or a host's (what a host hands back in `jwt`). */
  async check(token: string): Promise<TCheckTokenAnswer> {
    try {
      const { user, claims } = await this.authenticateEmbedded(token);
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

  /** Whether the robot checks this address fetches are hard ones (past FAILED_ATTEMPT_LIMIT failures). */
  captchaHardFor(ip: string): Promise<boolean> {
    return this.deps.guard.hardFor(ip);
  }

  /** Whether the next sign-in try from this address must carry a solved robot check. */
  captchaRequired(ctx: RequestContext): Promise<boolean> {
    return this.deps.guard.requiredFor(ctx);
  }

  /**
   * Starts a registration: always behind a solved robot check; the password waits in a flow
   * bound to this browser by the answered token until the mailed code is confirmed with it.
   */
  async registerByEmail(email: string, password: string, ctx: RequestContext): Promise<TFlowStartedAnswer | Warning> {
    this.deps.hasher.assertCapacity?.();
    await this.deps.guard.require(ctx);
    if (await this.users.findByEmail(email)) {
      await this.deps.guard.failed(ctx, email);
      return warning('USER_EXIST_REGISTER_BY_EMAIL');
    }
    const passwordHash = await this.deps.hasher.hashPassword(password);
    return this.startFlowAndMail('registration', email, passwordHash, ctx);
  }

  async confirmRegistration(
    email: string,
    code: string,
    flowToken: string,
    ctx: RequestContext,
  ): Promise<{ result: TAuthResult } | Warning> {
    await this.deps.guard.check(ctx, email);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const repo = createAuthRepository(tx);
      const users = createUsersRepository(tx);
      // No flow of this token: nothing to confirm, and no try of the code is spent on it.
      const flow = await repo.flow('registration', email, sha256(flowToken), new Date(this.now()));
      if (!flow?.passwordHash) return { kind: 'missing' as const };
      const verdict = await this.spendCode(repo, 'registration', email, code);
      if (verdict !== 'ok') return { kind: 'wrong' as const };
      if (await users.findByEmail(email)) return { kind: 'exists' as const };
      // The player exists only from here on, created with everything they need in one step.
      const user = await users.create({ email, passwordHash: flow.passwordHash, currentAuthType: 'email' });
      await users.addPasswordHistory(user.id, flow.passwordHash);
      await repo.deleteFlows('registration', email);
      await repo.deleteCode('registration', email);
      if (ctx.tempUserId) await users.recordMerge(ctx.tempUserId, user.id);
      return { kind: 'created' as const, user };
    });
    if (outcome.kind === 'wrong') {
      await this.deps.guard.failed(ctx, email);
      return warning('SEND_VERIFICATION_CODE_INCORRECT');
    }
    if (outcome.kind === 'exists') return warning('USER_EXIST_REGISTER_BY_EMAIL');
    if (outcome.kind === 'missing') {
      throw new AppError('REGISTRATION_NOT_FOUND', 409, 'No registration is waiting here for this e-mail: register again');
    }
    await this.deps.guard.succeeded(email);
    return { result: await this.issue(outcome.user, 'email') };
  }

  // ------------------------------------------------------------------------------------------
  // Login

  async loginByEmail(email: string, password: string, ctx: RequestContext): Promise<{ result: TAuthResult } | Warning> {
    this.deps.hasher.assertCapacity?.();
    await this.deps.guard.check(ctx, email);
    const user = await this.users.findByEmail(email);
    if (!user?.passwordHash) {
      await this.deps.guard.failed(ctx, email);
      return warning('USER_NOT_EXIST_LOGIN_BY_EMAIL');
    }
    if (!(await this.deps.hasher.verifyPassword(user.passwordHash, password))) {
      await this.deps.guard.failed(ctx, email);
      return warning('INVALID_PASSWORD_LOGIN_BY_EMAIL');
    }
    if (this.deps.hasher.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(user.id, await this.deps.hasher.hashPassword(password));
    }
    if (user.currentAuthType !== 'email') await this.users.setAuthType(user.id, 'email');
    if (ctx.tempUserId) await this.users.recordMerge(ctx.tempUserId, user.id);
    await this.deps.guard.succeeded(email);
    return { result: await this.issue(user, 'email') };
  }

  // ------------------------------------------------------------------------------------------
  // Recovery

  async requestRecovery(email: string, ctx: RequestContext): Promise<TFlowStartedAnswer | Warning> {
    await this.deps.guard.check(ctx, email);
    const user = await this.users.findByEmail(email);
    if (!user) {
      await this.deps.guard.failed(ctx, email);
      return warning('USER_NOT_EXIST_RECOVERY_PASSWORD');
    }
    return this.startFlowAndMail('recovery', email, null, ctx);
  }

  /** The code confirmed in this flow lets this flow (and only it) set a new password for a while. */
  async confirmRecovery(
    email: string,
    code: string,
    flowToken: string,
    ctx: RequestContext,
  ): Promise<{ result: true; validForSeconds: number } | Warning> {
    await this.deps.guard.check(ctx, email);
    const ok = await this.deps.db.transaction(async (tx) => {
      const repo = createAuthRepository(tx);
      const flow = await repo.flow('recovery', email, sha256(flowToken), new Date(this.now()));
      if (!flow) return 'missing' as const;
      const verdict = await this.spendCode(repo, 'recovery', email, code);
      if (verdict !== 'ok') return 'wrong' as const;
      await repo.verifyFlow(flow.id, new Date(this.now() + RECOVERY_VERIFIED_SECONDS * 1000));
      return 'ok' as const;
    });
    if (ok === 'missing')
      throw new AppError('RECOVERY_NOT_VERIFIED', 403, 'No recovery is waiting here for this e-mail: ask for a code again');
    if (ok === 'wrong') {
      await this.deps.guard.failed(ctx, email);
      return warning('SEND_RECOVERY_PASSWORD_CODE_INCORRECT');
    }
    return { result: true, validForSeconds: RECOVERY_VERIFIED_SECONDS };
  }

  async activateNewPassword(email: string, password: string, flowToken: string, ctx: RequestContext): Promise<{ result: true } | Warning> {
    const flow = await this.repo.flow('recovery', email, sha256(flowToken), new Date(this.now()));
    const user = await this.users.findByEmail(email);
    if (!flow?.verifiedUntil || flow.verifiedUntil.getTime() <= this.now() || !user) {
      throw new AppError('RECOVERY_NOT_VERIFIED', 403, 'Confirm the recovery code first');
    }
    const history = await this.users.passwordHistory(user.id, PASSWORD_HISTORY_DEPTH);
    if (user.passwordHash && !history.includes(user.passwordHash)) history.unshift(user.passwordHash);
    for (const hash of history) {
      if (await this.deps.hasher.verifyPassword(hash, password)) {
        await this.deps.guard.failed(ctx, email);
        return warning('PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD');
      }
    }
    const passwordHash = await this.deps.hasher.hashPassword(password);
    const now = new Date(this.now());
    const changed = await this.deps.db.transaction(async (tx) => {
      const repo = createAuthRepository(tx);
      // Single use: the flow is spent in the transaction that sets the password.
      if (!(await repo.takeVerifiedFlow(flow.id, now))) return false;
      const users = createUsersRepository(tx);
      // A new password signs every device out: whoever knew the old one loses the session too.
      await users.setPasswordHash(user.id, passwordHash, now);
      await users.addPasswordHistory(user.id, passwordHash);
      await repo.deleteFlows('recovery', email);
      await repo.deleteCode('recovery', email);
      return true;
    });
    if (!changed) throw new AppError('RECOVERY_NOT_VERIFIED', 403, 'Confirm the recovery code first');
    await this.deps.guard.succeeded(email);
    await this.mail(email, passwordChangedMail(ctx.language, { projectName: await this.projectName(ctx), email }));
    return { result: true };
  }

  // ------------------------------------------------------------------------------------------
  // Flows

  /**
   * A new flow, bound to the browser by the token answered. It ends no other flow: past the
   * e-mail's or the client address's share of live flows it is refused (429 with Retry-After)
   * until the oldest ends, so nobody can cancel a player's registration or recovery by starting
   * flows of their own.
   */
  private async startFlowAndMail(
    purpose: CodePurpose,
    email: string,
    passwordHash: string | null,
    ctx: RequestContext,
  ): Promise<TFlowStartedAnswer> {
    const flowToken = newFlowToken();
    const now = new Date(this.now());
    const flow: Omit<CodeFlowRow, 'createdAt' | 'verifiedUntil'> = {
      id: randomUUID(),
      purpose,
      email,
      tokenHash: sha256(flowToken),
      passwordHash,
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
      clientIp: ctx.ip,
    };
    const outcome = await this.repo.createBoundedFlow(flow, now, FLOW_BOUNDS);
    if (!outcome.started) {
      throw new AppError(
        'RATE_LIMITED',
        429,
        `Too many unfinished ${purpose === 'registration' ? 'registrations' : 'recoveries'}: try again later`,
        {
          retryAfter: outcome.retryAfterSeconds,
        },
      );
    }
    try {
      return { ...(await this.sendCode(purpose, email, ctx, { onlyIfAllowed: true })), flowToken };
    } catch (error) {
      // A flow whose code could not be mailed (a mail cap, the mail server away) holds no share.
      await this.repo.deleteFlow(flow.id).catch(() => undefined);
      throw error;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Codes

  /**
   * Mails a new code unless the resend policy says wait. With `onlyIfAllowed` a too-early
   * call keeps the code already mailed and answers the wait; without it (the resend
   * endpoint) the caller turns the wait into a 429.
   */
  async sendCode(purpose: CodePurpose, email: string, ctx: RequestContext, options: { onlyIfAllowed: boolean }): Promise<TCodeSentAnswer> {
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
    await this.assertMailCaps(email, ctx);
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
      language: ctx.language,
    });
    await this.deps.events.add(`mail:ip:${ctx.ip}`, `mail:email:${email}`, 'mail:all');
    const values = { projectName: await this.projectName(ctx), code, validMinutes: Math.round(codeTtlSeconds / 60) };
    await this.mail(
      email,
      purpose === 'registration' ? registrationCodeMail(ctx.language, values) : recoveryCodeMail(ctx.language, values),
    );
    return { result: true, resendAfterSeconds: this.deps.resend.secondsToWait(sentAt), codeTtlSeconds };
  }

  /**
   * Only the browser that started a flow asks for its code again: the answer depends on its
   * token, never on whether some code waits for the address.
   */
  async resendCode(purpose: CodePurpose, email: string, flowToken: string, ctx: RequestContext): Promise<TCodeSentAnswer> {
    const flow = await this.repo.flow(purpose, email, sha256(flowToken), new Date(this.now()));
    if (!flow) throw new AppError('NOT_FOUND', 404, 'No code was requested here: start again');
    return this.sendCode(purpose, email, ctx, { onlyIfAllowed: false });
  }

  /**
   * Code mails are capped per client address (an hour), per e-mail address (a day) and
   * overall (an hour), in the database so every process counts the same mails: a robot that
   * solved the check still cannot turn the product into a mail cannon.
   */
  private async assertMailCaps(email: string, ctx: RequestContext): Promise<void> {
    const { perAddressHour, perEmailDay, overallHour } = this.deps.mailCaps;
    const over = async (key: string, windowMs: number, cap: number) => cap > 0 && (await this.deps.events.count(key, windowMs, cap)) >= cap;
    if ((await over(`mail:ip:${ctx.ip}`, HOUR_MS, perAddressHour)) || (await over('mail:all', HOUR_MS, overallHour))) {
      throw new RetryAfter(HOUR_MS / 1000, 'Too many code mails right now, try again later');
    }
    if (await over(`mail:email:${email}`, DAY_MS, perEmailDay)) {
      throw new RetryAfter(DAY_MS / 1000, 'Too many code mails to this address today, try again tomorrow');
    }
  }

  /** A known project's name for mail texts, else the product's (never the raw header). */
  private async projectName(ctx: RequestContext): Promise<string> {
    return (await this.deps.projectTitle(ctx.project, ctx.language).catch(() => undefined)) ?? DEFAULT_PRODUCT_NAME;
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
  // Outside sign-in states

  /**
   * The state a window makes before it opens /passport: answered with a secret only that
   * window knows. A live state is refreshed only for the holder of its secret.
   */
  async startOutsideSignIn(id: string, session: string, presentedSecret: string | undefined): Promise<string> {
    const secret = presentedSecret ?? randomBytes(32).toString('base64url');
    const outcome = await this.repo.startAuthState(
      id,
      session,
      sha256(secret),
      new Date(this.now() + SIGN_IN_STATE_TTL_SECONDS * 1000),
      new Date(this.now()),
    );
    if (outcome === 'taken') throw new AppError('AUTH_STATE_TAKEN', 409, 'This sign-in state belongs to another window: make a new one');
    return secret;
  }

  /**
   * What the window that made the state may read: the result only with its secret and the
   * handoff the callback page gave its opener, and only once. An unknown id and a wrong
   * secret look the same.
   */
  async claimOutsideSignIn(
    id: string,
    secret: string | undefined,
    handoff: string | undefined,
  ): Promise<{ result: TAuthResult | null; waitingForHandoff?: boolean; failed?: boolean }> {
    if (!secret) throw unknownAuthState();
    const claimed = await this.repo.claimAuthResult(id, sha256(secret), handoff ? sha256(handoff) : undefined, new Date(this.now()));
    if (claimed === 'unknown') throw unknownAuthState();
    if (claimed === 'pending') return { result: null };
    if (claimed === 'failed') return { result: null, failed: true };
    if (claimed === 'waiting') return { result: null, waitingForHandoff: true };
    return claimed;
  }

  /** The provider refused or failed the sign-in of state `id` (the player did not just decline). */
  async failOutsideSignIn(id: string): Promise<void> {
    await this.repo.failAuthState(id);
  }

  /** Stores a finished outside sign-in's result; answers the one-time handoff for the opener. */
  async finishOutsideSignIn(id: string, result: TAuthResult): Promise<string> {
    const handoff = randomBytes(32).toString('base64url');
    // The opener picks it up within seconds of the handoff; it never outlives the state's 10 minutes.
    await this.repo.saveAuthResult(id, result, sha256(handoff), new Date(this.now() + SIGN_IN_STATE_TTL_SECONDS * 1000));
    return handoff;
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
      const user = byEmail ?? (await users.create({ email: verifiedEmail ?? null, passwordHash: null, currentAuthType: authType }));
      await users.addIdentity(user.id, provider, profile.providerUserId);
      if (byEmail) await users.setAuthType(user.id, authType);
      return user;
    });
    if (tempUserId) await this.users.recordMerge(tempUserId, user.id);
    return this.issue(user, authType);
  }
}

const unknownAuthState = () => new AppError('NOT_FOUND', 404, 'No such sign-in state here');

/** A resend before the policy allows, or a mail cap reached: 429 with `retryAfter` (seconds). */
export class RetryAfter extends AppError {
  declare readonly retryAfter: number;

  constructor(retryAfter: number, message = `Wait ${retryAfter} s before asking for another code`) {
    super('RATE_LIMITED', 429, message, { retryAfter });
  }
}

/** The `project` claim of a token, read without verifying it: only to pick the audience it is then verified for. */
function unverifiedProject(token: string): string | undefined {
  try {
    const { project } = decodeJwt(token);
    return typeof project === 'string' && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(project) ? project : undefined;
  } catch {
    return undefined;
  }
}
