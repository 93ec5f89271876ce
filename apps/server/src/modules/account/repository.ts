import { fromTenThousandths, type Product } from '@account/contract';
import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/prepared.js';
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
  'emailVerifiedBy',
  'pendingEmail',
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

  const shopper = prepared(db, (p: { id: number }) =>
    db.selectFrom('shoppers').select(SHOPPER_COLUMNS).where('id', '=', p.id),
  );
  const recentlyViewed = prepared(db, (p: { shopperId: number; currency: string }) =>
    products(p.currency)
      .innerJoin('recentlyViewed', 'recentlyViewed.productId', 'products.id')
      .where('recentlyViewed.shopperId', '=', p.shopperId)
      .orderBy('recentlyViewed.viewedAt', 'desc')
      .limit(20),
  );
  const wishlist = prepared(db, (p: { shopperId: number; currency: string }) =>
    products(p.currency)
      .innerJoin('wishlistItems', 'wishlistItems.productId', 'products.id')
      .where('wishlistItems.shopperId', '=', p.shopperId)
      .orderBy('wishlistItems.addedAt', 'desc'),
  );
  // The shopper's interests and newsletters in one statement: the kind of choice, then its id.
  const choices = prepared(db, (p: { shopperId: number }) =>
    db
      .selectFrom('shopperInterests')
      .select([sql.lit(0).as('kind'), 'interestId as id'])
      .where('shopperId', '=', p.shopperId)
      .unionAll(
        db
          .selectFrom('shopperNewsletters')
          .select([sql.lit(1).as('kind'), 'newsletterId as id'])
          .where('shopperId', '=', p.shopperId),
      )
      .orderBy('kind')
      .orderBy('id'),
  );

  return {
    shopper(id: number) {
      return shopper.first({ id });
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
      return (await recentlyViewed.rows({ shopperId, currency })).map(toProduct);
    },

    async wishlist(shopperId: number, currency: string): Promise<Product[]> {
      return (await wishlist.rows({ shopperId, currency })).map(toProduct);
    },

    /** The ids of the shopper's interests and of their newsletters, each in ascending order. */
    async choices(shopperId: number): Promise<{ interestIds: number[]; newsletterIds: number[] }> {
      const rows = await choices.rows({ shopperId });
      return {
        interestIds: rows.filter((r) => Number(r.kind) === 0).map((r) => r.id),
        newsletterIds: rows.filter((r) => Number(r.kind) === 1).map((r) => r.id),
      };
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
