import type { FastifyInstance } from 'fastify';
import type { Limit } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import { numberKey } from './code.js';
import type { PhoneVerificationService } from './service.js';

export interface PhoneLimits {
  /** The least time between two codes for a shopper; null when no gap is asked for. */
  resendGap: Limit | null;
  sendsPerShopper: Limit;
  sendsPerNumber: Limit;
  /** Per client address: new accounts cost nothing, so one client could otherwise send without end. */
  sendsPerAddress: Limit;
  /** Over the whole shop: what an attacker with many addresses can still make us send (and pay for). */
  sendsInAll: Limit;
  /** Code submissions per shopper. */
  verify: Limit;
}

export interface PhoneRouteOptions {
  phone: PhoneVerificationService;
  accounts: AccountService;
  limits: PhoneLimits;
}

export function registerPhoneRoutes(app: FastifyInstance, deps: RouteDeps, options: PhoneRouteOptions): void {
  const { phone, accounts, limits } = options;

  registerEndpoint(app, deps, 'sendVerifySms', async ({ shopperId, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return phone.sendCode(shopperId, {
      log: request.log,
      throttle: async (telephone) => {
        await limits.resendGap?.(request, reply, `shopper:${shopperId}`);
        await limits.sendsPerShopper(request, reply, `shopper:${shopperId}`);
        await limits.sendsPerNumber(request, reply, `number:${numberKey(telephone)}`);
        // Last, so sends refused by the narrower limits do not use up everyone's allowance.
        await limits.sendsPerAddress(request, reply);
        await limits.sendsInAll(request, reply, 'all');
      },
    });
  });

  registerEndpoint(app, deps, 'verifyTelephoneNumber', async ({ shopperId, body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    await limits.verify(request, reply, `shopper:${shopperId}`);
    await phone.verify(shopperId, body.code);
    return accounts.load(shopperId);
  });
}
