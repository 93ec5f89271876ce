import { type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** What an error from the driver means for someone starting the server or the command line. */
function explain(error: unknown, location: string): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  if (code === '28P01' || code === '28000') {
    return `The database at ${location} refused the user or password in DATABASE_URL: ${text}`;
  }
  if (code === '3D000') return `The database named in DATABASE_URL does not exist (${location}): ${text}`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN') {
    return `Cannot reach the database at ${location} (${code}): is it running, and is DATABASE_URL's host and port right?`;
  }
  return `Cannot use the database at ${location}: ${text}`;
}

/**
 * Migrations this build does not know that the database has run: a newer release migrated it. Its
 * schema is not this build's to use or change, so the start is refused with what to do.
 */
async function newerMigrations(db: Db): Promise<string[]> {
  const known = new Set(Object.keys(migrations));
  let ran: { name: string }[];
  try {
    ran = (await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely)).rows;
  } catch {
    // No migration table yet: a new database.
    return [];
  }
  return ran.map((r) => r.name).filter((name) => !known.has(name));
}

/** Brings the schema up to date; several instances starting at once are serialised by Kysely's lock. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  let result: MigrationResultSet;
  try {
    await sql`select 1`.execute(db.kysely);
  } catch (error) {
    throw new MigrationError(explain(error, db.location));
  }
  const newer = await newerMigrations(db);
  if (newer.length > 0) {
    throw new MigrationError(
      `The database at ${db.location} was migrated by a newer release of the account area ` +
        `(${newer.join(', ')}). Run that release or a later one; to go back to this one, restore ` +
        'the backup taken before the upgrade (README: Upgrades).',
    );
  }
  try {
    result = await migrator.migrateToLatest();
  } catch (error) {
    throw new MigrationError(explain(error, db.location));
  }
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    if (!failed) throw new MigrationError(explain(result.error, db.location));
    throw new MigrationError(
      `Migration ${failed} failed on ${db.location}: ${(result.error as Error).message ?? String(result.error)}`,
    );
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
