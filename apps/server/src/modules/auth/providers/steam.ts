/**
 * The games platform's OpenID 2.0 sign-in. POST /login/steam (spec §7) answers {redirectUrl} to
 * the provider with a fresh single-use state in the return URL; the provider sends the browser
 * back to the callback, where the assertion is verified before the shopper is signed in.
 */
import { randomBytes } from 'node:crypto';
import { API_BASE, STEAM_CALLBACK_PATH } from '@account/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/route.js';
import { SignInRejected } from '../../../integrations/identity/identity.js';
import { steamOpenId } from '../../../integrations/identity/steam.js';
import type { ProviderRouteOptions } from './options.js';

const PROVIDER = 'steam';
const MAX_STATE_LENGTH = 128;

export function registerSteamRoutes(app: FastifyInstance, options: ProviderRouteOptions): void {
  const settings = options.providers.steam;
  if (!settings) return;
  const openId = steamOpenId({
    endpoint: settings.endpoint,
    publicUrl: options.publicUrl,
    callbackPath: `${API_BASE}${STEAM_CALLBACK_PATH}`,
    fetch: options.fetch,
  });

  registerEndpoint(
    app,
    options.deps,
    'loginSteam',
    async ({ reply }) => {
      const state = randomBytes(32).toString('base64url');
      await options.auth.rememberFlow({ state, provider: PROVIDER, codeVerifier: '', nonce: '' });
      options.steps.bindFlow(reply, 'redirect', state);
      reply.header('cache-control', 'no-store');
      return { redirectUrl: openId.authorizationUrl(state) };
    },
    { limit: options.limit },
  );

  /** The browser comes back here from the provider (a navigation, so failures redirect to the login page). */
  const schema = {
    operationId: 'steamCallback',
    summary: 'Where Steam sends the browser back: signs in and redirects to the account',
  };
  app.get(`${API_BASE}${STEAM_CALLBACK_PATH}`, { schema }, async (request, reply) => {
    await options.limit(request, reply);
    try {
      // Built like the return URL (public URL + path), so that the two can be compared.
      const arrivedAt = new URL(`${options.publicUrl}${request.url}`);
      const states = arrivedAt.searchParams.getAll('state');
      const state = states.length === 1 && states[0] && states[0].length <= MAX_STATE_LENGTH ? states[0] : null;
      // The state is taken before anything else is looked at, so each one is used once, whatever follows.
      const flow = state ? await options.auth.takeFlow(state, PROVIDER) : null;
      if (!flow || !state) throw new SignInRejected('Unknown, used or expired state');
      if (!options.steps.startedHere(request, reply, state)) {
        throw new SignInRejected('The sign-in was started in another browser');
      }
      const identity = await openId.verify(arrivedAt, openId.returnTo(state));
      return await options.steps.redirectIn(request, reply, PROVIDER, identity);
    } catch (error) {
      return options.steps.failRedirect(request, reply, PROVIDER, error);
    }
  });
}
