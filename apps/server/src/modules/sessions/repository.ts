import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface SessionRow {
  shopperId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export function sessionRepository(db: Kysely<Database>) {
  return {
    find(id: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .select(['shopperId', 'createdAt', 'lastSeenAt', 'expiresAt'])
        .where('id', '=', id)
        .executeTakeFirst();
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
    async touch(id: string, now: string): Promise<void> {
      await db.updateTable('sessions').set({ lastSeenAt: now }).where('id', '=', id).execute();
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
