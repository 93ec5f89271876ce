import { type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; several instances starting at once are serialised by Kysely's lock. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  let result: MigrationResultSet;
  try {
    result = await migrator.migrateToLatest();
  } catch (error) {
    throw new MigrationError(`Cannot migrate the database at ${db.location}: ${(error as Error).message}`);
  }
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(
      `Migration ${failed} failed on ${db.location}: ${(result.error as Error).message ?? String(result.error)}`,
    );
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
