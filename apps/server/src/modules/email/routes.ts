import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Limit } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import type { AuthService } from '../auth/service.js';
import type { SignInSteps } from '../auth/sign-in.js';
import { type CodeLimits, throttleSend } from '../codes/limits.js';
import type { SettingsService } from '../settings/service.js';
import { type EmailService, invalidCode, signInAddress, signInFlowHash } from './service.js';

export interface EmailRouteOptions {
  email: EmailService;
  accounts: AccountService;
  auth: AuthService;
  steps: SignInSteps;
  settings: SettingsService;
  limits: CodeLimits;
  /** Sign-in attempts per client address, all providers together. */
  signInLimit: Limit;
}

export function registerEmailRoutes(app: FastifyInstance, deps: RouteDeps, options: EmailRouteOptions): void {
  const { email, accounts, limits, steps } = options;

  registerEndpoint(app, deps, 'sendEmailCode', async ({ shopperId, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return email.sendCode(shopperId, {
      log: request.log,
      throttle: (address) => throttleSend(limits, request, reply, { shopperId, recipient: address }),
    });
  });

  registerEndpoint(app, deps, 'verifyEmail', async ({ shopperId, body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    await limits.verify(request, reply, `shopper:${shopperId}`);
    await email.verify(shopperId, body.code);
    return accounts.load(shopperId);
  });

  registerEndpoint(app, deps, 'cancelEmailChange', async ({ shopperId, reply }) => {
    reply.header('cache-control', 'no-store');
    await email.cancelChange(shopperId);
    return accounts.load(shopperId);
  });

  if (!email.enabled) return;

  /**
   * Sign-in with an emailed code. The code is bound to a flow this browser holds in the signed
   * sign-in flow cookie (login CSRF, DESIGN §6): only the browser that asked can use it.
   */
  registerEndpoint(
    app,
    deps,
    'loginEmailCode',
    async ({ body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const flow = steps.boundFlow(request, 'email') ?? randomBytes(24).toString('base64url');
      steps.bindFlow(reply, 'email', flow);
      const language = await options.settings.resolveLanguage(undefined, request.headers['accept-language']);
      return email.sendSignInCode(body.email, flow, language, {
        log: request.log,
        throttle: (address) => throttleSend(limits, request, reply, { shopperId: null, recipient: address }),
      });
    },
    { limit: options.signInLimit },
  );

  registerEndpoint(
    app,
    deps,
    'loginEmail',
    async ({ body, request, reply }) => {
      // A wrong code counts against the browser that asked for the code (its flow), besides the
      // per-client limit of every sign-in: never against the address, or strangers could lock its
      // owner out (issue 44). A code dies after MAX_WRONG_ATTEMPTS, and codes are capped per hour
      // in all, so guesses over every flow stay bounded without a counter strangers could fill.
      const flow = steps.boundFlow(request, 'email');
      if (flow === null) throw invalidCode();
      await limits.verify(request, reply, `flow:${signInFlowHash(flow)}`);
      const address = signInAddress(body.email);
      await email.checkSignInCode(address, flow, body.code);
      const shopperId = await options.auth.shopperForEmail(address);
      return steps.answerShopper(request, reply, 'email', shopperId);
    },
    { limit: options.signInLimit },
  );
}
