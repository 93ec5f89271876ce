/**
 * §7 GET /order, GET /order/{id}, DELETE /order/{id} and GET /order/downloadInvoice/{id}; an
 * order's shipments and those on their way, and its returns (issue 46).
 */
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { ReturnService } from './return-service.js';
import type { OrderService } from './service.js';

export interface OrderRouteOptions {
  orders: OrderService;
  returns: ReturnService;
}

export function registerOrderRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  { orders, returns }: OrderRouteOptions,
): void {
  registerEndpoint(app, deps, 'listOrders', async ({ shopperId, query }) => orders.list(shopperId, query));

  registerEndpoint(app, deps, 'getOrder', async ({ shopperId, params }) => orders.get(shopperId, params.id));

  registerEndpoint(app, deps, 'getOrderShipments', async ({ shopperId, params }) =>
    orders.shipments(shopperId, params.id),
  );

  registerEndpoint(app, deps, 'getBuyAgain', async ({ shopperId, params, query }) =>
    orders.buyAgain(shopperId, params.id, query.lines),
  );

  registerEndpoint(app, deps, 'listShipmentsOnTheWay', async ({ shopperId }) => orders.onTheWay(shopperId));

  registerEndpoint(app, deps, 'getReturnOptions', async ({ shopperId, params, request }) =>
    returns.options(shopperId, params.id, request.headers['accept-language']),
  );

  registerEndpoint(app, deps, 'createReturn', async ({ shopperId, params, body, request }) =>
    returns.create(shopperId, params.id, body, request.headers['accept-language']),
  );

  registerEndpoint(app, deps, 'getOrderReturns', async ({ shopperId, params, request }) =>
    returns.list(shopperId, params.id, request.headers['accept-language']),
  );

  registerEndpoint(app, deps, 'listReturns', async ({ shopperId, request }) =>
    returns.list(shopperId, undefined, request.headers['accept-language']),
  );

  registerEndpoint(app, deps, 'cancelReturn', async ({ shopperId, params, request }) =>
    returns.cancel(shopperId, params.id, request.headers['accept-language']),
  );

  registerEndpoint(app, deps, 'deleteOrder', async ({ shopperId, params }) => {
    await orders.remove(shopperId, params.id);
    return undefined;
  });

  registerEndpoint(app, deps, 'downloadInvoice', async ({ shopperId, params, request, reply }) => {
    const file = await orders.invoice(shopperId, params.id, request.headers['accept-language']);
    return (
      reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(file.fileName))
        // A shopper's invoice: never kept by shared caches, nor by the browser after the download.
        .header('cache-control', 'private, no-store')
        .send(file.pdf)
    );
  });
}
