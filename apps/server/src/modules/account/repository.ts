import {
  type Achievement,
  type Address,
  fromTenThousandths,
  type Order,
  type Product,
  type Voucher,
} from '@account/contract';
import type { Expression, Kysely } from 'kysely';
import { type AccountPart, accountPart } from '../../db/json-rows.js';
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

/** Products with their price in `currency` when the shop has one, else in their own currency. */
const products = (db: Kysely<Database>, currency: Expression<string>) =>
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

/** How many recently viewed products the account shows (spec §3: lastViewProducts). */
const RECENTLY_VIEWED_SHOWN = 20;

// The account's own parts (spec §3), read in its statement as the other modules' parts are. The
// two lists of products are written out: Kysely types a join on either of two tables as neither.
const recentlyViewedPart = accountPart(
  (db, shopper) =>
    products(db, shopper.currency)
      .innerJoin('recentlyViewed', 'recentlyViewed.productId', 'products.id')
      .where('recentlyViewed.shopperId', '=', shopper.id)
      .orderBy('recentlyViewed.viewedAt', 'desc')
      .orderBy('products.id', 'desc')
      .limit(RECENTLY_VIEWED_SHOWN),
  (rows) => rows.map(toProduct),
);
const wishlistPart = accountPart(
  (db, shopper) =>
    products(db, shopper.currency)
      .innerJoin('wishlistItems', 'wishlistItems.productId', 'products.id')
      .where('wishlistItems.shopperId', '=', shopper.id)
      .orderBy('wishlistItems.addedAt', 'desc')
      .orderBy('products.id', 'desc'),
  (rows) => rows.map(toProduct),
);
const interestsPart = accountPart(
  (db, shopper) =>
    db.selectFrom('shopperInterests').select('interestId').where('shopperId', '=', shopper.id).orderBy('interestId'),
  (rows) => rows.map((row) => row.interestId),
);
const newslettersPart = accountPart(
  (db, shopper) =>
    db
      .selectFrom('shopperNewsletters')
      .select('newsletterId')
      .where('shopperId', '=', shopper.id)
      .orderBy('newsletterId'),
  (rows) => rows.map((row) => row.newsletterId),
);

/**
 * The parts of the account other modules own, each defined by its owner; the composition root
 * wires them, so the account module depends on none of their internals.
 */
export interface AccountParts {
  lastOrder: AccountPart<Order | null>;
  addresses: AccountPart<Address[]>;
  achievements: AccountPart<Achievement[]>;
  vouchers: AccountPart<Voucher[]>;
  /** When the shopper's live verification code for their own number expires, or null. */
  telephoneCodeExpiry: AccountPart<string | null>;
}

export function accountRepository(db: Kysely<Database>, parts: AccountParts) {
  const shopper = prepared(db, (p: { id: number }) =>
    db.selectFrom('shoppers').select(SHOPPER_COLUMNS).where('id', '=', p.id),
  );
  // The whole account in one statement: it was ten, and on PostgreSQL each a round trip.
  const account = prepared(db, (p: { id: number; now: string }) =>
    db
      .selectFrom('shoppers')
      .select((eb) => {
        const shopper = {
          id: eb.ref('shoppers.id'),
          telephone: eb.ref('shoppers.telephone'),
          currency: eb.ref('shoppers.defaultCurrency'),
        };
        return [
          ...SHOPPER_COLUMNS,
          recentlyViewedPart.column(db, shopper, p.now).as('lastViewProducts'),
          wishlistPart.column(db, shopper, p.now).as('wishProducts'),
          interestsPart.column(db, shopper, p.now).as('interestIds'),
          newslettersPart.column(db, shopper, p.now).as('newsletterIds'),
          parts.lastOrder.column(db, shopper, p.now).as('lastOrder'),
          parts.addresses.column(db, shopper, p.now).as('addresses'),
          parts.achievements.column(db, shopper, p.now).as('achievements'),
          parts.vouchers.column(db, shopper, p.now).as('vouchers'),
          parts.telephoneCodeExpiry.column(db, shopper, p.now).as('telephoneCodeExpiry'),
        ];
      })
      .where('id', '=', p.id),
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

    /** The shopper with everything their account shows of them (spec §3), at this moment. */
    async account(id: number, now: string) {
      const row = await account.first({ id, now });
      if (!row) return undefined;
      const {
        lastViewProducts,
        wishProducts,
        interestIds,
        newsletterIds,
        lastOrder,
        addresses,
        achievements,
        vouchers,
        telephoneCodeExpiry,
        ...shopper
      } = row;
      return {
        shopper,
        lastViewProducts: recentlyViewedPart.read(lastViewProducts, now),
        wishProducts: wishlistPart.read(wishProducts, now),
        interestIds: interestsPart.read(interestIds, now),
        newsletterIds: newslettersPart.read(newsletterIds, now),
        lastOrder: parts.lastOrder.read(lastOrder, now),
        addresses: parts.addresses.read(addresses, now),
        achievements: parts.achievements.read(achievements, now),
        vouchers: parts.vouchers.read(vouchers, now),
        telephoneCodeExpiry: parts.telephoneCodeExpiry.read(telephoneCodeExpiry, now),
      };
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
