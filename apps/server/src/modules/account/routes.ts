import type { FastifyInstance } from 'fastify';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AccountService } from './service.js';

export interface AccountRouteOptions {
  accounts: AccountService;
}

export function registerAccountRoutes(app: FastifyInstance, deps: RouteDeps, { accounts }: AccountRouteOptions): void {
  registerEndpoint(app, deps, 'getAccount', async ({ shopperId, reply }) => {
    reply.header('cache-control', 'no-store');
    return accounts.load(shopperId);
  });
}
