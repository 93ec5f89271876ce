/**
 * A fresh database as a newer release leaves it: this build's migrations and one step more, marked
 * additive or not, as that release records it (db/migrate.ts). Tests start this build on it.
 */
import { expect } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { freshDatabase } from './test-app.js';

export async function migratedByNewerRelease(step: string, additive: boolean) {
  const database = await freshDatabase();
  const db = openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
    poolSize: 1,
  });
  try {
    const { applied } = await migrateToLatest(db, {
      ...migrations,
      [step]: {
        additive,
        up: async (kysely) => {
          await kysely.schema.createTable('from_the_future').addColumn('note', 'text').execute();
        },
      },
    });
    expect(applied.at(-1)).toBe(step);
  } finally {
    await db.close();
  }
  return database;
}
