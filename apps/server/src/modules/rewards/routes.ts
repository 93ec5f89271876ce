/** §7 POST /achievement/claim/{achievementId}, POST /voucher/claim/{code}, POST /voucher/claimById/{id}, DELETE /shopUser/removeWishlist. */
import type { FastifyInstance } from 'fastify';
import type { Limit } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { RewardsService } from './service.js';

const QUARTER_HOUR = 15 * 60;
/**
 * Campaign codes entered per shopper and per client address (DESIGN §6): a shopper types a code or
 * two from a flyer, while guessing codes takes thousands of tries. The per-address limit stops one
 * client that signs up many accounts to get round the per-shopper one.
 */
export const VOUCHER_CODE_LIMITS = {
  perShopper: { name: 'voucher-code-shopper', points: 10, windowSeconds: QUARTER_HOUR },
  perAddress: { name: 'voucher-code-address', points: 30, windowSeconds: QUARTER_HOUR },
} as const;

export interface RewardRouteOptions {
  rewards: RewardsService;
  /** The limits on entering campaign codes, sized by VOUCHER_CODE_LIMITS. */
  voucherCodeLimits: { perShopper: Limit; perAddress: Limit };
}

export function registerRewardRoutes(app: FastifyInstance, deps: RouteDeps, options: RewardRouteOptions): void {
  const { rewards, voucherCodeLimits: limits } = options;
  registerEndpoint(app, deps, 'claimAchievement', async ({ shopperId, params }) =>
    rewards.claimAchievement(shopperId, params.achievementId),
  );

  registerEndpoint(
    app,
    deps,
    'claimVoucherByCode',
    async ({ shopperId, params }) => rewards.claimVoucherByCode(shopperId, params.code),
    {
      // Runs after the sign-in check, so the shopper is known; every attempt counts, found or not.
      limit: async (request, reply) => {
        await limits.perShopper(request, reply, `shopper:${await request.shopperId()}`);
        // Second, so attempts the shopper's own limit refused leave the address's allowance alone.
        await limits.perAddress(request, reply);
      },
    },
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
