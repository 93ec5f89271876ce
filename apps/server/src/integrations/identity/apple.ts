/**
 * The Apple-style sign-in: the browser hands the page an identity token (a JWT). It is checked
 * here against the provider's published keys (JWKS, cached), the issuer, the audience (our client
 * id), the expiry, and the nonce this server handed the same browser just before, so a token
 * taken from somewhere else cannot be replayed here. The token carries no names.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { assertsVerified, remoteKeys, verifyIdToken } from './id-token.js';
import { type ProviderIdentity, SignInRejected } from './identity.js';

export interface AppleSettings {
  clientId: string;
  jwksUrl: string;
  issuer: string;
  fetch: typeof globalThis.fetch;
}

export interface AppleVerifier {
  /**
   * The verified identity behind an identity token issued for `nonce`; throws SignInRejected when
   * anything is off.
   */
  verify(token: string, nonce: string): Promise<ProviderIdentity>;
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The provider's web SDK puts the nonce into the token as given; its native SDKs are given the
 * SHA-256 (hex) of the nonce instead. Either proves the token was issued for this nonce.
 */
export function nonceMatches(claim: unknown, nonce: string): boolean {
  if (typeof claim !== 'string' || claim === '' || nonce === '') return false;
  const hashed = createHash('sha256').update(nonce).digest('hex');
  return sameText(claim, nonce) || sameText(claim.toLowerCase(), hashed);
}

export function appleVerifier(settings: AppleSettings): AppleVerifier {
  // Created once: the keys are cached across sign-ins.
  const keys = remoteKeys(settings.jwksUrl, settings.fetch);

  return {
    async verify(token, nonce) {
      const claims = await verifyIdToken(token, keys, { issuer: settings.issuer, audience: settings.clientId });
      if (!nonceMatches(claims.nonce, nonce)) throw new SignInRejected('The token was issued for another nonce');
      const email = typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email.trim() : null;
      return {
        subject: claims.sub,
        email,
        // Relay addresses (is_private_email) are verified too: they forward to the person's own mailbox.
        emailVerified: email !== null && assertsVerified(claims.email_verified),
        // Names reach only the page, once, on the very first sign-in: never in the token.
        firstName: '',
        lastName: '',
      };
    },
  };
}
