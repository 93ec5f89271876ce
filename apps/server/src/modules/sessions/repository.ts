import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import type { ClientDetails } from './client.js';

export interface SessionRow {
  shopperId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface NewSession {
  /** SHA-256 of the token. */
  id: string;
  publicId: string;
  shopperId: number;
  now: string;
  expiresAt: string;
  method: string;
  client: ClientDetails;
}

export interface ListedSession {
  id: string;
  publicId: string;
  method: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  clientAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** 128 random bits, base64url: what the shopper's calls name a session by. */
export const newPublicId = () => randomBytes(16).toString('base64url');

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
    async create(row: NewSession): Promise<void> {
      const { id, publicId, shopperId, now, expiresAt, method, client } = row;
      await db
        .insertInto('sessions')
        .values({ id, publicId, shopperId, createdAt: now, lastSeenAt: now, expiresAt, method, ...client })
        .execute();
    },

    /** The shopper's live sessions; one an older release made gets its public id here. */
    async listOf(shopperId: number, now: string): Promise<ListedSession[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'publicId', 'method', 'browser', 'os', 'device', 'clientAddress', 'createdAt', 'lastSeenAt'])
        .where('shopperId', '=', shopperId)
        .where('expiresAt', '>', now)
        .execute();
      const listed: ListedSession[] = [];
      for (const { publicId, ...row } of rows) {
        if (publicId !== null) {
          listed.push({ ...row, publicId });
          continue;
        }
        const given = newPublicId();
        await db
          .updateTable('sessions')
          .set({ publicId: given })
          .where('id', '=', row.id)
          .where('publicId', 'is', null)
          .execute();
        const stored = await db.selectFrom('sessions').select('publicId').where('id', '=', row.id).executeTakeFirst();
        if (stored?.publicId) listed.push({ ...row, publicId: stored.publicId });
      }
      return listed;
    },

    /** Ends one of the shopper's sessions by its public id, unless it is `keepId`; answers its id, null when none ended. */
    async removeByPublicId(shopperId: number, publicId: string, keepId: string): Promise<string | null> {
      const ended = await db
        .deleteFrom('sessions')
        .where('shopperId', '=', shopperId)
        .where('publicId', '=', publicId)
        .where('id', '!=', keepId)
        .returning('id')
        .executeTakeFirst();
      return ended?.id ?? null;
    },

    async publicIdOf(id: string): Promise<string | null> {
      const row = await db.selectFrom('sessions').select('publicId').where('id', '=', id).executeTakeFirst();
      return row?.publicId ?? null;
    },

    /** Ends every session of the shopper but the one given (by its id); answers the ids of those that ended. */
    async removeOthers(shopperId: number, keepId: string): Promise<string[]> {
      const ended = await db
        .deleteFrom('sessions')
        .where('shopperId', '=', shopperId)
        .where('id', '!=', keepId)
        .returning('id')
        .execute();
      return ended.map((row) => row.id);
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
