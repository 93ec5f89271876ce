/**
 * A test of what a migration does to the rows it finds: a fresh database of the test's kind,
 * migrated to just before that migration, holding shopper 1 as the schema stood then.
 */
import { Migrator, sql } from 'kysely';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { migrations } from '../../src/db/migrations/index.js';
import { freshDatabase } from './test-app.js';

/** When the rows written before the migration were made. */
const AT = '2026-01-01T00:00:00.000Z';

/**
 * Runs `work` on a database migrated up to, not including, `migration`, with shopper 1 made `at`;
 * `work` writes the older rows (through plain SQL: the table types are today's), migrates and
 * checks. The database is dropped after.
 */
export async function beforeMigration(migration: string, work: (db: Db, at: string) => Promise<void>): Promise<void> {
  const database = await freshDatabase();
  const db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR! });
  try {
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < migration));
    await new Migrator({ db: db.kysely, provider: { getMigrations: async () => earlier } }).migrateToLatest();
    await sql`insert into shoppers (id, default_language, default_country, default_currency, created_at, updated_at)
      values (1, 'en', 'NL', 'EUR', ${AT}, ${AT})`.execute(db.kysely);
    await work(db, AT);
  } finally {
    await db.close();
    await database.drop();
  }
}
