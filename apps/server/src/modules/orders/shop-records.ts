/**
 * What the shop's integration API writes of the orders, inside the caller's transaction: the
 * orders module's API for the integration module (which may not reach into this repository).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { orderRepository, type ShopOrder, type ShopOrderProduct, type ShopOrderTransaction } from './repository.js';
import { orderSearchText } from './search-text.js';

export type { ShopOrderProduct, ShopOrderTransaction };

export function orderShopRecords(db: Kysely<Database>) {
  const repository = orderRepository(db);
  return {
    idOf: repository.idOfExternal,
    idWithOrderNumber: repository.idWithOrderNumber,
    orderIdWithInvoice: repository.orderIdWithInvoice,
    /** The search text is the order's own: its number and its products' names. */
    put: (
      externalId: string,
      order: Omit<ShopOrder, 'searchText'>,
      products: readonly ShopOrderProduct[],
      transactions: readonly ShopOrderTransaction[],
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
    /** Every order of the shopper, newest first (exports). */
    all: repository.all,
  };
}

export type OrderShopRecords = ReturnType<typeof orderShopRecords>;
