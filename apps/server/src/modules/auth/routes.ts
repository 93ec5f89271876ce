import { API_BASE, ERROR_CODES, OIDC_CALLBACK_PATH, SSO_START_PATH } from '@account/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { OidcClient } from '../../integrations/identity/oidc.js';
import { type ProviderRouteOptions, registerProviderRoutes } from './providers/index.js';

/** The OpenID Connect routes' needs besides what every other provider's routes get. */
export interface AuthRouteOptions extends Omit<ProviderRouteOptions, 'deps'> {
  /** OpenID Connect providers by name ('sso' is the company single sign-on). */
  oidc: Record<string, OidcClient>;
}

export function registerAuthRoutes(app: FastifyInstance, deps: RouteDeps, options: AuthRouteOptions): void {
  const { auth, oidc, steps } = options;

  registerEndpoint(app, deps, 'logout', async ({ reply }) => {
    await reply.endSession();
    return { url: null };
  });

  /**
   * Starts an OpenID Connect flow: remembers state, nonce and PKCE verifier once, binds the state
   * to this browser, answers the URL.
   */
  const start = async (provider: string, client: OidcClient, reply: FastifyReply): Promise<string> => {
    let flow: Awaited<ReturnType<OidcClient['start']>>;
    try {
      flow = await client.start();
    } catch (error) {
      // The provider's discovery document could not be fetched: an outage on their side, not ours.
      throw new AppError(
        503,
        ERROR_CODES.unavailable,
        `The sign-in provider cannot be reached: ${(error as Error).message}`,
      );
    }
    await auth.rememberFlow({ state: flow.state, provider, codeVerifier: flow.codeVerifier, nonce: flow.nonce });
    steps.bindFlow(reply, 'redirect', flow.state);
    return flow.url;
  };

  /** The company single-sign-on start at the shop root: answers the provider URL as text (§7). */
  const sso = oidc.sso;
  if (sso) {
    app.get(SSO_START_PATH, async (request, reply) => {
      await options.limit(request, reply);
      const url = await start('sso', sso, reply);
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(url);
    });
  }

  /** The auth0-style provider: answers {redirectUrl} (§7), sharing the single sign-on's code. */
  const auth0 = oidc.auth0;
  if (auth0) {
    registerEndpoint(
      app,
      deps,
      'loginAuth0',
      async ({ reply }) => {
        reply.header('cache-control', 'no-store');
        return { redirectUrl: await start('auth0', auth0, reply) };
      },
      { limit: options.limit },
    );
  }

  app.get(
    `${API_BASE}${OIDC_CALLBACK_PATH}`,
    {
      schema: {
        operationId: 'oidcCallback',
        summary: 'Where an OpenID Connect provider sends the browser back: signs in and redirects to the account',
        params: z.object({ provider: z.string().max(32) }),
        querystring: z.object({ state: z.string().max(512).optional() }).loose(),
      },
    },
    async (request, reply) => {
      await options.limit(request, reply);
      const { provider } = request.params as { provider: string };
      const { state } = request.query as { state?: string };
      const client = oidc[provider];
      try {
        if (!client) throw new AppError(404, 'not_found', `Unknown provider ${provider}`);
        const flow = state ? await auth.takeFlow(state, provider) : null;
        if (!flow || !state) throw new Error('Unknown, used or expired state');
        if (!steps.startedHere(request, reply, state)) throw new Error('The sign-in was started in another browser');
        const identity = await client.finish(new URL(request.url, options.publicUrl), {
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
        return await steps.redirectIn(request, reply, provider, identity);
      } catch (error) {
        return steps.failRedirect(request, reply, provider, error);
      }
    },
  );

  registerProviderRoutes(app, { ...options, deps });
}
