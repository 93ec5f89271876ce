/**
 * SQL the tables of one-time codes (telephone_verifications, email_codes) share, for the phone and
 * email repositories: a wrong try costs the code an attempt, and the right one uses it up, each
 * re-checked by the update itself so that of two concurrent submissions only one counts.
 */
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { MAX_WRONG_ATTEMPTS } from '../modules/codes/one-time-code.js';
import type { Database } from './types.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type CodeTable = 'telephoneVerifications' | 'emailCodes';

/** A code that may still be tried: unused, unexpired, and not dead from wrong attempts. */
export const stillLive = (now: string) => (eb: ExpressionBuilder<Database, CodeTable>) =>
  eb.and([eb('used', '=', 0), eb('attempts', '<', MAX_WRONG_ATTEMPTS), eb('expiresAt', '>', now)]);

export async function countWrongAttempt(executor: Executor, table: CodeTable, id: number): Promise<void> {
  await executor
    .updateTable(table)
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used', '=', 0)
    .execute();
}

/** Marks the code used if it still is live; false when another submission or the clock got there first. */
export async function consumeCode(executor: Executor, table: CodeTable, id: number, now: string): Promise<boolean> {
  const result = await executor
    .updateTable(table)
    .set({ used: 1 })
    .where('id', '=', id)
    .where(stillLive(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a code table's repository gives the code check (modules/codes/check.ts) besides its live code. */
export function codeRows(db: Kysely<Database>, table: CodeTable) {
  return {
    countWrongAttempt: (executor: Executor, id: number): Promise<void> => countWrongAttempt(executor, table, id),
    consume: (executor: Executor, id: number, now: string): Promise<boolean> => consumeCode(executor, table, id, now),
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => db.transaction().execute(work),
  };
}
