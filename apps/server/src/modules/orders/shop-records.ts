/**
 * What the shop's integration API writes of the orders, inside the caller's transaction: the
 * orders module's API for the integration module (which may not reach into this repository).
 */
import type { Order } from '@account/contract';
import type { OrderLine, OrderPayment } from '../../db/types.js';
import type { ReturnRepository } from './repositories/returns.js';
import type { ShipmentRepository } from './repositories/shipments.js';
import type { OrderCursor, OrderRepository, ShopOrder } from './repository.js';
import { orderSearchText } from './search-text.js';

/**
 * Orders read per page by an export. SQLite's reads block the event loop, so a page is kept small:
 * at 200 an export held other requests up to ~120 ms, at 50 ~50 ms, in the same total time
 * (npm run bench -- --only=export).
 */
const EXPORT_PAGE_SIZE = 50;

export function orderShopRecords(
  repository: OrderRepository,
  shipments: ShipmentRepository,
  returns: ReturnRepository,
) {
  return {
    idOf: repository.idOfExternal,
    lineCount: repository.lineCount,
    /** The order's shipments and their carriers' events. */
    shipments: {
      find: shipments.find,
      put: shipments.put,
      remove: shipments.remove,
      putEvent: shipments.putEvent,
      removeEvent: shipments.removeEvent,
    },
    /** The orders' return rules and the shop's updates of returns (by the return's number). */
    returns: {
      putRules: returns.putRules,
      removeRules: returns.removeRules,
      findByNumber: returns.findByNumber,
      putUpdate: returns.putUpdate,
      removeUpdate: returns.removeUpdate,
    },
    idWithOrderNumber: repository.idWithOrderNumber,
    orderIdWithInvoice: repository.orderIdWithInvoice,
    /** The search text is the order's own: its number and its products' names. */
    put: (
      externalId: string,
      order: Omit<ShopOrder, 'searchText'>,
      products: readonly OrderLine[],
      transactions: readonly OrderPayment[],
    ) =>
      repository.putShopOrder(
        externalId,
        {
          ...order,
          searchText: orderSearchText(
            order.orderNumber,
            products.map((p) => p.name),
          ),
        },
        products,
        transactions,
      ),
    putInvoice: repository.putInvoice,
    remove: repository.deleteShopOrder,
    /** Every order of the shopper, newest first, a page at a time (exports: memory stays flat however many). */
    async *pages(shopperId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<Order[]> {
      let after: OrderCursor | null = null;
      for (;;) {
        const page = await repository.pageAfter(shopperId, after, pageSize);
        if (page.length > 0) yield page;
        const last = page.at(-1);
        if (!last || page.length < pageSize) return;
        after = { createdAt: last.created, id: last.id };
      }
    },
  };
}

export type OrderShopRecords = ReturnType<typeof orderShopRecords>;
