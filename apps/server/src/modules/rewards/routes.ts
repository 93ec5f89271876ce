/** §7 POST /achievement/claim/{achievementId}, POST /voucher/claim/{code}, POST /voucher/{id}/claim, DELETE /shopUser/removeWishlist. */
import type { FastifyInstance } from 'fastify';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { RewardsService } from './service.js';

export function registerRewardRoutes(app: FastifyInstance, deps: RouteDeps, rewards: RewardsService): void {
  registerEndpoint(app, deps, 'claimAchievement', async ({ shopperId, params }) =>
    rewards.claimAchievement(shopperId, params.achievementId),
  );

  registerEndpoint(app, deps, 'claimVoucherByCode', async ({ shopperId, params }) =>
    rewards.claimVoucherByCode(shopperId, params.code),
  );

  registerEndpoint(app, deps, 'claimVoucherById', async ({ shopperId, params }) =>
    rewards.claimVoucher(shopperId, params.id),
  );

  // Like removeLastViewProduct: only the shopper's own list is touched, and ids not on it are a 204 too.
  registerEndpoint(app, deps, 'removeWishlist', async ({ shopperId, query }) => {
    await rewards.removeWishes(shopperId, query.ids);
    return undefined;
  });
}
