/** Builds the order calls (list, detail, delete, invoice PDF) and registers them; app.ts calls this once. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { RouteDeps } from '../../http/route.js';
import type { SettingsService } from '../settings/service.js';
import { orderRepository } from './repository.js';
import { registerOrderRoutes } from './routes.js';
import { orderService } from './service.js';

export interface OrdersModuleOptions {
  db: Pick<Db, 'kysely' | 'kind'>;
  settings: SettingsService;
}

export function registerOrders(app: FastifyInstance, deps: RouteDeps, options: OrdersModuleOptions): void {
  const orders = orderService({ repository: orderRepository(options.db.kysely), settings: options.settings });
  registerOrderRoutes(app, deps, orders);
}
