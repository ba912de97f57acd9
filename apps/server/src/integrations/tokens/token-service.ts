import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JSONWebKeySet, type JWTHeaderParameters, type JWTPayload, type KeyObject } from 'jose';
import type { KeyStore } from './key-store.ts';
import { TokenError } from './token-error.ts';

/** Claims every token we issue carries; `extra` may not overwrite them. */
const REGISTERED = ['iss', 'sub', 'aud', 'iat', 'exp', 'nbf', 'jti'] as const;

/**
 * The kinds of token the portal issues. Each has its own `typ` header and its own signing key
 * (the player key, and keys derived from it per kind), so a token of one kind presented as
 * another fails verification even where a server forgets to check `aud`:
 * - player: the portal's own session (aud = PUBLIC_URL's origin);
 * - staff: the publisher console (aud = portal-staff);
 * - game: what a game gets in `userAuth` (aud = its project);
 * - host: what a host embedding the portal's screens gets in `authResult` (aud = its project);
 * - payment: the result token of a paid payment (aud = payment or the project).
 */
export type TokenKind = 'player' | 'staff' | 'game' | 'host' | 'payment';
export const TOKEN_TYP: Record<TokenKind, string> = {
  player: 'JWT',
  staff: 'staff+jwt',
  game: 'game+jwt',
  host: 'host+jwt',
  payment: 'payment+jwt',
};
/** Kinds whose public keys are published at /.well-known/jwks.json (staff tokens are only ever read by the portal). */
export const PUBLISHED_KINDS: readonly TokenKind[] = ['player', 'game', 'host', 'payment'];
export const PLAYER_TOKEN_TYP = TOKEN_TYP.player;
export const PAYMENT_TOKEN_TYP = TOKEN_TYP.payment;
/** audience of payment tokens when the caller names none; game servers check it */
export const PAYMENT_AUDIENCE = 'payment';

export interface PlayerTokenInput {
  /** the player's id (the `userId` of the game-server API) */
  sub: string;
  /** who the token is for, e.g. the project id */
  aud: string | string[];
  ttlSeconds: number;
  /** further claims (nickName, auth type...); must not use registered claim names */
  extra?: Record<string, unknown>;
}

export interface PaymentTokenInput {
  paymentId: string;
  status: string;
  /** the paying player's id, becomes `sub` */
  userId?: string;
  /** default `payment`; a project id lets one game server refuse another's tokens */
  aud?: string;
  /** default 1 hour: long enough for the game server to check it, short enough not to be a receipt */
  ttlSeconds?: number;
  /** the rest of the result (amount, currency, the game's own payload...) */
  extra?: Record<string, unknown>;
}

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface TokenClaims extends JWTPayload {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  iss: string;
}

export interface TokenServiceOptions {
  keys: KeyStore;
  /** `iss` of every token: the product's PUBLIC_URL */
  issuer: string;
  /** asked on every verify; the revocation repository plugs in here. Default: nothing is revoked. */
  isRevoked?: (jti: string) => boolean | Promise<boolean>;
  /** seconds of clock skew tolerated between machines; default 30 */
  clockToleranceSeconds?: number;
  now?: () => number;
}

export class TokenService {
  private readonly keys: KeyStore;
  private readonly issuer: string;
  private readonly isRevoked: (jti: string) => boolean | Promise<boolean>;
  private readonly clockTolerance: number;
  private readonly now: () => number;

  constructor(options: TokenServiceOptions) {
    this.keys = options.keys;
    this.issuer = options.issuer;
    this.isRevoked = options.isRevoked ?? (() => false);
    this.clockTolerance = options.clockToleranceSeconds ?? 30;
    this.now = options.now ?? Date.now;
  }

  /** A token of a player's kind (player, staff, game, host), signed with that kind's key. */
  signToken(kind: Exclude<TokenKind, 'payment'>, input: PlayerTokenInput): Promise<SignedToken> {
    if (input.sub === '') throw new TypeError(`a ${kind} token needs a subject`);
    return this.sign(kind, { ...input.extra }, input.sub, input.aud, input.ttlSeconds);
  }

  signPlayerToken(input: PlayerTokenInput): Promise<SignedToken> {
    return this.signToken('player', input);
  }

  signPaymentToken(input: PaymentTokenInput): Promise<SignedToken> {
    const claims = { ...input.extra, paymentId: input.paymentId, status: input.status };
    return this.sign('payment', claims, input.userId, input.aud ?? PAYMENT_AUDIENCE, input.ttlSeconds ?? 3600);
  }

  /** Claims of a valid token of `kind` for `audience`; otherwise throws `TokenError`. */
  verifyToken(kind: TokenKind, token: string, options: { audience: string | string[] }): Promise<TokenClaims> {
    return this.check(token, kind, options.audience);
  }

  /** Claims of a valid player (portal) token for `audience`; otherwise throws `TokenError`. */
  verify(token: string, options: { audience: string | string[] }): Promise<TokenClaims> {
    return this.check(token, 'player', options.audience);
  }

  verifyPaymentToken(token: string, options: { audience?: string } = {}): Promise<TokenClaims> {
    return this.check(token, 'payment', options.audience ?? PAYMENT_AUDIENCE);
  }

  /** The public keys of the published kinds, for /.well-known/jwks.json. */
  async publicJwks(): Promise<JSONWebKeySet> {
    const stores = await Promise.all(PUBLISHED_KINDS.map((kind) => this.keysOf(kind)));
    const keys = stores.flatMap((store) => store.jwks().keys);
    return { keys: keys.filter((key, index) => keys.findIndex((other) => other.kid === key.kid) === index) };
  }

  private keysOf(kind: TokenKind): Promise<KeyStore> {
    return kind === 'player' ? Promise.resolve(this.keys) : this.keys.derive(kind);
  }

  private async sign(
    kind: TokenKind,
    claims: Record<string, unknown>,
    sub: string | undefined,
    aud: string | string[],
    ttlSeconds: number,
  ): Promise<SignedToken> {
    for (const name of REGISTERED) {
      if (name in claims) throw new TypeError(`extra claims may not set the registered claim "${name}"`);
    }
    if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new RangeError('ttlSeconds must be a positive integer');
    const typ = TOKEN_TYP[kind];
    const key = (await this.keysOf(kind)).current;
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + ttlSeconds;
    const jti = randomUUID();
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ })
      .setIssuer(this.issuer)
      .setAudience(aud)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(jti);
    if (sub !== undefined) jwt.setSubject(sub);
    return { token: await jwt.sign(key.privateKey), jti, expiresAt: new Date(exp * 1000) };
  }

  private async check(token: string, kind: TokenKind, audience: string | string[]): Promise<TokenClaims> {
    const keys = await this.keysOf(kind);
    const typ = TOKEN_TYP[kind];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, (header) => keyFor(keys, header), {
        issuer: this.issuer,
        audience,
        typ,
        // Only the algorithms of this kind's keys: never "none", never HMAC with a public key as secret.
        algorithms: [...new Set(keys.verificationKeys.map((k) => k.alg))],
        requiredClaims: ['jti', 'iat', 'exp'],
        clockTolerance: this.clockTolerance,
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('expired', 'token expired', { cause: error });
      throw new TokenError('invalid', 'token invalid', { cause: error });
    }
    if (kind !== 'payment' && (typeof payload.sub !== 'string' || payload.sub === '')) {
      throw new TokenError('invalid', 'token has no subject');
    }
    const claims = payload as TokenClaims;
    if (await this.isRevoked(claims.jti)) throw new TokenError('revoked', 'token revoked');
    return claims;
  }
}

function keyFor(keys: KeyStore, header: JWTHeaderParameters): KeyObject {
  const key = keys.verificationKeys.find((k) => k.kid === header.kid && k.alg === header.alg);
  if (!key) throw new errors.JWKSNoMatchingKey();
  return key.publicKey;
}
