/**
 * SQL of the products the shop sends (what wishlists, recently viewed lists and orders point at):
 * written by the shop's own ids, each with its prices in other currencies.
 */
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

    /** Creates or replaces the product; `prices` (currency to ten-thousandths) replace its other prices. */
    async put(externalId: string, product: ShopProduct, prices: ReadonlyMap<string, number>, now: string) {
      const written = await upsertByExternalId(
        await idOf(externalId),
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
      return written;
    },

    async delete(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('products').where('externalId', '=', externalId).executeTakeFirst());
    },
  };
}

export type ProductRepository = ReturnType<typeof productRepository>;
