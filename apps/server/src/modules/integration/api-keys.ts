/**
 * API keys of the integration API. A key is shown once, when it is made; the database keeps only
 * its SHA-256 hash (a key is 256 random bits, so a fast hash is enough) and a short prefix to tell
 * keys apart in lists.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

const KEY_PREFIX = 'acc_';
/** How often a key's last use is written: once per key per this many milliseconds. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeyInfo {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function apiKeyStore(db: Kysely<Database>) {
  const lastWritten = new Map<number, number>();

  return {
    /** Makes a key; the returned key is the only copy there will ever be. */
    async create(name: string, now = new Date().toISOString()): Promise<ApiKeyInfo & { key: string }> {
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const prefix = key.slice(0, KEY_PREFIX.length + 6);
      const { id } = await db
        .insertInto('apiKeys')
        .values({ name, prefix, keyHash: hashKey(key), createdAt: now, lastUsedAt: null, revokedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, name, prefix, createdAt: now, lastUsedAt: null, revokedAt: null, key };
    },

    list(): Promise<ApiKeyInfo[]> {
      return db
        .selectFrom('apiKeys')
        .select(['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'])
        .orderBy('id')
        .execute();
    },

    /** Revokes the key with this id or prefix; answers whether a live key was revoked. */
    async revoke(idOrPrefix: string, now = new Date().toISOString()): Promise<boolean> {
      const id = /^\d+$/.test(idOrPrefix) ? Number(idOrPrefix) : null;
      const result = await db
        .updateTable('apiKeys')
        .set({ revokedAt: now })
        .where((eb) => (id === null ? eb('prefix', '=', idOrPrefix) : eb('id', '=', id)))
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The id of the live key, or null for a wrong or revoked one. */
    async verify(key: string): Promise<number | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
      const row = await db
        .selectFrom('apiKeys')
        .select('id')
        .where('keyHash', '=', hashKey(key))
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const now = Date.now();
      if (now - (lastWritten.get(row.id) ?? 0) > LAST_USED_RESOLUTION_MS) {
        lastWritten.set(row.id, now);
        await db
          .updateTable('apiKeys')
          .set({ lastUsedAt: new Date(now).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      return row.id;
    },
  };
}

export type ApiKeyStore = ReturnType<typeof apiKeyStore>;
