/** Opens the database: the SQLite file in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The driver under Kysely, for libraries that need it (rate limits). */
export type RawDriver = { kind: 'sqlite'; sqlite: SQLite.Database } | { kind: 'postgres'; pool: pg.Pool };

export interface Db {
  kysely: Kysely<Database>;
  kind: DatabaseKind;
  raw: RawDriver;
  /** Where the data lives, for logs and error messages (no credentials). */
  location: string;
  close(): Promise<void>;
}

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

export interface DbOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
}

function openSqlite(dataDir: string): Db {
  const file = path.join(dataDir, 'account.db');
  let sqlite: SQLite.Database;
  try {
    mkdirSync(dataDir, { recursive: true });
    sqlite = new SQLite(file);
    // WAL for concurrent readers; FULL so an acknowledged write survives a power cut.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
  } catch (error) {
    throw new DatabaseOpenError(
      `Cannot open the SQLite database at ${file}: ${(error as Error).message}. ` +
        'Check that DATA_DIR points at a writable directory.',
    );
  }
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  return { kysely, kind: 'sqlite', raw: { kind: 'sqlite', sqlite }, location: file, close: () => kysely.destroy() };
}

function openPostgres(databaseUrl: string, poolSize: number): Db {
  const url = new URL(databaseUrl);
  const location = `postgres://${url.host}${url.pathname}`;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { kysely, kind: 'postgres', raw: { kind: 'postgres', pool }, location, close: () => kysely.destroy() };
}

export function openDatabase(options: DbOptions): Db {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openSqlite(options.dataDir);
}
