import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type Configuration, type JWK } from 'oidc-provider';
import { escapeHtml, renderInteractionPage } from './local-oidc-page.ts';
import { createOidcSignInProvider } from './oidc.ts';
import type { FetchLike, OAuthSignInProvider } from './types.ts';

/** One stand-in: the local provider plays this outside provider for one OAuth client. */
export interface LocalOidcClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs; anything else is refused by oidc-provider. */
  redirectUris: readonly string[];
  /** What the page says it stands in for: "Google", "VK ID", "Apple", ... */
  title: string;
}

export interface LocalOidcOptions {
  /** Public URL of the provider; its path is where it is mounted (`http://localhost:8080/local-oidc`). */
  issuer: string;
  clients: readonly LocalOidcClient[];
  /** Keys that sign cookies; random per process when absent (a restart ends sign-ins in flight). */
  cookieKeys?: readonly string[];
  /** Private JWKS that signs id tokens; a fresh RSA key per process when absent. */
  jwks?: { keys: JWK[] };
  /** oidc-provider storage; its in-memory default suits one process only. */
  adapter?: Configuration['adapter'];
  /** Who typed which name and e-mail (found again for the token and userinfo calls); in memory by default. */
  accounts?: LocalAccounts;
  /** Trust `X-Forwarded-*` (behind a TLS-terminating proxy). */
  proxy?: boolean;
  /**
   * Claim the typed e-mail as verified. Only tests that let this server speak for a provider
   * which vouches for its addresses (Google) set it; the portal's own stand-in never does.
   */
  vouchForEmail?: boolean;
}

export interface LocalOidc {
  provider: Provider;
  /** Path part of the issuer, e.g. `/local-oidc`. */
  mountPath: string;
  /**
   * Node request handler for every request under `mountPath` (it strips the prefix itself).
   * Give it the raw, unread request: in Fastify, hijack the reply in an `onRequest` hook.
   */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface LocalAccount {
  email: string;
  name: string;
}

/** Where the stand-in keeps the people who signed in on its page, for as long as a sign-in lasts. */
export interface LocalAccounts {
  get(accountId: string): Promise<LocalAccount | undefined>;
  set(accountId: string, account: LocalAccount): Promise<void>;
}

function memoryAccounts(): LocalAccounts {
  const accounts = new Map<string, LocalAccount>();
  return {
    get: async (accountId) => accounts.get(accountId),
    set: async (accountId, account) => {
      accounts.set(accountId, account);
    },
  };
}

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";
const MAX_FORM_BYTES = 16 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The account id of an e-mail: stable across sign-ins and clients, reveals nothing. */
export function localAccountId(email: string): string {
  return `local-${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;
}

function signingKeys(): { keys: JWK[] } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: `local-${randomBytes(8).toString('hex')}`, use: 'sig', alg: 'RS256' } as JWK] };
}

/**
 * The built-in local sign-in provider of the embedded default: a real OpenID Connect server
 * (`oidc-provider`) whose only login step is a page asking for a display name and an
 * e-mail. Each outside provider gets its own client, so every login button runs the same
 * code flow with PKCE it runs in production, offline.
 */
export function createLocalOidcProvider(options: LocalOidcOptions): LocalOidc {
  const issuerUrl = new URL(options.issuer);
  const mountPath = issuerUrl.pathname.replace(/\/+$/, '');
  const accounts = options.accounts ?? memoryAccounts();
  const titles = new Map(options.clients.map((client) => [client.clientId, client.title]));

  const configuration: Configuration = {
    ...(options.adapter ? { adapter: options.adapter } : {}),
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [...client.redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    // PKCE (S256 only) for every client, not just public ones.
    pkce: { required: () => true },
    cookies: { keys: [...(options.cookieKeys ?? [randomBytes(32).toString('base64url')])] },
    jwks: options.jwks ?? signingKeys(),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    // Short lives: a sandbox sign-in is over in seconds; the portal issues its own tokens.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    routes: { authorization: '/auth', token: '/token', userinfo: '/me', jwks: '/jwks' },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    // Errors that cannot go back to the client (a redirect URI not registered, say) land here.
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.set('content-security-policy', PAGE_CSP);
      ctx.body = simplePage(`Sign-in failed: ${escapeHtml(String(out.error_description ?? out.error))}`);
    },
    async findAccount(_ctx, sub) {
      const account = await accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        // Anybody can type any address here: the stand-in never vouches for it, so a sign-in
        // through it is never linked to the player who owns that address.
        claims: () => ({ sub, email: account.email, email_verified: options.vouchForEmail === true, name: account.name }),
      };
    },
  };
  const provider = new Provider(options.issuer, configuration);
  if (options.proxy) provider.proxy = true;
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientId = String(details.params.client_id ?? '');
    const providerTitle = titles.get(clientId) ?? 'the sign-in provider';
    const action = `${mountPath}/interaction/${uid}`;

    if (req.method === 'GET') {
      sendPage(res, 200, renderInteractionPage({ action, providerTitle }));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    const form = await readForm(req);
    if (form.get('action') === 'cancel') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const name = (form.get('name') ?? '').trim();
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const error =
      name.length === 0 || name.length > 64
        ? ({ field: 'name', message: 'Enter a display name of up to 64 characters.' } as const)
        : email.length > 320 || !EMAIL.test(email)
          ? ({ field: 'email', message: 'Enter a valid e-mail address.' } as const)
          : undefined;
    if (error) {
      sendPage(res, 400, renderInteractionPage({ action, providerTitle, name, email, error }));
      return;
    }

    const accountId = localAccountId(email);
    await accounts.set(accountId, { email, name });
    // A stand-in has nothing to consent to: the grant covers what the client asked for.
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const inside = mountPath === '' || url === mountPath || url.startsWith(`${mountPath}/`) || url.startsWith(`${mountPath}?`);
    if (!inside) {
      res.writeHead(404).end();
      return;
    }
    const rest = url.slice(mountPath.length) || '/';
    // oidc-provider reads the mount from `originalUrl`, as under Express.
    Object.assign(req, { originalUrl: url });
    req.url = rest;
    const match = /^\/interaction\/([\w-]+)(?:\?.*)?$/.exec(rest);
    if (!match?.[1]) {
      void callback(req, res);
      return;
    }
    interaction(req, res, match[1]).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const gone = error instanceof Error && (error.name === 'SessionNotFound' || error.message === 'interaction mismatch');
      const tooLarge = error instanceof Error && error.message === 'form too large';
      const status = tooLarge ? 413 : gone ? 400 : 500;
      sendPage(res, status, simplePage(gone ? 'This sign-in has expired. Close this window and try again.' : 'Sign-in failed.'));
    });
  };

  return { provider, mountPath, handler };
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

function simplePage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in</title></head><body><main><h1>Sign-in</h1><p role="alert">${message}</p></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export interface LocalSignInProviderOptions {
  /** Our provider name the stand-in plays (`google`, `vkontakte`, ...). */
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Where the server itself reaches the local provider when the public URL is not
   * reachable from inside (token, userinfo and keys calls); defaults to the issuer.
   */
  internalBaseUrl?: string;
  fetch?: FetchLike;
}

/** An `OAuthSignInProvider` for one client of the local provider: the sandbox of every outside one. */
export function createLocalSignInProvider(options: LocalSignInProviderOptions): OAuthSignInProvider {
  const issuer = options.issuer.replace(/\/+$/, '');
  const internal = (options.internalBaseUrl ?? issuer).replace(/\/+$/, '');
  return createOidcSignInProvider({
    id: options.id,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${internal}/token`,
    userinfoEndpoint: `${internal}/me`,
    jwksUri: `${internal}/jwks`,
    allowInsecureRequests: issuer.startsWith('http:') || internal.startsWith('http:'),
    // Ask every time, so one browser can sign in as several people (and tests stay independent).
    authorizationParams: { prompt: 'login' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
