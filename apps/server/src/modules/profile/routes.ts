import type { FastifyInstance } from 'fastify';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import type { ProfileService } from './service.js';

export interface ProfileRouteOptions {
  profile: ProfileService;
  accounts: AccountService;
}

export function registerProfileRoutes(app: FastifyInstance, deps: RouteDeps, options: ProfileRouteOptions): void {
  const { profile, accounts } = options;

  // §7: the edit-profile form or single account fields; answers the reloaded account.
  registerEndpoint(app, deps, 'updateAccount', async ({ shopperId, body, request, reply }) => {
    await profile.update(shopperId, body, { signedInAt: () => request.signedInAt() });
    reply.header('cache-control', 'no-store');
    return accounts.load(shopperId);
  });

  // §2 Overview: removal from the recently viewed card. Only the shopper's own list is touched;
  // a product not on it (or on someone else's) changes nothing and is still a 204.
  registerEndpoint(app, deps, 'removeLastViewProduct', async ({ shopperId, params }) => {
    await profile.removeRecentlyViewed(shopperId, params.productId);
    return undefined;
  });
}
