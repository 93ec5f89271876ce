import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';

export interface SessionRow {
  shopperId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export function sessionRepository(db: Kysely<Database>) {
  const find = prepared(db, (p: { id: string }) =>
    db.selectFrom('sessions').select(['shopperId', 'createdAt', 'lastSeenAt', 'expiresAt']).where('id', '=', p.id),
  );
  const touch = prepared(db, (p: { id: string; now: string }) =>
    db.updateTable('sessions').set({ lastSeenAt: p.now }).where('id', '=', p.id),
  );
  return {
    find(id: string): Promise<SessionRow | undefined> {
      return find.first({ id });
    },
    async create(row: { id: string; shopperId: number; now: string; expiresAt: string }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: row.id,
          shopperId: row.shopperId,
          createdAt: row.now,
          lastSeenAt: row.now,
          expiresAt: row.expiresAt,
        })
        .execute();
    },
    /** Records last-seen of many sessions in one transaction: one commit (one fsync) for all. */
    async touch(seen: ReadonlyMap<string, string>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [id, now] of seen) await touch.result({ id, now }, trx);
      });
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    async removeExpired(now: string, idleBefore: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<=', idleBefore)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
