/**
 * The account security centre's calls (issue 20): sessions and devices, sign-in methods (linking
 * and removing identities), passkeys, and sign-in with a passkey.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, notFound, unauthenticated } from '../../errors.js';
import type { Limit } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import type { SignInSteps } from '../auth/sign-in.js';
import type { SessionService } from '../sessions/service.js';
import type { SecurityService } from './service.js';

export interface SecurityRouteOptions {
  security: SecurityService;
  sessions: SessionService;
  accounts: AccountService;
  steps: SignInSteps;
  /** Whether passkeys are on (a relying party could be made of PUBLIC_URL). */
  passkeys: boolean;
  /** Sign-in attempts per client address, all methods together. */
  signInLimit: Limit;
}

/** The token of the signed-in session; calls with `auth: true` only run with one. */
function sessionTokenOf(request: FastifyRequest): string {
  if (!request.sessionToken) throw unauthenticated();
  return request.sessionToken;
}

export function registerSecurityRoutes(app: FastifyInstance, deps: RouteDeps, options: SecurityRouteOptions): void {
  const { security, sessions, steps } = options;

  registerEndpoint(app, deps, 'listSessions', async ({ shopperId, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { sessions: await sessions.list(shopperId, sessionTokenOf(request)) };
  });

  registerEndpoint(app, deps, 'endSession', async ({ shopperId, params, request }) => {
    const ended = await sessions.endOther(shopperId, params.id, sessionTokenOf(request));
    if (ended === 'current') throw conflict('This is the session making the request: sign out with POST /logout');
    if (ended === 'missing') throw notFound('No such session');
    request.log.info({ shopperId }, 'session signed out from another one');
    return undefined;
  });

  registerEndpoint(app, deps, 'endOtherSessions', async ({ shopperId, request }) => {
    const ended = await sessions.endOthers(shopperId, sessionTokenOf(request));
    request.log.info({ shopperId, ended }, 'other sessions signed out');
    return undefined;
  });

  registerEndpoint(app, deps, 'getSignInMethods', async ({ shopperId, reply }) => {
    reply.header('cache-control', 'no-store');
    return security.signInMethods(shopperId);
  });

  registerEndpoint(app, deps, 'startLink', async ({ shopperId, params, request, reply }) => {
    if (!security.providerEnabled(params.provider)) throw notFound('This sign-in provider is not enabled');
    request.log.info({ shopperId, provider: params.provider }, 'link started');
    reply.header('cache-control', 'no-store');
    return { state: steps.bindLink(reply, sessionTokenOf(request), params.provider) };
  });

  registerEndpoint(app, deps, 'removeIdentity', async ({ shopperId, params }) => {
    await security.removeIdentity(shopperId, params.id);
    return undefined;
  });

  if (!options.passkeys) return;

  registerEndpoint(app, deps, 'passkeyRegistrationOptions', async ({ shopperId, reply }) => {
    reply.header('cache-control', 'no-store');
    return { options: await security.registrationOptions(shopperId) };
  });

  registerEndpoint(app, deps, 'addPasskey', async ({ shopperId, body }) =>
    security.addPasskey(shopperId, body.name, body.credential),
  );

  registerEndpoint(app, deps, 'renamePasskey', async ({ shopperId, params, body }) =>
    security.renamePasskey(shopperId, params.id, body.name),
  );

  registerEndpoint(app, deps, 'removePasskey', async ({ shopperId, params }) => {
    await security.removePasskey(shopperId, params.id);
    return undefined;
  });

  /**
   * Sign-in with a passkey. The challenge is bound to a flow this browser holds in the signed
   * sign-in flow cookie (login CSRF, DESIGN §6): only the browser that asked can answer it.
   */
  registerEndpoint(
    app,
    deps,
    'passkeySignInOptions',
    async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      const flow = randomBytes(24).toString('base64url');
      steps.bindFlow(reply, 'passkey', flow);
      return { options: await security.signInOptions(flow) };
    },
    { limit: options.signInLimit },
  );

  registerEndpoint(
    app,
    deps,
    'loginPasskey',
    async ({ body, request, reply }) => {
      const flow = steps.boundFlow(request, 'passkey');
      const shopperId = await steps.verified(request, 'passkey', async () => {
        if (flow === null) throw new Error('No passkey sign-in was started in this browser');
        return security.signInWithPasskey(flow, body.credential);
      });
      return steps.answerShopper(request, reply, 'passkey', shopperId);
    },
    { limit: options.signInLimit },
  );
}
