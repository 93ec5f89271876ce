import {
  type Achievement,
  type Address,
  fromTenThousandths,
  type Order,
  type Product,
  type Voucher,
} from '@account/contract';
import { type Kysely, sql } from 'kysely';
import { jsonObjects, jsonValues, parsedJson, speaksPostgres } from '../../db/json-rows.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import { recordEvent } from '../webhooks/outbox.js';
import type { AccountPart } from './part.js';

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

/** A product as the account's lists hold it, with its price in the shopper's currency when the shop has one. */
interface ListedProduct {
  productId: number;
  name: string;
  categoryName: string;
  image: string | null;
  url: string | null;
  priceE4: number;
  currency: string;
}

const toProduct = (p: ListedProduct): Product => ({
  productId: p.productId,
  name: p.name,
  categoryName: p.categoryName,
  image: p.image,
  url: p.url,
  price: { amount: fromTenThousandths(p.priceE4), currency: p.currency },
});

/**
 * The shopper's products in `table` (newest first by `time`, at most `limit` when given), as a JSON array in
 * the shopper's row: each in the shopper's currency when the shop has a price in it, else in its own.
 */
function productsColumn(postgres: boolean, table: string, time: string, limit?: number): string {
  const listed = `(select listed.${time}, listed.product_id, products.name, products.category_name, products.image,
      products.url, coalesce(prices.price_e4, products.price_e4) as price_e4,
      coalesce(prices.currency, products.currency) as currency
    from ${table} listed
    join products on products.id = listed.product_id
    left join product_prices prices on prices.product_id = products.id and prices.currency = shoppers.default_currency
    where listed.shopper_id = shoppers.id
    order by listed.${time} desc, listed.product_id desc${limit === undefined ? '' : ` limit ${limit}`})`;
  return jsonObjects(
    postgres,
    {
      productId: 'product.product_id',
      name: 'product.name',
      categoryName: 'product.category_name',
      image: 'product.image',
      url: 'product.url',
      priceE4: 'product.price_e4',
      currency: 'product.currency',
    },
    { from: listed, as: 'product', orderBy: `product.${time} desc, product.product_id desc` },
  );
}

/** The ids of the shopper's rows in `table`, ascending, as a JSON array in the shopper's row. */
const idsColumn = (postgres: boolean, table: string, id: string) =>
  jsonValues(postgres, `chosen.${id}`, {
    from: table,
    as: 'chosen',
    where: 'chosen.shopper_id = shoppers.id',
    orderBy: `chosen.${id}`,
  });

/** How many recently viewed products the account shows (spec §3: lastViewProducts). */
const RECENTLY_VIEWED_SHOWN = 20;

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
  const postgres = speaksPostgres(db);
  const shopper = prepared(db, (p: { id: number }) =>
    db.selectFrom('shoppers').select(SHOPPER_COLUMNS).where('id', '=', p.id),
  );
  // The whole account in one statement: it was ten, and on PostgreSQL each a round trip.
  const account = prepared(db, (p: { id: number; now: string }) =>
    db
      .selectFrom('shoppers')
      .select((eb) => {
        const shopper = { id: eb.ref('shoppers.id'), telephone: eb.ref('shoppers.telephone') };
        return [
          ...SHOPPER_COLUMNS,
          sql
            .raw<string | ListedProduct[]>(
              productsColumn(postgres, 'recently_viewed', 'viewed_at', RECENTLY_VIEWED_SHOWN),
            )
            .as('lastViewProducts'),
          sql.raw<string | ListedProduct[]>(productsColumn(postgres, 'wishlist_items', 'added_at')).as('wishProducts'),
          sql.raw<string | number[]>(idsColumn(postgres, 'shopper_interests', 'interest_id')).as('interestIds'),
          sql.raw<string | number[]>(idsColumn(postgres, 'shopper_newsletters', 'newsletter_id')).as('newsletterIds'),
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
        lastViewProducts: parsedJson(lastViewProducts).map(toProduct),
        wishProducts: parsedJson(wishProducts).map(toProduct),
        interestIds: parsedJson(interestIds),
        newsletterIds: parsedJson(newsletterIds),
        lastOrder: await parts.lastOrder.read(lastOrder, now),
        addresses: await parts.addresses.read(addresses, now),
        achievements: await parts.achievements.read(achievements, now),
        vouchers: await parts.vouchers.read(vouchers, now),
        telephoneCodeExpiry: await parts.telephoneCodeExpiry.read(telephoneCodeExpiry, now),
      };
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
