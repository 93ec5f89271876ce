import type { FastifyInstance } from 'fastify';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import { type CodeLimits, throttleSend } from '../codes/limits.js';
import type { PhoneVerificationService } from './service.js';

/** The digits of a number: one rate-limit key however it is spaced ('+32 470 12 34 56'). */
const numberKey = (telephone: string) => telephone.replace(/\D/g, '');

export interface PhoneRouteOptions {
  phone: PhoneVerificationService;
  accounts: AccountService;
  limits: CodeLimits;
}

export function registerPhoneRoutes(app: FastifyInstance, deps: RouteDeps, options: PhoneRouteOptions): void {
  const { phone, accounts, limits } = options;

  registerEndpoint(app, deps, 'sendVerifySms', async ({ shopperId, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return phone.sendCode(shopperId, {
      log: request.log,
      throttle: (telephone) => throttleSend(limits, request, reply, { shopperId, recipient: numberKey(telephone) }),
    });
  });

  registerEndpoint(app, deps, 'verifyTelephoneNumber', async ({ shopperId, body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    await limits.verify(request, reply, `shopper:${shopperId}`);
    await phone.verify(shopperId, body.code, request.log);
    return accounts.load(shopperId);
  });
}
