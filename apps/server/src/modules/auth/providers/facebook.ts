/**
 * POST /login/facebook {token} (spec §7): the social network's user access token is verified on
 * the server through the Graph API before anyone is signed in; the answer is the account.
 */
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/route.js';
import { facebookVerifier } from '../../../integrations/identity/facebook.js';
import type { ProviderRouteOptions } from './options.js';

const PROVIDER = 'facebook';

export function registerFacebookRoutes(app: FastifyInstance, options: ProviderRouteOptions): void {
  const settings = options.providers.facebook;
  if (!settings) return;
  const verifier = facebookVerifier({ ...settings, fetch: options.fetch });

  registerEndpoint(
    app,
    options.deps,
    'loginFacebook',
    async ({ request, reply, body }) => {
      const identity = await options.steps.verified(request, PROVIDER, () => verifier.verify(body.token));
      return options.steps.answerAccount(request, reply, PROVIDER, identity);
    },
    { limit: options.limit },
  );
}
