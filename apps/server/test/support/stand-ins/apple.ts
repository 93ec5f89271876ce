/**
 * A local stand-in for the Apple-style sign-in, speaking its protocol over HTTP: a JWKS endpoint
 * with the public key (with a key id) and identity tokens signed RS256 with the matching private
 * key, shaped like the real ones (email_verified as the string "true"/"false", a nonce claim, no
 * names). `mint` is for tests in this process; GET /apple/mint hands a token to a browser test.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JWTPayload } from 'jose';
import { type MintOptions, present, queryClaims, signingKeys } from './google.js';

export const APPLE_STAND_IN_ISSUER = 'https://appleid.apple.com';
export const APPLE_STAND_IN_CLIENT_ID = 'com.example.shop.signin';

export type { MintOptions };

export interface AppleStandIn {
  jwksPath: string;
  mint(claims: JWTPayload, options?: MintOptions): Promise<string>;
}

export interface AppleStandInOptions {
  /** The audience of minted tokens unless a test names another. */
  clientId?: string;
}

export async function appleStandIn(app: FastifyInstance, options: AppleStandInOptions = {}): Promise<AppleStandIn> {
  const audience = options.clientId ?? APPLE_STAND_IN_CLIENT_ID;
  const keys = await signingKeys(randomUUID().slice(0, 10), {
    issuer: APPLE_STAND_IN_ISSUER,
    audience,
    expiresIn: 600,
  });
  const mint: AppleStandIn['mint'] = (claims, mintOptions) =>
    keys.mint({ auth_time: Math.floor(Date.now() / 1000), nonce_supported: true, ...claims }, mintOptions);

  app.get('/apple/keys', async () => ({ keys: [keys.jwk] }));

  app.get('/apple/mint', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const email = present(q.email);
    const claims: JWTPayload = {
      sub: present(q.sub) ?? `000${randomUUID().replaceAll('-', '')}`,
      email,
      // The provider sends these as strings.
      email_verified: email === undefined ? undefined : q.email_verified === 'false' ? 'false' : 'true',
      is_private_email: email === undefined ? undefined : String(email.endsWith('@privaterelay.appleid.com')),
      ...queryClaims(q),
    };
    return { token: await mint(claims) };
  });

  return { jwksPath: '/apple/keys', mint };
}
