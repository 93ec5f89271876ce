/**
 * SQLite under another process's write lock (the command line, a second process on the file).
 * better-sqlite3 waits for the lock synchronously (busy_timeout), holding up the whole server —
 * liveness and static files included — and Kysely's one connection besides, so reads queue behind
 * the waiting write. Instead there is no synchronous wait (SQLITE_BUSY_WAIT_MS) and a statement
 * that finds the database busy waits asynchronously with the connection given back, so reads and
 * everything else carry on; after SQLITE_BUSY_BUDGET_MS the error stands and the API answers 503
 * (db/unavailable.ts). Work on the connection beside Kysely (the rate limits' counters) waits the
 * same way (whileBusy, through the RawDriver's `use`).
 *
 * Transactions begin IMMEDIATE, taking the write lock at BEGIN, where nothing is held yet: inside
 * one no statement can find the database busy, and BEGIN itself is what waits.
 *
 * The driver also tells the storage watch (storage.ts) of every statement that failed and every
 * write that was stored, and rolls back only a transaction that SQLite has not rolled back itself.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type QueryCompiler,
  type QueryResult,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
} from 'kysely';
import type { SqliteStorage } from './storage.js';

/**
 * busy_timeout of the connection: none. Every synchronous wait holds up the whole process, and
 * with several writes retrying, even a few milliseconds each add up to most of the event loop.
 */
export const SQLITE_BUSY_WAIT_MS = 0;
/** How long a write keeps trying before the database counts as unavailable. */
export const SQLITE_BUSY_BUDGET_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SQLITE_BUSY and its extended codes. Only whole transactions are tried again (a statement on its
 * own is one), so even SQLITE_BUSY_SNAPSHOT, another process's write since this one read, goes
 * through on the next try.
 */
const isBusy = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

interface Patience {
  /** Whether this attempt may be tried again (not inside a transaction, which holds the lock). */
  mayWait?: () => boolean;
  /** Waits `ms`, giving back meanwhile what the attempt holds. */
  pause?: (ms: number) => Promise<void>;
}

/**
 * Runs `attempt` again while it finds the database busy, a little longer apart each time, until
 * SQLITE_BUSY_BUDGET_MS has passed; then, as for any other error, its error stands.
 */
export async function whileBusy<T>(
  attempt: () => Promise<T>,
  { mayWait = () => true, pause = sleep }: Patience = {},
): Promise<T> {
  const deadline = Date.now() + SQLITE_BUSY_BUDGET_MS;
  for (let ms = 5; ; ms = Math.min(ms * 2, 100)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || !mayWait() || Date.now() + ms > deadline) throw error;
      await pause(ms);
    }
  }
}

type SqliteConfig = ConstructorParameters<typeof SqliteDialect>[0];

class PatientSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteConfig,
    private readonly sqlite: SQLite.Database,
    private readonly storage: SqliteStorage,
  ) {
    super(config);
  }

  private raw: DatabaseConnection | null = null;
  private patient: DatabaseConnection | null = null;
  private inTransaction = false;
  /** Whether a statement of the open transaction changed rows: only then does its commit store anything. */
  private changed = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    // SQLite has one connection; Kysely hands it to one query or transaction at a time.
    this.raw = await super.acquireConnection();
    this.patient ??= {
      executeQuery: <R>(query: CompiledQuery) => this.execute<R>(query),
      streamQuery: (query, chunkSize) => (this.raw as DatabaseConnection).streamQuery(query, chunkSize),
    };
    return this.patient;
  }

  private async execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let result: QueryResult<R>;
    try {
      result = await whileBusy(() => (this.raw as DatabaseConnection).executeQuery<R>(query), {
        mayWait: () => !this.inTransaction,
        // Outside a transaction nothing is held and a statement that found the database busy
        // changed nothing: the connection serves other queries meanwhile, then this one runs again.
        pause: async (ms) => {
          await this.releaseConnection();
          await sleep(ms);
          await super.acquireConnection();
        },
      });
    } catch (error) {
      this.storage.failed(error);
      throw error;
    }
    // A write that changed no row wrote nothing, and inside a transaction nothing is stored
    // before the commit: neither says that the storage takes writes again.
    if (this.storage.lastPreparedWrites && (result.numAffectedRows ?? 0n) > 0n) {
      if (this.inTransaction) this.changed = true;
      else this.storage.stored();
    }
    return result;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.inTransaction = true;
    this.changed = false;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.inTransaction = false;
    if (this.changed) this.storage.stored();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      // After some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY...) SQLite has rolled the
      // transaction back already, and a ROLLBACK would fail ('no transaction is active') and
      // replace the error that says what happened.
      if (this.sqlite.inTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.inTransaction = false;
    }
  }
}

/**
 * Values as `+?`: the same value to SQLite, but one no query plan is made for. SQLite plans a
 * statement anew before its next run whenever a value its plan looked at is bound again: every
 * `LIMIT ?`, and after an ANALYZE (its sqlite_stat4 samples) every `?` compared with an indexed
 * column. Each run of the account's statement was prepared again (about 400 of its 500 µs
 * on the bench's shop) and most others too. better-sqlite3 binds every value on every run and
 * does not offer SQLite's switch for this (SQLITE_DBCONFIG_ENABLE_QPSG).
 */
class PlanOnceSqliteCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

/**
 * Kysely's SQLite dialect whose writes wait for a busy database without holding anything up, and
 * whose statements are planned once (PlanOnceSqliteCompiler).
 */
export class PatientSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteConfig,
    private readonly sqlite: SQLite.Database,
    private readonly storage: SqliteStorage,
  ) {
    super(config);
  }

  override createDriver(): SqliteDriver {
    return new PatientSqliteDriver(this.config, this.sqlite, this.storage);
  }

  override createQueryCompiler(): QueryCompiler {
    return new PlanOnceSqliteCompiler();
  }
}
