/**
 * A local stand-in for the search-engine company's sign-in, speaking its protocol over HTTP: a
 * JWKS endpoint with the public key (with a key id) and ID tokens signed RS256 with the matching
 * private key, shaped like the real ones. `mint` is for tests in this process; GET /google/mint
 * hands a token to a browser test (the page's provider script is replaced by one that calls it).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

export const GOOGLE_STAND_IN_ISSUER = 'https://accounts.google.com';
export const GOOGLE_STAND_IN_CLIENT_ID = 'stand-in-client.apps.googleusercontent.com';

export interface MintOptions {
  /** Seconds from now until the token expires; negative for an expired token. Default 3600. */
  expiresIn?: number;
  issuer?: string;
  audience?: string | string[];
  /** Sign with a key the JWKS does not hold (under the published key id): a forged token. */
  signWithOtherKey?: boolean;
}

export interface GoogleStandIn {
  jwksPath: string;
  mint(claims: JWTPayload, options?: MintOptions): Promise<string>;
}

export interface GoogleStandInOptions {
  /** The audience of minted tokens unless a test names another. */
  clientId?: string;
}

/** Signs a JWT the way an identity provider does: RS256 with a key id, iss, aud, iat and exp. */
async function signIdToken(
  key: CryptoKey,
  kid: string,
  claims: JWTPayload,
  defaults: { issuer: string; audience: string | string[]; expiresIn: number },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const exp = claims.exp ?? now + defaults.expiresIn;
  const iat = claims.iat ?? Math.min(now, exp - 60);
  return new SignJWT({ ...claims, iss: claims.iss ?? defaults.issuer, aud: claims.aud ?? defaults.audience, iat, exp })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .sign(key);
}

/**
 * A provider's signing key, published as `jwk` under the key id `kid`, and a key the JWKS does not
 * hold; `mint` signs a token with the provider's defaults unless the test names others.
 */
export async function signingKeys(
  kid: string,
  defaults: { issuer: string; audience: string; expiresIn: number },
): Promise<{ jwk: JWK; mint: GoogleStandIn['mint'] }> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  return {
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    mint: (claims, options = {}) =>
      signIdToken(options.signWithOtherKey ? other.privateKey : privateKey, kid, claims, {
        issuer: options.issuer ?? defaults.issuer,
        audience: options.audience ?? defaults.audience,
        expiresIn: options.expiresIn ?? defaults.expiresIn,
      }),
  };
}

/** A query value, with an empty one as none. */
export const present = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

/** The claims GET /<provider>/mint takes from its query for every provider: a browser test may set these. */
export const queryClaims = (q: Record<string, string | undefined>): JWTPayload => ({
  nonce: present(q.nonce),
  iss: present(q.iss),
  aud: present(q.aud),
  exp: q.exp ? Number(q.exp) : undefined,
});

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined || value === '' ? undefined : value === 'true';

export async function googleStandIn(app: FastifyInstance, options: GoogleStandInOptions = {}): Promise<GoogleStandIn> {
  const audience = options.clientId ?? GOOGLE_STAND_IN_CLIENT_ID;
  const { jwk, mint } = await signingKeys(randomUUID(), { issuer: GOOGLE_STAND_IN_ISSUER, audience, expiresIn: 3600 });

  app.get('/google/certs', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { keys: [jwk] };
  });

  app.get('/google/mint', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const claims: JWTPayload = {
      sub: present(q.sub) ?? randomUUID(),
      azp: present(q.aud) ?? audience,
      email: present(q.email),
      email_verified: flag(q.email_verified),
      given_name: present(q.given_name),
      family_name: present(q.family_name),
      ...queryClaims(q),
    };
    return { token: await mint(claims) };
  });

  return { jwksPath: '/google/certs', mint };
}
