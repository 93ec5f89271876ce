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
export async function signIdToken(
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

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined || value === '' ? undefined : value === 'true';
const present = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

export async function googleStandIn(app: FastifyInstance, options: GoogleStandInOptions = {}): Promise<GoogleStandIn> {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const audience = options.clientId ?? GOOGLE_STAND_IN_CLIENT_ID;

  const mint: GoogleStandIn['mint'] = (claims, mintOptions = {}) =>
    signIdToken(mintOptions.signWithOtherKey ? other.privateKey : privateKey, kid, claims, {
      issuer: mintOptions.issuer ?? GOOGLE_STAND_IN_ISSUER,
      audience: mintOptions.audience ?? audience,
      expiresIn: mintOptions.expiresIn ?? 3600,
    });

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
      nonce: present(q.nonce),
      iss: present(q.iss),
      aud: present(q.aud),
      exp: q.exp ? Number(q.exp) : undefined,
    };
    return { token: await mint(claims) };
  });

  return { jwksPath: '/google/certs', mint };
}
