/** Builds the achievement, voucher and wishlist calls and registers them; app.ts calls this once. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { RouteDeps } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import type { SettingsService } from '../settings/service.js';
import { rewardsRepository } from './repository.js';
import { registerRewardRoutes } from './routes.js';
import { rewardsService } from './service.js';

export interface RewardsModuleOptions {
  db: Pick<Db, 'kysely' | 'kind'>;
  accounts: AccountService;
  settings: SettingsService;
}

export function registerRewards(app: FastifyInstance, deps: RouteDeps, { db }: RewardsModuleOptions): void {
  registerRewardRoutes(app, deps, rewardsService(rewardsRepository(db.kysely, db.kind)));
}
