/**
 * The Apple-style sign-in (spec §7 POST /login/apple {Token}). Before the page starts the
 * provider's sign-in it fetches GET /login/apple/nonce: a fresh random nonce, remembered for this
 * browser in a signed httpOnly cookie and, for single use across all instances, in the login-flow
 * store. The identity token must then be valid (signature, issuer, audience, expiry) and carry that
 * nonce. Every attempt uses the nonce up, so a token can never be played twice.
 */
import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/route.js';
import { signedValues } from '../../../http/signed-value.js';
import { appleVerifier } from '../../../integrations/identity/apple.js';
import { SignInRejected } from '../../../integrations/identity/identity.js';
import type { ProviderRouteOptions } from './options.js';

const PROVIDER = 'apple';
export const APPLE_NONCE_COOKIE = 'apple_signin_nonce';
/** Both calls of this sign-in live under this path, so the cookie travels with them only. */
const COOKIE_PATH = '/account/api/v1/login/apple';
const NONCE_TTL_SECONDS = 600;

export function registerAppleRoutes(app: FastifyInstance, options: ProviderRouteOptions): void {
  const settings = options.providers.apple;
  if (!settings) return;
  const verifier = appleVerifier({ ...settings, fetch: options.fetch });
  const cookie: CookieSerializeOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.publicUrl.startsWith('https:'),
  };

  const nonces = signedValues(options.secret, 'apple-signin-nonce');

  registerEndpoint(app, options.deps, 'appleNonce', async ({ request, reply }) => {
    // Nonces are counted apart from sign-in attempts, against the same budget per client address.
    await options.limit(request, reply, `apple-nonce|${request.ip}`);
    const nonce = randomBytes(32).toString('base64url');
    await options.auth.rememberFlow({ state: nonce, provider: PROVIDER, codeVerifier: '', nonce });
    reply
      .setCookie(APPLE_NONCE_COOKIE, nonces.seal(nonce), { ...cookie, maxAge: NONCE_TTL_SECONDS })
      .header('cache-control', 'no-store');
    return { nonce };
  });

  registerEndpoint(
    app,
    options.deps,
    'loginApple',
    async ({ request, reply, body }) => {
      const nonce = nonces.open(request.cookies[APPLE_NONCE_COOKIE]);
      reply.clearCookie(APPLE_NONCE_COOKIE, cookie);
      // Taken out of the store whatever the outcome: each nonce serves one attempt.
      const flow = nonce ? await options.auth.takeFlow(nonce, PROVIDER) : null;
      const identity = await options.steps.verified(request, PROVIDER, async () => {
        if (!nonce) throw new SignInRejected('No nonce cookie, or one this server did not sign');
        if (!flow) throw new SignInRejected('The nonce is unknown, used or expired');
        return verifier.verify(body.token, nonce);
      });
      return options.steps.answerAccount(request, reply, PROVIDER, identity);
    },
    { limit: options.limit },
  );
}
