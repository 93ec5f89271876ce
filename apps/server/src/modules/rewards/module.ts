/** Builds the achievement, voucher and wishlist calls and registers them; app.ts calls this once. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { RateLimiters } from '../../http/rate-limit.js';
import type { RouteDeps } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import type { SettingsService } from '../settings/service.js';
import { rewardsRepository } from './repository.js';
import { registerRewardRoutes } from './routes.js';
import { rewardsService } from './service.js';

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

export interface RewardsModuleOptions {
  db: Pick<Db, 'kysely' | 'kind'>;
  accounts: AccountService;
  settings: SettingsService;
  limit: RateLimiters;
}

export function registerRewards(app: FastifyInstance, deps: RouteDeps, { db, limit }: RewardsModuleOptions): void {
  registerRewardRoutes(app, deps, rewardsService(rewardsRepository(db.kysely, db.kind)), {
    perShopper: limit(VOUCHER_CODE_LIMITS.perShopper),
    perAddress: limit(VOUCHER_CODE_LIMITS.perAddress),
  });
}
