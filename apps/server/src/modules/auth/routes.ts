import {
  API_BASE,
  AUTHENTICATED_REDIRECT_COOKIE,
  OIDC_CALLBACK_PATH,
  SSO_START_PATH,
  safeRedirectTarget,
} from '@account/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { OidcClient } from '../../integrations/identity/oidc.js';
import type { AuthService } from './service.js';

export interface AuthRouteOptions {
  auth: AuthService;
  /** OpenID Connect providers by name ('sso' is the company single sign-on). */
  oidc: Record<string, OidcClient>;
  publicUrl: string;
  redirectAllowList: string[];
}

const ACCOUNT_HOME = '/account/';
const LOGIN_PAGE = '/account/login';

export function registerAuthRoutes(app: FastifyInstance, deps: RouteDeps, options: AuthRouteOptions): void {
  const { auth, oidc, publicUrl } = options;
  const ownOrigin = new URL(publicUrl).origin;

  registerEndpoint(app, deps, 'logout', async ({ reply }) => {
    await reply.endSession();
    return { url: null };
  });

  /** The company single-sign-on start at the shop root: answers the provider URL as text. */
  const sso = oidc.sso;
  if (sso) {
    app.get(SSO_START_PATH, async (_request, reply) => {
      const flow = await sso.start();
      await auth.rememberFlow({
        state: flow.state,
        provider: 'sso',
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      });
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(flow.url);
    });
  }

  /** After a redirect sign-in: the authenticatedredirect cookie when safe, else the account home. */
  const landing = (request: FastifyRequest, reply: FastifyReply): string => {
    const cookie = request.cookies[AUTHENTICATED_REDIRECT_COOKIE];
    if (cookie === undefined) return ACCOUNT_HOME;
    reply.clearCookie(AUTHENTICATED_REDIRECT_COOKIE, { path: '/' });
    return safeRedirectTarget(cookie, ownOrigin, options.redirectAllowList) ?? ACCOUNT_HOME;
  };

  app.get(
    `${API_BASE}${OIDC_CALLBACK_PATH}`,
    {
      schema: {
        params: z.object({ provider: z.string().max(32) }),
        querystring: z.object({ state: z.string().max(512).optional() }).loose(),
      },
    },
    async (request, reply) => {
      const { provider } = request.params as { provider: string };
      const { state } = request.query as { state?: string };
      const client = oidc[provider];
      reply.header('cache-control', 'no-store');
      try {
        if (!client) throw new AppError(404, 'not_found', `Unknown provider ${provider}`);
        const flow = state ? await auth.takeFlow(state, provider) : null;
        if (!flow || !state) throw new Error('Unknown, used or expired state');
        const callbackUrl = new URL(request.url, publicUrl);
        const identity = await client.finish(callbackUrl, {
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
        const shopperId = await auth.shopperFor({ provider, ...identity });
        await reply.startSession(shopperId);
        request.log.info({ provider, shopperId }, 'signed in');
        return reply.redirect(landing(request, reply), 303);
      } catch (error) {
        // §8: a failed sign-in shows no message; the reason goes to the log only.
        request.log.warn({ provider, reason: (error as Error).message }, 'sign-in failed');
        return reply.redirect(LOGIN_PAGE, 303);
      }
    },
  );
}
