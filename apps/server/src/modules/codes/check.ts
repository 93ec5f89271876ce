/**
 * Checking a submitted one-time code, for SMS and email codes alike, against the owner's newest
 * live code, in one transaction (the SQL is each code table's repository's, with db/code-rows.ts).
 */
import { sameHash } from './one-time-code.js';

/** The steps of checking a submitted code against the owner's newest live one. */
export interface CodeCheck<Trx> {
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
  /** The owner's newest code that is unused, unexpired and not dead. */
  live(trx: Trx, at: string): Promise<{ id: number; codeHash: string } | undefined>;
  countWrongAttempt(trx: Trx, id: number): Promise<void>;
  consume(trx: Trx, id: number, at: string): Promise<boolean>;
  now(): Date;
}

/** What a code table's repository gives the check: its transaction, and a code's wrong attempt and use. */
export type CodeRows<Trx> = Pick<CodeCheck<Trx>, 'transaction' | 'countWrongAttempt' | 'consume'>;

/** The check's steps on a code table's repository; `live` finds the owner's newest live code. */
export function codeCheckOn<Trx>(rows: CodeRows<Trx>, live: CodeCheck<Trx>['live'], now: () => Date): CodeCheck<Trx> {
  return {
    transaction: (work) => rows.transaction(work),
    live,
    countWrongAttempt: (trx, id) => rows.countWrongAttempt(trx, id),
    consume: (trx, id, at) => rows.consume(trx, id, at),
    now,
  };
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
