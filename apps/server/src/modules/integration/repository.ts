/** SQL of the integration module itself: its API keys, and the shopper an export starts from. */
import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../db/types.js';

export interface ApiKeyInfo {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export function integrationRepository(db: Kysely<Database>) {
  return {
    async insertApiKey(values: NewRow<'apiKeys'>): Promise<number> {
      const { id } = await db.insertInto('apiKeys').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    apiKeys(): Promise<ApiKeyInfo[]> {
      return db
        .selectFrom('apiKeys')
        .select(['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'])
        .orderBy('id')
        .execute();
    },

    /** Revokes the live key with this id or prefix; answers whether one was revoked. */
    async revokeApiKey(by: { id: number } | { prefix: string }, now: string): Promise<boolean> {
      const result = await db
        .updateTable('apiKeys')
        .set({ revokedAt: now })
        .where((eb) => ('id' in by ? eb('id', '=', by.id) : eb('prefix', '=', by.prefix)))
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The id of the live key with this hash. */
    async liveApiKeyId(keyHash: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('apiKeys')
        .select('id')
        .where('keyHash', '=', keyHash)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return row?.id;
    },

    async markApiKeyUsed(id: number, at: string): Promise<void> {
      await db.updateTable('apiKeys').set({ lastUsedAt: at }).where('id', '=', id).execute();
    },

    shopper(shopperId: number) {
      return db
        .selectFrom('shoppers')
        .select(['id', 'externalId', 'createdAt'])
        .where('id', '=', shopperId)
        .executeTakeFirst();
    },
  };
}

export type IntegrationRepository = ReturnType<typeof integrationRepository>;
