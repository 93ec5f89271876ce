import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface IdempotencyScope {
  shopperId: number;
  callName: string;
  key: string;
}

export interface StoredAnswer {
  fingerprint: string;
  /** JSON of the answer, or null for an answer without content. */
  response: string | null;
  completedAt: string | null;
}

export function idempotencyRepository(db: Kysely<Database>) {
  const row = (scope: IdempotencyScope) =>
    db
      .selectFrom('idempotencyKeys')
      .where('shopperId', '=', scope.shopperId)
      .where('callName', '=', scope.callName)
      .where('key', '=', scope.key);

  return {
    /** Takes the key for this request; false when another request holds it already. */
    async claim(
      scope: IdempotencyScope,
      request: { fingerprint: string; createdAt: string; expiresAt: string },
    ): Promise<boolean> {
      // A key that has expired is free again.
      await db
        .deleteFrom('idempotencyKeys')
        .where('shopperId', '=', scope.shopperId)
        .where('expiresAt', '<=', request.createdAt)
        .execute();
      const inserted = await db
        .insertInto('idempotencyKeys')
        .values({ ...scope, ...request, response: null, completedAt: null })
        .onConflict((conflict) => conflict.columns(['shopperId', 'callName', 'key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    find(scope: IdempotencyScope): Promise<StoredAnswer | undefined> {
      return row(scope).select(['fingerprint', 'response', 'completedAt']).executeTakeFirst();
    },

    async complete(scope: IdempotencyScope, response: string | null, completedAt: string): Promise<void> {
      await db
        .updateTable('idempotencyKeys')
        .set({ response, completedAt })
        .where('shopperId', '=', scope.shopperId)
        .where('callName', '=', scope.callName)
        .where('key', '=', scope.key)
        .execute();
    },

    /** Frees the key of a request that failed, so a retry runs again. */
    async release(scope: IdempotencyScope): Promise<void> {
      await db
        .deleteFrom('idempotencyKeys')
        .where('shopperId', '=', scope.shopperId)
        .where('callName', '=', scope.callName)
        .where('key', '=', scope.key)
        .where('completedAt', 'is', null)
        .execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
