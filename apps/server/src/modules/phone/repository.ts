import type { Expression, Kysely, Transaction } from 'kysely';
import { codeRows, stillLive } from '../../db/code-rows.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import { accountPart } from '../account/part.js';
import { recordEvent } from '../webhooks/outbox.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface LiveCode {
  id: number;
  codeHash: string;
  expiresAt: string;
}

/** The shopper's live verification code for this number: the newest unused one that may still be tried. */
const liveCodeOf = (
  db: Kysely<Database>,
  shopperId: number | Expression<number>,
  telephone: string | Expression<string>,
  now: string,
) =>
  db
    .selectFrom('telephoneVerifications')
    .where('shopperId', '=', shopperId)
    .where('telephone', '=', telephone)
    .where(stillLive(now))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1);

/**
 * When the live verification code for the shopper's own number expires, or null when there is
 * none, in their account (spec §3: hasValidTelephoneVerificationCode, telephoneVerifyExpireIn).
 */
export const telephoneCodeExpiryPart = accountPart(
  (db, shopper, now) => liveCodeOf(db, shopper.id, shopper.telephone, now).select('expiresAt'),
  (rows) => rows[0]?.expiresAt ?? null,
);

/** A text kept in the SMS letterbox. */
export interface LetterboxText {
  id: number;
  telephone: string;
  body: string;
  createdAt: string;
}

/**
 * The SMS letterbox (sms_outbox): texts that demo mode and development keep instead of sending,
 * read back newest first (the /demo-sms page, the browser tests).
 */
export function smsLetterbox(db: Kysely<Database>) {
  return {
    async keep(telephone: string, body: string, at: string): Promise<void> {
      await db.insertInto('smsOutbox').values({ telephone, body, createdAt: at }).execute();
    },
    newest(limit: number): Promise<LetterboxText[]> {
      return db
        .selectFrom('smsOutbox')
        .select(['id', 'telephone', 'body', 'createdAt'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type SmsLetterbox = ReturnType<typeof smsLetterbox>;

export function phoneRepository(db: Kysely<Database>) {
  const liveCode = prepared(db, (p: { shopperId: number; telephone: string; now: string }) =>
    liveCodeOf(db, p.shopperId, p.telephone, p.now).select(['id', 'codeHash', 'expiresAt']),
  );
  return {
    shopperPhone(shopperId: number) {
      return db
        .selectFrom('shoppers')
        .select(['telephone', 'telephoneVerifyDate', 'defaultLanguage'])
        .where('id', '=', shopperId)
        .executeTakeFirst();
    },

    /** Stores a new code; the shopper's older codes that were still usable expire now. */
    async storeCode(code: {
      shopperId: number;
      telephone: string;
      codeHash: string;
      createdAt: string;
      expiresAt: string;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('telephoneVerifications')
          .set({ expiresAt: code.createdAt })
          .where('shopperId', '=', code.shopperId)
          .where('used', '=', 0)
          .where('expiresAt', '>', code.createdAt)
          .execute();
        await trx.insertInto('telephoneVerifications').values(code).execute();
      });
    },

    /** The newest code for this shopper and number that is unused, unexpired and not dead. */
    liveCode(
      shopperId: number,
      telephone: string,
      now: string,
      executor: Executor = db,
    ): Promise<LiveCode | undefined> {
      return liveCode.first({ shopperId, telephone, now }, executor);
    },

    ...codeRows(db, 'telephoneVerifications'),

    /** Sets the verify date, only while the shopper still has the number the code was sent to. */
    async markVerified(executor: Executor, shopperId: number, telephone: string, now: string): Promise<boolean> {
      const result = await executor
        .updateTable('shoppers')
        .set({ telephoneVerifyDate: now, updatedAt: now })
        .where('id', '=', shopperId)
        .where('telephone', '=', telephone)
        .executeTakeFirst();
      const verified = Number(result.numUpdatedRows) === 1;
      if (verified) {
        await recordEvent(executor, { shopperId, type: 'telephone.verified', data: { telephone, verifiedAt: now } });
      }
      return verified;
    },
  };
}

export type PhoneRepository = ReturnType<typeof phoneRepository>;
