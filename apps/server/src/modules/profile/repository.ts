/** SQL of the profile: the shopper's own fields and the recently viewed list. */
import { type Kysely, type RawBuilder, sql, type UpdateObject } from 'kysely';
import { anyDeleted } from '../../db/external-id.js';
import { emailVerificationSet } from '../../db/shopper-email.js';
import type { Database, NewRow, RowUpdate } from '../../db/types.js';
import { recordEvent } from '../webhooks/outbox.js';

/** The account fields a shopper may change through POST /shopUser/updateAccount. */
export type ProfileChanges = Partial<
  Pick<RowUpdate<'shoppers'>, 'gender' | 'firstName' | 'lastName' | 'email' | 'telephone' | 'birthDate'>
>;

/**
 * The characters that only format a telephone number. Changing those alone ('+31 6123' to
 * '+316123') keeps the number, and so its verification. The same set is removed in SQL below.
 */
const FORMATTING = [' ', '-', '.', '(', ')'] as const;
export const phoneDigits = (telephone: string): string =>
  [...telephone].filter((c) => !(FORMATTING as readonly string[]).includes(c)).join('');

/** replace(replace(...(telephone, ' ', ''), ...)): phoneDigits() on the stored number, in SQL. */
const storedPhoneDigits = (): RawBuilder<string> =>
  FORMATTING.reduce<RawBuilder<string>>(
    (expression, c) => sql<string>`replace(${expression}, ${sql.lit(c)}, '')`,
    sql<string>`${sql.ref('telephone')}`,
  );

export function profileRepository(db: Kysely<Database>) {
  return {
    /**
     * Saves the given fields in one statement. When the telephone is among them and differs from
     * the stored number, the verification date is cleared in the same statement (SET expressions
     * see the row as it was), so no concurrent save can leave a verification on a changed number.
     * A changed email likewise loses its verification (DESIGN §6: a typed address is unverified).
     * `pendingEmail`, when given, is the address waiting for its emailed code (null: none waits).
     * Returns false when the shopper does not exist.
     */
    async update(
      shopperId: number,
      changes: ProfileChanges,
      now: string,
      pendingEmail?: string | null,
    ): Promise<boolean> {
      const { telephone, email } = changes;
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('shoppers')
          .set({
            ...changes,
            updatedAt: now,
            ...(email === undefined ? {} : emailVerificationSet(email, now)),
            ...(pendingEmail === undefined ? {} : { pendingEmail }),
            ...(telephone === undefined
              ? {}
              : {
                  telephoneVerifyDate: sql<string | null>`case when ${storedPhoneDigits()} = ${phoneDigits(
                    telephone,
                  )} then ${sql.ref('telephoneVerifyDate')} else null end`,
                }),
          })
          .where('id', '=', shopperId)
          .executeTakeFirst();
        const updated = Number(result.numUpdatedRows) === 1;
        if (updated && Object.keys(changes).length > 0) {
          await recordEvent(trx, { shopperId, type: 'profile.updated', data: { ...changes } });
        }
        return updated;
      });
    },

    async telephone(shopperId: number): Promise<string | null> {
      const row = await db.selectFrom('shoppers').select('telephone').where('id', '=', shopperId).executeTakeFirst();
      return row?.telephone ?? null;
    },

    /** Removes one product from the shopper's own recently viewed list (others' lists stay). */
    async removeRecentlyViewed(shopperId: number, productId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('recentlyViewed')
          .where('shopperId', '=', shopperId)
          .where('productId', '=', productId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) > 0) {
          await recordEvent(trx, {
            shopperId,
            type: 'recently_viewed.changed',
            data: { removedProductIds: [productId] },
          });
        }
      });
    },
  };
}

export type ProfileRepository = ReturnType<typeof profileRepository>;

/** The shop's writes of shoppers and of what they viewed, by the shop's own ids. */
export function shopperRecordRepository(db: Kysely<Database>) {
  return {
    shopperByExternalId(externalId: string) {
      return db
        .selectFrom('shoppers')
        .select(['id', 'telephone'])
        .where('externalId', '=', externalId)
        .executeTakeFirst();
    },

    /** The shoppers the shop has not sent, with this email (ignoring case), oldest first. */
    unsentShoppersWithEmail(email: string) {
      return db
        .selectFrom('shoppers')
        .select(['id', 'telephone', 'emailVerifiedBy'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('externalId', 'is', null)
        .orderBy('id')
        .execute();
    },

    async updateShopper(shopperId: number, values: UpdateObject<Database, 'shoppers'>): Promise<void> {
      await db.updateTable('shoppers').set(values).where('id', '=', shopperId).execute();
    },

    async insertShopper(values: NewRow<'shoppers'>): Promise<number> {
      const { id } = await db.insertInto('shoppers').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async deleteShopper(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('shoppers').where('externalId', '=', externalId).executeTakeFirst());
    },

    /** Notes the product as viewed at this time; answers whether the shopper had not viewed it before. */
    async putRecentlyViewed(shopperId: number, productId: number, viewedAt: string): Promise<boolean> {
      const existing = await db
        .selectFrom('recentlyViewed')
        .select('productId')
        .where('shopperId', '=', shopperId)
        .where('productId', '=', productId)
        .executeTakeFirst();
      await db
        .insertInto('recentlyViewed')
        .values({ shopperId, productId, viewedAt })
        .onConflict((oc) => oc.columns(['shopperId', 'productId']).doUpdateSet({ viewedAt }))
        .execute();
      return existing === undefined;
    },

    async deleteRecentlyViewed(shopperId: number, productId: number): Promise<boolean> {
      return anyDeleted(
        await db
          .deleteFrom('recentlyViewed')
          .where('shopperId', '=', shopperId)
          .where('productId', '=', productId)
          .executeTakeFirst(),
      );
    },
  };
}

export type ShopperRecordRepository = ReturnType<typeof shopperRecordRepository>;
