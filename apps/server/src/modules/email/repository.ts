/** SQL of verified email: the emailed codes, the address waiting for its code, and the confirmation. */
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { codeRows, stillLive } from '../../db/code-rows.js';
import type { Database, EmailCodesTable } from '../../db/types.js';
import { recordEvent } from '../webhooks/outbox.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Purpose = EmailCodesTable['purpose'];

/**
 * Whose code it is: a shopper confirming an address or a deletion, or the browser signing in to an
 * address (`flowHash`: the SHA-256 of its sign-in flow), so that one browser's codes and tries never
 * touch another's.
 */
export type CodeOwner =
  | { purpose: 'verify' | 'delete_account'; shopperId: number }
  | { purpose: 'sign_in'; email: string; flowHash: string };

export interface ShopperEmail {
  email: string;
  emailVerifiedBy: string | null;
  pendingEmail: string | null;
  defaultLanguage: string;
}

/** The code rows of this owner. */
const ownedBy = (owner: CodeOwner) => (eb: ExpressionBuilder<Database, 'emailCodes'>) =>
  owner.purpose === 'sign_in'
    ? eb.and([eb('email', '=', owner.email), eb('flowHash', '=', owner.flowHash)])
    : eb('shopperId', '=', owner.shopperId);

export function emailRepository(db: Kysely<Database>) {
  return {
    shopperEmail(shopperId: number): Promise<ShopperEmail | undefined> {
      return db
        .selectFrom('shoppers')
        .select(['email', 'emailVerifiedBy', 'pendingEmail', 'defaultLanguage'])
        .where('id', '=', shopperId)
        .executeTakeFirst();
    },

    /** Whether another shopper holds this address as a verified email (emails are unique among those). */
    async takenByAnother(email: string, shopperId: number | null, executor: Executor = db): Promise<boolean> {
      let query = executor
        .selectFrom('shoppers')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('emailVerifiedBy', 'is not', null);
      if (shopperId !== null) query = query.where('id', '<>', shopperId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    /** Stores a new code; the owner's older codes of the same purpose that were still usable expire now. */
    async storeCode(
      owner: CodeOwner,
      code: { email: string; codeHash: string; createdAt: string; expiresAt: string },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('emailCodes')
          .set({ expiresAt: code.createdAt })
          .where('purpose', '=', owner.purpose)
          .where(ownedBy(owner))
          .where('used', '=', 0)
          .where('expiresAt', '>', code.createdAt)
          .execute();
        await trx
          .insertInto('emailCodes')
          .values({
            purpose: owner.purpose satisfies Purpose,
            shopperId: owner.purpose === 'sign_in' ? null : owner.shopperId,
            flowHash: owner.purpose === 'sign_in' ? owner.flowHash : null,
            ...code,
          })
          .execute();
      });
    },

    /** The owner's newest code to this address that is unused, unexpired and not dead. */
    liveCode(owner: CodeOwner, email: string, now: string, executor: Executor = db) {
      return executor
        .selectFrom('emailCodes')
        .select(['id', 'codeHash'])
        .where('purpose', '=', owner.purpose)
        .where(ownedBy(owner))
        .where('email', '=', email)
        .where(stillLive(now))
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    ...codeRows(db, 'emailCodes'),

    /**
     * Confirms the address the code went to: the waiting address becomes the email, or the
     * unverified email becomes verified. The update re-checks that the address is still the one
     * waiting (or still the unverified email), so a change made meanwhile is never confirmed.
     */
    async confirm(executor: Executor, shopperId: number, email: string, now: string): Promise<boolean> {
      const result = await executor
        .updateTable('shoppers')
        .set({ email, pendingEmail: null, emailVerifiedBy: 'code', emailVerifiedAt: now, updatedAt: now })
        .where('id', '=', shopperId)
        .where((eb) =>
          eb.or([
            eb('pendingEmail', '=', email),
            eb.and([eb('pendingEmail', 'is', null), eb('email', '=', email), eb('emailVerifiedBy', 'is', null)]),
          ]),
        )
        .executeTakeFirst();
      const confirmed = Number(result.numUpdatedRows) === 1;
      if (confirmed) {
        await recordEvent(executor, { shopperId, type: 'email.verified', data: { email, verifiedAt: now } });
      }
      return confirmed;
    },

    /** Drops the address waiting for its code; answers whether there was one. */
    async cancelPending(shopperId: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('shoppers')
        .set({ pendingEmail: null, updatedAt: now })
        .where('id', '=', shopperId)
        .where('pendingEmail', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type EmailRepository = ReturnType<typeof emailRepository>;
