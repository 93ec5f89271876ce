/**
 * The search-engine company's sign-in (Sign in with Google): the browser hands the page an ID
 * token (a JWT), which proves nothing until checked here: its signature against the provider's
 * published keys (JWKS, fetched once and cached), the issuer, the audience (our client id and
 * nothing else) and the expiry. Keys and issuers are configurable so tests run against a stand-in.
 */

import { assertsVerified, remoteKeys, verifyIdToken } from './id-token.js';
import { type ProviderIdentity, SignInRejected } from './identity.js';

export interface GoogleSettings {
  clientId: string;
  jwksUrl: string;
  /** Accepted `iss` values (the provider uses both https://accounts.google.com and accounts.google.com). */
  issuers: string[];
  fetch: typeof globalThis.fetch;
}

export interface GoogleVerifier {
  /** The verified identity behind an ID token; throws SignInRejected when anything is off. */
  verify(credential: string, clientId: string): Promise<ProviderIdentity>;
}

/** Names longer than this are cut: the profile is the provider's, the account is ours. */
const MAX_NAME_LENGTH = 100;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, MAX_NAME_LENGTH) : '');

export function googleVerifier(settings: GoogleSettings): GoogleVerifier {
  // Created once: the keys are cached across sign-ins.
  const keys = remoteKeys(settings.jwksUrl, settings.fetch);

  return {
    async verify(credential, clientId) {
      // The client id the page used must be ours; the token's audience is checked again below.
      if (clientId !== settings.clientId) throw new SignInRejected('The page used another client id');
      const claims = await verifyIdToken(credential, keys, { issuer: settings.issuers, audience: settings.clientId });
      const email = typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email.trim() : null;
      return {
        subject: claims.sub,
        email,
        emailVerified: email !== null && assertsVerified(claims.email_verified),
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
      };
    },
  };
}
