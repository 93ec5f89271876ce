import { type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Db } from './connection.js';
import { migrations, type Step } from './migrations/index.js';

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

/** The names of the migrations the database has run; null for a new database. */
async function ranMigrations(db: Db): Promise<string[] | null> {
  try {
    return (await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely)).rows.map((r) => r.name);
  } catch {
    // No migration table yet: a new database.
    return null;
  }
}

/** The migrations recorded as additive when they ran (recorded below). */
async function additiveMarks(db: Db): Promise<Set<string>> {
  try {
    const rows = await db.kysely.selectFrom('migrationSteps').select('name').where('additive', '=', 1).execute();
    return new Set(rows.map((r) => r.name));
  } catch {
    // No marks at all: a migration row without its mark counts as a contract step.
    return new Set();
  }
}

/**
 * Runs the step, then records whether it is additive, in the step's own transaction on
 * PostgreSQL: a build that does not know the step reads the mark to decide whether it may start.
 */
function recorded(name: string, step: Step): Migration {
  const additive = step.additive ? 1 : 0;
  return {
    up: async (db) => {
      await step.up(db);
      // Made by the first step that runs, inside the migrator's lock, so concurrent starts do not race.
      await db.schema
        .createTable('migration_steps')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('additive', 'integer', (c) => c.notNull())
        .execute();
      await db
        .insertInto('migration_steps')
        .values({ name, additive })
        .onConflict((oc) => oc.column('name').doUpdateSet({ additive }))
        .execute();
    },
  };
}

/** What a build says when it starts on a schema a newer release migrated (logged, and printed by the command line). */
export const newerSchemaNote = (newer: readonly string[]) =>
  `Starting on a database a newer release migrated: its migrations ${newer.join(', ')} are additive, so this release runs on it`;

export interface MigrationOutcome {
  /** The migrations this start ran. */
  applied: string[];
  /** A newer release's migrations, all additive, that this build starts on without knowing them. */
  newer: string[];
}

/**
 * Brings the schema up to date; several instances starting at once are serialised by Kysely's lock.
 * On a database a newer release migrated it starts only when each migration it does not know is
 * additive and every one it knows has run; otherwise that schema is not this build's to use.
 */
export async function migrateToLatest(db: Db, steps: Record<string, Step> = migrations): Promise<MigrationOutcome> {
  try {
    await sql`select 1`.execute(db.kysely);
  } catch (error) {
    throw new MigrationError(explain(error, db.location));
  }
  const ran = new Set(await ranMigrations(db));
  const newer = [...ran].filter((name) => !Object.hasOwn(steps, name));
  if (newer.length > 0) {
    const marks = await additiveMarks(db);
    const contract = newer.filter((name) => !marks.has(name));
    const missing = Object.keys(steps).filter((name) => !ran.has(name));
    if (contract.length > 0 || missing.length > 0) {
      throw new MigrationError(
        `The database at ${db.location} was migrated by a newer release of the account area ` +
          `(${(contract.length > 0 ? contract : newer).join(', ')}). Run that release or a later one; to go back ` +
          'to this one, restore the backup taken before the upgrade (README: Upgrades).',
      );
    }
    return { applied: [], newer };
  }
  const migrator = new Migrator({
    db: db.kysely,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, recorded(name, step)])),
    },
  });
  let result: MigrationResultSet;
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
  return {
    applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
    newer: [],
  };
}
