/**
 * SQL of the products the shop sends (what wishlists, recently viewed lists and orders point at):
 * written by the shop's own ids, each with its prices in other currencies.
 */
import { canBuy, fromTenThousandths, type ProductAvailability, type ProductRecord } from '@account/contract';
import type { Kysely } from 'kysely';
import { anyDeleted, upsertByExternalId } from '../../db/external-id.js';
import type { Database, NewRow } from '../../db/types.js';

export type ShopProduct = Omit<NewRow<'products'>, 'id' | 'externalId' | 'createdAt'>;

export function productRepository(db: Kysely<Database>) {
  const idOf = async (externalId: string) =>
    (await db.selectFrom('products').select('id').where('externalId', '=', externalId).executeTakeFirst())?.id;

  return {
    idOf,

    /** The local ids of the products with these ids of the shop. */
    async idsOf(externalIds: readonly string[]): Promise<Map<string | null, number>> {
      const rows = await db
        .selectFrom('products')
        .select(['id', 'externalId'])
        // '' keeps the list non-empty; no product has it as its id.
        .where('externalId', 'in', [...externalIds, ''])
        .execute();
      return new Map(rows.map((row) => [row.externalId, row.id]));
    },

    /**
     * Creates or replaces the product; `prices` (currency to ten-thousandths) replace its other
     * prices. A record older than the product's last (by the shop's `shopUpdatedAt`) changes nothing
     * (`stale`). A change that matters to wishlists is recorded for the alerts (issue 47): back in
     * stock after being out, or a price that fell by at least `dropThreshold` percent in a currency.
     */
    async put(
      externalId: string,
      product: ShopProduct,
      prices: ReadonlyMap<string, number>,
      now: string,
      dropThreshold = 100,
    ): Promise<{ id: number; created: boolean; stale: boolean }> {
      const before = await db
        .selectFrom('products')
        .select(['id', 'availability', 'priceE4', 'currency', 'shopUpdatedAt'])
        .where('externalId', '=', externalId)
        .executeTakeFirst();
      if (before?.shopUpdatedAt && product.shopUpdatedAt && product.shopUpdatedAt < before.shopUpdatedAt) {
        return { id: before.id, created: false, stale: true };
      }
      const pricesBefore = before
        ? new Map([
            ...(
              await db
                .selectFrom('productPrices')
                .select(['currency', 'priceE4'])
                .where('productId', '=', before.id)
                .execute()
            ).map((row): [string, number] => [row.currency, Number(row.priceE4)]),
            [before.currency, Number(before.priceE4)],
          ])
        : null;
      // A record without the shop's time keeps the time of the last that had one.
      if (!product.shopUpdatedAt) product = { ...product, shopUpdatedAt: before?.shopUpdatedAt ?? null };
      const written = await upsertByExternalId(
        before?.id,
        (id) => db.updateTable('products').set(product).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('products')
              .values({ createdAt: now, ...product, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
      const productId = written.id;
      await db.deleteFrom('productPrices').where('productId', '=', productId).execute();
      if (prices.size > 0) {
        await db
          .insertInto('productPrices')
          .values([...prices].map(([currency, priceE4]) => ({ productId, currency, priceE4 })))
          .execute();
      }
      if (before && pricesBefore) {
        const pricesAfter = new Map([...prices, [product.currency, product.priceE4]]);
        const changes = wishlistChanges(
          { availability: before.availability as ProductAvailability, prices: pricesBefore },
          { availability: (product.availability ?? 'inStock') as ProductAvailability, prices: pricesAfter },
          dropThreshold,
        );
        if (changes.length > 0) {
          await db
            .insertInto('productChanges')
            .values(changes.map((change) => ({ productId, ...change, at: now, fannedTo: null, fannedAt: null })))
            .execute();
        }
      }
      return { ...written, stale: false };
    },

    /** The product as the shop last sent it (the demo shop's price desk starts from it). */
    async record(externalId: string): Promise<ProductRecord | undefined> {
      const row = await db.selectFrom('products').selectAll().where('externalId', '=', externalId).executeTakeFirst();
      if (!row) return undefined;
      const prices = await db
        .selectFrom('productPrices')
        .select(['currency', 'priceE4'])
        .where('productId', '=', row.id)
        .orderBy('currency')
        .execute();
      return {
        name: row.name,
        categoryName: row.categoryName,
        image: row.image,
        url: row.url,
        price: { amount: fromTenThousandths(Number(row.priceE4)), currency: row.currency },
        prices: prices.map((price) => ({
          amount: fromTenThousandths(Number(price.priceE4)),
          currency: price.currency,
        })),
        productType: row.productType,
        availability: row.availability as ProductAvailability,
        ...(row.shopUpdatedAt ? { updatedAt: row.shopUpdatedAt } : {}),
      };
    },

    async delete(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('products').where('externalId', '=', externalId).executeTakeFirst());
    },
  };
}

export type ProductRepository = ReturnType<typeof productRepository>;

interface ProductState {
  availability: ProductAvailability;
  /** Currency to price in ten-thousandths, its own price included. */
  prices: ReadonlyMap<string, number>;
}

/** What changed of a product that a wishlist hears of: back in stock, and each currency's price drop. */
export function wishlistChanges(before: ProductState, after: ProductState, dropThreshold: number) {
  const changes: {
    kind: 'backInStock' | 'priceDrop';
    currency: string | null;
    oldPriceE4: number | null;
    newPriceE4: number | null;
  }[] = [];
  if (!canBuy(before.availability) && canBuy(after.availability)) {
    changes.push({ kind: 'backInStock', currency: null, oldPriceE4: null, newPriceE4: null });
  }
  for (const [currency, newPrice] of after.prices) {
    const oldPrice = before.prices.get(currency);
    if (oldPrice === undefined || oldPrice <= 0) continue;
    if (newPrice <= oldPrice * (1 - dropThreshold / 100)) {
      changes.push({ kind: 'priceDrop', currency, oldPriceE4: oldPrice, newPriceE4: newPrice });
    }
  }
  return changes;
}
