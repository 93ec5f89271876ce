/**
 * What the tables of one-time codes (telephone_verifications, email_codes) share: a wrong try
 * costs the code an attempt, and the right one uses it up, each re-checked by the update itself
 * so that of two concurrent submissions only one counts.
 */
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { MAX_WRONG_ATTEMPTS, sameHash } from './one-time-code.js';

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

/** The steps of checking a submitted code against the owner's newest live one. */
export interface CodeCheck<Trx> {
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
  /** The owner's newest code that is unused, unexpired and not dead. */
  live(trx: Trx, at: string): Promise<{ id: number; codeHash: string } | undefined>;
  countWrongAttempt(trx: Trx, id: number): Promise<void>;
  consume(trx: Trx, id: number, at: string): Promise<boolean>;
  now(): Date;
}

/**
 * Checks `candidate` (the HMAC of the submitted code) in one transaction: a wrong code costs the
 * live code an attempt; the right one is used up and `onMatch` runs in the same transaction (it may
 * throw to undo it). Answers whether the code matched.
 */
export function checkCode<Trx>(
  steps: CodeCheck<Trx>,
  candidate: string,
  onMatch: (trx: Trx, at: string) => Promise<void>,
): Promise<boolean> {
  return steps.transaction(async (trx) => {
    const at = steps.now().toISOString();
    const live = await steps.live(trx, at);
    if (!live) return false;
    if (!sameHash(live.codeHash, candidate)) {
      await steps.countWrongAttempt(trx, live.id);
      return false;
    }
    if (!(await steps.consume(trx, live.id, at))) return false;
    await onMatch(trx, at);
    return true;
  });
}
