/**
 * Verification of ID tokens (JWTs) issued by OpenID-style providers that publish their keys as a
 * JWKS: the search-engine company's and the Apple-style sign-in share it.
 */
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { SignInRejected } from './identity.js';

/** Clocks drift a little between the provider and us; more than this is a real expiry. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** `email_verified` arrives as a boolean, or as the string "true" from some of the provider's endpoints. */
export const assertsVerified = (value: unknown): boolean => value === true || value === 'true';

/** The JWT library (about 50 modules), loaded at the first sign-in that brings an ID token, not with the server. */
const jose = () => import('jose');

/** A provider's published keys, as remoteKeys keeps them. */
export type RemoteKeys = () => Promise<JWTVerifyGetKey>;

/**
 * The published keys of a JWT-issuing provider, fetched with the given client and cached: keys are
 * reused for 10 minutes, an unknown key id refetches at most every 30 seconds, a fetch gives up
 * after 5 seconds.
 */
export function remoteKeys(jwksUrl: string, fetch: typeof globalThis.fetch): RemoteKeys {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return () =>
    (keys ??= jose().then(({ createRemoteJWKSet, customFetch }) =>
      createRemoteJWKSet(new URL(jwksUrl), {
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
        timeoutDuration: 5_000,
        [customFetch]: fetch,
      }),
    ));
}

/**
 * Verifies a JWT signed with RS256 by the provider's keys: signature, issuer, a single audience
 * equal to ours, expiry (with a small tolerance) and the presence of a subject. Every failure,
 * including an unreachable key endpoint, becomes a SignInRejected naming the reason.
 */
export async function verifyIdToken(
  token: string,
  keys: RemoteKeys,
  expected: { issuer: string | string[]; audience: string },
): Promise<JWTPayload & { sub: string }> {
  const [{ jwtVerify }, getKey] = await Promise.all([jose(), keys()]);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, getKey, {
      issuer: expected.issuer,
      audience: expected.audience,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['iss', 'aud', 'sub', 'exp', 'iat'],
    }));
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    throw new SignInRejected(`ID token refused${code ? ` (${code})` : ''}: ${message}`);
  }
  // OpenID Connect: a token that also names audiences we do not know is not for us alone.
  if (Array.isArray(payload.aud) && payload.aud.length !== 1) {
    throw new SignInRejected('ID token names more than one audience');
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new SignInRejected('ID token names no subject');
  return payload as JWTPayload & { sub: string };
}
