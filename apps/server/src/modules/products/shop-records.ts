/**
 * What the shop's integration API writes of products, inside the caller's transaction: the
 * products module's API for the integration module.
 */
import type { ProductRepository } from './repository.js';

export type { ShopProduct } from './repository.js';

/** A product's price in its own currency is its price: its other prices never repeat it. */
export function productShopRecords(repository: ProductRepository) {
  return {
    ...repository,
    put(
      externalId: string,
      product: Parameters<typeof repository.put>[1],
      prices: ReadonlyMap<string, number>,
      now: string,
      dropThreshold: number,
    ) {
      const others = new Map(prices);
      others.delete(product.currency);
      return repository.put(externalId, product, others, now, dropThreshold);
    },
  };
}
