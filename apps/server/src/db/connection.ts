/** Opens the database: the SQLite file in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type KyselyConfig,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
  sql,
} from 'kysely';
import pg from 'pg';
import { CamelCaseRowsPlugin } from './camel-case-rows.js';
import { checkpointInBackground } from './checkpoints.js';
import { objectBuilder } from './object-builder.js';
import { PatientSqliteDialect, SQLITE_BUSY_WAIT_MS, whileBusy } from './sqlite-busy.js';
import { SqliteStorage } from './storage.js';
import type { Database } from './types.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The driver under Kysely, for libraries that need it (rate limits). */
export type RawDriver =
  | {
      kind: 'sqlite';
      /** Kysely's connection: statements of the server's own go through `use`. */
      sqlite: SQLite.Database;
      /**
       * Runs `work` on the connection while Kysely does not use it, and again while it finds the
       * database busy, as every Kysely statement is (sqlite-busy.ts). Not from inside a Kysely
       * transaction, which holds the connection until it ends.
       */
      use<T>(work: () => Promise<T>): Promise<T>;
    }
  | {
      kind: 'postgres';
      pool: pg.Pool;
      /** A connection of its own, outside the pool, to the same server (for LISTEN). */
      client: () => pg.Client;
    };

export interface Db {
  kysely: Kysely<Database>;
  kind: DatabaseKind;
  raw: RawDriver;
  /** Where the data lives, for logs and error messages (no credentials). */
  location: string;
  /** SQLite: whether writes can be stored (disk full, read-only, file deleted); null on PostgreSQL. */
  storage: SqliteStorage | null;
  /**
   * After an account is erased: leaves no readable copy of its rows in the files the product
   * controls (issue 44). Never rejects: a failure is logged and the next erasure tries again.
   */
  scrubErased(): Promise<void>;
  /** One round trip to the database (readiness); rejects when it does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const pingOf = (kysely: Kysely<Database>) => async () => {
  await sql`select 1`.execute(kysely);
};

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

export interface DbOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
  /**
   * PostgreSQL: how long one statement may take, then it is cancelled (a 503). None for migrations
   * and the command line, whose statements may rightly take long on a big database.
   */
  statementTimeoutMs?: number;
  /** Sees every SQL statement as it is run (the response tests and the bench count them). */
  onStatement?: (sql: string) => void;
  /** Told of every statement that failed (metrics). */
  onQueryError?: () => void;
  /** SQLite: WAL checkpoints on a thread of their own (checkpoints.ts), for the server's connection. */
  checkpointInBackground?: boolean;
}

/** Kysely's query log, only when someone listens: without it Kysely adds nothing per query. */
const statementLog = ({ onStatement, onQueryError }: DbOptions): KyselyConfig['log'] =>
  onStatement || onQueryError
    ? (event) => {
        onStatement?.(event.query.sql);
        if (event.level === 'error') onQueryError?.();
      }
    : undefined;

/** Distinct SQL texts kept compiled; the app has a few hundred, IN-lists and batch inserts vary. */
const STATEMENT_CACHE_SIZE = 500;

interface KeptStatement {
  statement: SQLite.Statement;
  /** What Kysely runs: the statement, its rows built in JavaScript (rowsBuiltHere). */
  forKysely: SqliteStatement;
}

/**
 * A reading statement whose rows better-sqlite3 answers as arrays of values, each made an object by
 * one literal for the statement's columns (object-builder.ts): better-sqlite3's own row objects,
 * set key by key in native code, took a fifth of the order page's SQL time (npm run bench). Same
 * keys, order and values; a later column of the same name wins, as in better-sqlite3's objects.
 */
function rowsBuiltHere(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const row = objectBuilder<(values: unknown[]) => unknown>(
    ['values'],
    statement.columns().map((column) => column.name),
    (i) => `values[${i}]`,
  );
  if (!row) return statement;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(row),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield row(values);
    },
  };
}

/**
 * Kysely prepares every query anew, and compiling the SQL was ~15% of the server's CPU under load;
 * kept statements cut its CPU per request by 20-30% (npm run bench). Kept by SQL text, the least
 * recently used dropped first. Reuse is safe: Kysely runs one query at a time on its one connection.
 * Every write statement first makes sure the database file is still there (storage.ts).
 */
function withStatementCache(sqlite: SQLite.Database, storage: SqliteStorage): SqliteDatabase {
  const statements = new Map<string, KeptStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let kept = statements.get(sql);
      if (kept) {
        statements.delete(sql);
      } else {
        const statement = sqlite.prepare(sql);
        kept = { statement, forKysely: rowsBuiltHere(statement) };
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, kept);
      storage.lastPreparedWrites = !kept.statement.readonly;
      if (storage.lastPreparedWrites) storage.checkFile();
      return kept.forKysely;
    },
  };
}

/**
 * The database file mapped into memory for reads, up to SQLite's build limit (2 GB): a page past
 * the map is read with a system call and copied. 256 MB covered a sixth of the bench's 1.6 GB shop;
 * mapping all of it cut the order list's SQL CPU by about a fifth (npm run bench). Mapped pages are
 * the system's file cache (shared, reclaimable), though they count in the server's RSS.
 */
const SQLITE_MMAP_BYTES = 2 * 1024 * 1024 * 1024;
/** A busy WAL is tried again this often, this long apart, after an erasure (up to 2 s). */
const SCRUB_ATTEMPTS = 40;
const SCRUB_RETRY_MS = 50;

function openSqlite(dataDir: string, options: DbOptions): Db {
  const file = path.join(dataDir, 'account.db');
  let sqlite: SQLite.Database;
  try {
    mkdirSync(dataDir, { recursive: true });
    sqlite = new SQLite(file);
    // WAL for concurrent readers; FULL so an acknowledged write survives a power cut.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // Reads straight from the mapped file instead of a system call per page read.
    sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    // None: a busy database is waited for asynchronously instead (sqlite-busy.ts).
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_WAIT_MS}`);
    // Deleted and overwritten content is zeroed, not left in free space (issue 44: an erased
    // account leaves no readable copy in the file).
    sqlite.pragma('secure_delete = ON');
  } catch (error) {
    throw new DatabaseOpenError(
      `Cannot open the SQLite database at ${file}: ${(error as Error).message}. ` +
        'Check that DATA_DIR points at a writable directory.',
    );
  }
  const storage = new SqliteStorage(file, sqlite);
  const kysely = new Kysely<Database>({
    dialect: new PatientSqliteDialect({ database: withStatementCache(sqlite, storage) }, sqlite, storage),
    plugins: [new CamelCaseRowsPlugin()],
    log: statementLog(options),
  });
  const checkpoints = options.checkpointInBackground ? checkpointInBackground(file, () => storage.logger) : null;
  const use = <T>(work: () => Promise<T>): Promise<T> =>
    whileBusy(() => kysely.connection().execute(work)).catch((error: unknown) => {
      storage.failed(error);
      throw error;
    });
  /**
   * The WAL still holds the pages as they were before the erasure. A TRUNCATE checkpoint copies
   * the WAL into the database file (where secure_delete zeroed the erased rows) and empties it.
   * It is refused while another connection reads or checkpoints (the checkpoint thread, the
   * command line): tried again for a while, then left to the next erasure.
   */
  const scrubErased = async () => {
    try {
      for (let attempt = 1; ; attempt++) {
        const [result] = (await use(async () => sqlite.pragma('wal_checkpoint(TRUNCATE)'))) as { busy: number }[];
        if (result?.busy === 0) return;
        if (attempt === SCRUB_ATTEMPTS) throw new Error('the WAL was in use on every attempt');
        await new Promise((resolve) => setTimeout(resolve, SCRUB_RETRY_MS));
      }
    } catch (error) {
      storage.logger?.warn({ err: error }, 'erased rows not yet cleared from the WAL');
    }
  };
  return {
    kysely,
    kind: 'sqlite',
    raw: { kind: 'sqlite', sqlite, use },
    location: file,
    storage,
    scrubErased,
    ping: pingOf(kysely),
    close: async () => {
      await checkpoints?.stop();
      await kysely.destroy();
    },
  };
}

/** What node-postgres rejects a query with when no answer came within query_timeout. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/** Distinct SQL texts PostgreSQL keeps prepared on each connection, the most used first to come. */
const NAMED_STATEMENTS = 1000;
const statementNames = new Map<string, string>();
/** Reads and writes, not DDL or transaction control: a prepared plan outlives no schema change. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The name under which PostgreSQL keeps this statement parsed and planned: sent unnamed, every
 * statement is parsed and planned anew, which was most of PostgreSQL's CPU per request (npm run
 * bench). One name per SQL text for the whole process (node-postgres prepares it once per
 * connection); past the limit, new texts (long IN-lists, batch inserts) go unnamed.
 */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS && PREPARABLE.test(text)) {
    name = `s${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Kysely's transaction control, as its PostgreSQL driver sends it (no isolation level is asked for). */
const BEGIN = 'begin';
const ENDS = new Set(['commit', 'rollback']);

/**
 * Kysely releases a connection without saying how its last query ended. One whose query got no
 * answer in time (a server or network that hangs) may still have that query, or an open
 * transaction whose ROLLBACK did not go out, pending on the server: it is closed, not reused.
 * Statements go out named (statementName), so each connection parses and plans them once.
 *
 * A transaction's BEGIN waits for its first statement and goes out with it, in one write, and
 * PostgreSQL answers both at once (the clients pipeline): a round trip less per transaction, which
 * is the network's latency once more for every write call. BEGIN fails only with the connection,
 * and then so does the statement behind it. A transaction that ends before its first statement
 * sends nothing.
 */
function pooledConnections(pool: pg.Pool): PostgresPool {
  return {
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let timedOut: Error | undefined;
      let beginWaiting = false;
      const watched = (result: unknown): unknown => {
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) timedOut = error;
          });
        }
        return result;
      };
      const send = (...args: Parameters<pg.PoolClient['query']>): unknown => {
        const [text, values] = args;
        const name = typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
        return watched(name ? client.query({ name, text: text as string, values }) : client.query(...args));
      };
      const query = (...args: Parameters<pg.PoolClient['query']>): unknown => {
        const [text] = args;
        if (text === BEGIN) {
          beginWaiting = true;
          return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [] });
        }
        if (!beginWaiting) return send(...args);
        beginWaiting = false;
        if (typeof text === 'string' && ENDS.has(text)) {
          return Promise.resolve({ command: text.toUpperCase(), rowCount: null, rows: [] });
        }
        // Corked, both go out in one write; pipelined, the statement does not wait for BEGIN's answer.
        const stream = client.connection.stream;
        stream.cork();
        let begun: Promise<unknown>;
        let result: unknown;
        try {
          begun = client.query(BEGIN);
          watched(begun);
          result = send(...args);
        } finally {
          stream.uncork();
        }
        return begun.then(
          () => result,
          (error: unknown) => {
            // The statement's own failure says nothing more.
            if (result instanceof Promise) result.catch(() => {});
            throw error;
          },
        );
      };
      return {
        // The same overloads as pg's own query (text and parameters, or a cursor), forwarded as they are.
        query: query as PostgresPoolClient['query'],
        release: () => {
          beginWaiting = false;
          client.release(timedOut);
        },
      };
    },
  };
}

/**
 * bigint (money in ten-thousandths, counts) read as a JavaScript number, as SQLite gives it; exact
 * to 2^53, i.e. amounts up to about 900 billion. pg's default is a string.
 */
const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => (oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)),
};

function openPostgres(
  databaseUrl: string,
  poolSize: number,
  statementTimeoutMs: number | undefined,
  listeners: DbOptions,
): Db {
  const url = new URL(databaseUrl);
  const location = `postgres://${url.host}${url.pathname}`;
  // PostgreSQL cancels a slow statement itself, and the connection stays usable; a server that does
  // not answer at all is given up on a second later, here, and so is connecting to it.
  const answerTimeoutMs = statementTimeoutMs && statementTimeoutMs + 1000;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: Math.min(5000, answerTimeoutMs ?? 5000),
    idleTimeoutMillis: 30_000,
    // Notices a peer that vanished without closing the connection (a network cut).
    keepAlive: true,
    // A statement is sent without waiting for the answer to the one before (pooledConnections' BEGIN).
    pipeline: true,
    types: PG_TYPES,
    ...(statementTimeoutMs && { statement_timeout: statementTimeoutMs, query_timeout: answerTimeoutMs }),
  });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor one that is checked out between two queries (inside a transaction) when PostgreSQL stops:
  // the pool listens only to idle clients, and an 'error' event nobody hears ends the process. The
  // next query on it fails (a 503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pooledConnections(pool) }),
    plugins: [new CamelCaseRowsPlugin()],
    log: statementLog(listeners),
  });
  return {
    kysely,
    kind: 'postgres',
    raw: { kind: 'postgres', pool, client: () => new pg.Client({ connectionString: databaseUrl, keepAlive: true }) },
    location,
    storage: null,
    // PostgreSQL keeps dead rows until VACUUM reuses their space, and its WAL, backups and replicas
    // hold copies the product cannot reach: the README's Security section says what operators do.
    scrubErased: async () => {},
    ping: pingOf(kysely),
    close: () => kysely.destroy(),
  };
}

export function openDatabase(options: DbOptions): Db {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.statementTimeoutMs, options)
    : openSqlite(options.dataDir, options);
}
