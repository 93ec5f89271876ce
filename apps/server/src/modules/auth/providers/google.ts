/**
 * POST /login/google {Credential, ClientId} (spec §7): the search-engine company's ID token is
 * verified on the server (signature against the published keys, issuer, audience, expiry) before
 * anyone is signed in; the answer is the account.
 */
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/route.js';
import { googleVerifier } from '../../../integrations/identity/google.js';
import type { ProviderRouteOptions } from './options.js';

const PROVIDER = 'google';

export function registerGoogleRoutes(app: FastifyInstance, options: ProviderRouteOptions): void {
  const settings = options.providers.google;
  if (!settings) return;
  const verifier = googleVerifier({ ...settings, fetch: options.fetch });

  registerEndpoint(
    app,
    options.deps,
    'loginGoogle',
    async ({ request, reply, body }) => {
      const identity = await options.steps.verified(request, PROVIDER, () =>
        verifier.verify(body.credential, body.clientId),
      );
      return options.steps.answerAccount(request, reply, PROVIDER, identity);
    },
    { limit: options.limit },
  );
}
