/** SQL of the profile: the shopper's own fields and the recently viewed list. */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { emailVerificationSet } from '../../db/shopper-email.js';
import type { Database, RowUpdate } from '../../db/types.js';
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
     * Returns false when the shopper does not exist.
     */
    async update(shopperId: number, changes: ProfileChanges, now: string): Promise<boolean> {
      const { telephone, email } = changes;
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('shoppers')
          .set({
            ...changes,
            updatedAt: now,
            ...(email === undefined ? {} : emailVerificationSet(email, now)),
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
        if (updated) await recordEvent(trx, { shopperId, type: 'profile.updated', data: { ...changes } });
        return updated;
      });
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
