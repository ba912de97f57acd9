import { createOidcSignInProvider, type OidcEndpoints, type OidcSignInOptions } from './oidc.ts';
import type { OAuthSignInProvider } from './types.ts';
import { withDefaults } from './http.ts';

/** Google's documented OpenID Connect endpoints (accounts.google.com discovery document). */
export const GOOGLE_ENDPOINTS: OidcEndpoints = {
  issuer: 'https://accounts.google.com',
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
  jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
};

export type GoogleSignInOptions = Omit<OidcSignInOptions, keyof OidcEndpoints | 'id'> &
  Partial<OidcEndpoints> & {
    /** `google` or `google_adult`: the same protocol, each with its own OAuth client. */
    id?: 'google' | 'google_adult';
  };

export function createGoogleSignInProvider(options: GoogleSignInOptions): OAuthSignInProvider {
  return createOidcSignInProvider({
    ...options,
    ...withDefaults(GOOGLE_ENDPOINTS, options),
    id: options.id ?? 'google',
  });
}
