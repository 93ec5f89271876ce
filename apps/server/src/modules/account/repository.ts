import { fromTenThousandths, type Product } from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { recordEvent } from '../webhooks/outbox.js';

export const SHOPPER_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'telephone',
  'gender',
  'birthDate',
  'imageUrl',
  'firstTimeLogin',
  'telephoneVerifyDate',
  'defaultLanguage',
  'defaultCountry',
  'defaultCurrency',
] as const;

export function accountRepository(db: Kysely<Database>) {
  /** Products with their price in `currency` when the shop has one, else in their own currency. */
  const products = (currency: string) =>
    db
      .selectFrom('products')
      .leftJoin('productPrices', (join) =>
        join.onRef('productPrices.productId', '=', 'products.id').on('productPrices.currency', '=', currency),
      )
      .select((eb) => [
        'products.id as productId',
        'products.name',
        'products.categoryName',
        'products.image',
        'products.url',
        eb.fn.coalesce('productPrices.priceE4', 'products.priceE4').as('priceE4'),
        eb.fn.coalesce('productPrices.currency', 'products.currency').as('currency'),
      ]);
  const toProduct = (p: {
    productId: number;
    name: string;
    categoryName: string;
    image: string | null;
    url: string | null;
    priceE4: number;
    currency: string;
  }): Product => ({
    productId: p.productId,
    name: p.name,
    categoryName: p.categoryName,
    image: p.image,
    url: p.url,
    price: { amount: fromTenThousandths(p.priceE4), currency: p.currency },
  });

  return {
    shopper(id: number) {
      return db.selectFrom('shoppers').select(SHOPPER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async saveLocale(
      shopperId: number,
      locale: { language: string; country: string; currency: string },
      now: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('shoppers')
          .set({
            defaultLanguage: locale.language,
            defaultCountry: locale.country,
            defaultCurrency: locale.currency,
            updatedAt: now,
          })
          .where('id', '=', shopperId)
          .execute();
        await recordEvent(trx, { shopperId, type: 'localisation.updated', data: { ...locale } });
      });
    },

    async recentlyViewed(shopperId: number, currency: string): Promise<Product[]> {
      const rows = await products(currency)
        .innerJoin('recentlyViewed', 'recentlyViewed.productId', 'products.id')
        .where('recentlyViewed.shopperId', '=', shopperId)
        .orderBy('recentlyViewed.viewedAt', 'desc')
        .limit(20)
        .execute();
      return rows.map(toProduct);
    },

    async wishlist(shopperId: number, currency: string): Promise<Product[]> {
      const rows = await products(currency)
        .innerJoin('wishlistItems', 'wishlistItems.productId', 'products.id')
        .where('wishlistItems.shopperId', '=', shopperId)
        .orderBy('wishlistItems.addedAt', 'desc')
        .execute();
      return rows.map(toProduct);
    },

    async interestIds(shopperId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('shopperInterests')
        .select('interestId')
        .where('shopperId', '=', shopperId)
        .orderBy('interestId')
        .execute();
      return rows.map((r) => r.interestId);
    },

    async newsletterIds(shopperId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('shopperNewsletters')
        .select('newsletterId')
        .where('shopperId', '=', shopperId)
        .orderBy('newsletterId')
        .execute();
      return rows.map((r) => r.newsletterId);
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
