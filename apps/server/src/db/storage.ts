/**
 * Whether SQLite can store writes right now. A disk that is full, a file system that refuses
 * writes (one remounted read-only after an error) or the database file deleted or replaced under
 * the running server each begin an *episode*: logged once, with SQLite's own error code, however
 * many requests fail during it. Meanwhile writes answer 503 (http/errors.ts), readiness answers
 * 503 (app.ts) and reads go on. The episode ends by itself as soon as a write is stored again:
 * one of the API's, or the small test write that readiness makes while it lasts (a load balancer
 * sends no traffic to an instance that is not ready, so readiness must find out by itself).
 *
 * A deleted database file: Linux keeps the open file, so writes would go on succeeding into a file
 * that no longer has a name and is gone when the process ends — acknowledged, then lost. So every
 * write statement first checks that the path still names the file that was opened (one stat, a
 * few microseconds against a commit's fsync) and is refused otherwise. That episode cannot end by
 * itself: the server saves everything it holds into a copy beside the file (VACUUM INTO) and the
 * log tells the operator how to put it back and restart.
 */
import { statfsSync, statSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from './types.js';
import { type StorageProblem, storageProblem } from './unavailable.js';

export interface StorageLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Raised before a write to a database file that was deleted or replaced; SQLite's own code for it. */
export class DatabaseFileMovedError extends Error {
  override name = 'DatabaseFileMovedError';
  readonly code = 'SQLITE_READONLY_DBMOVED';
}

/**
 * Free space an episode of a full disk waits for before it ends: a test write may fit into the
 * room a failed transaction left, and ending the episode on that alone would flap readiness.
 */
export const RESUME_FREE_BYTES = 1024 * 1024;

interface Episode {
  problem: StorageProblem;
  since: number;
  /** Statements refused since it began. */
  refused: number;
}

const describeProblem = (problem: StorageProblem, file: string): string => {
  switch (problem.kind) {
    case 'full':
      return `SQLite cannot store writes: the disk holding ${file} is full (${problem.code}). Writes answer 503 storage_full and readiness 503 until space is freed; both recover by themselves`;
    case 'moved':
      return `SQLite cannot store writes: ${file} was deleted or replaced while the server had it open (${problem.code}). Writes are refused (503) so that none is acknowledged into a file that is gone; readiness answers 503 until a restart`;
    default:
      return `SQLite cannot store writes: the file system refuses them (${problem.code}; read-only or failing) at ${file}. Writes answer 503 and readiness 503 until writes are stored again; a file system remounted read-only after an error needs repair and a restart`;
  }
};

export class SqliteStorage {
  private episode: Episode | null = null;
  private log: StorageLog | null = null;
  private readonly opened: { dev: number; ino: number };
  /** Where the data of a deleted database file was saved, once it was. */
  private rescued: string | null = null;
  /** Errors already counted: the driver and the HTTP error handler both report the same one. */
  private readonly seen = new WeakSet<object>();
  /** Whether the statement prepared last may write (set by the statement cache, read by the driver). */
  lastPreparedWrites = false;

  constructor(
    readonly file: string,
    private readonly sqlite: SQLite.Database,
  ) {
    const { dev, ino } = statSync(file);
    this.opened = { dev, ino };
  }

  /** Where episodes are logged: the server's logger, once it exists. */
  logTo(log: StorageLog): void {
    this.log = log;
  }

  get logger(): StorageLog | null {
    return this.log;
  }

  /** What keeps writes from being stored, or null when they are. */
  get problem(): StorageProblem | null {
    return this.episode?.problem ?? null;
  }

  /**
   * Before a write statement: refuses it when the path no longer names the file that is open. The
   * driver sees the error fail the statement, as any other (failed()).
   */
  checkFile(): void {
    let now: { dev: number; ino: number } | undefined;
    try {
      now = statSync(this.file, { throwIfNoEntry: false });
    } catch {
      // Not this (a file system that fails, say): the write itself tells.
      return;
    }
    if (now && now.dev === this.opened.dev && now.ino === this.opened.ino) return;
    throw new DatabaseFileMovedError(`${this.file} is not the database file this server opened`);
  }

  /**
   * A statement failed: when the storage was why, an episode begins (logged once) or goes on. The
   * driver reports every statement of Kysely; the HTTP error handler reports what else wrote
   * (the rate limiters use the SQLite handle directly).
   */
  failed(error: unknown): void {
    const problem = storageProblem(error);
    if (!problem || typeof error !== 'object' || error === null || this.seen.has(error)) return;
    this.seen.add(error);
    // A deleted file stays deleted, whatever else fails meanwhile.
    if (this.episode?.problem.kind === problem.kind || this.episode?.problem.kind === 'moved') {
      this.episode.refused++;
      return;
    }
    this.episode = { problem, since: Date.now(), refused: 1 };
    this.log?.error({ err: error, code: problem.code, file: this.file }, describeProblem(problem, this.file));
    if (problem.kind === 'moved') this.rescue();
  }

  /** A write was stored: the episode under way ends, unless the disk is still all but full. */
  stored(): void {
    const episode = this.episode;
    if (!episode || episode.problem.kind === 'moved') return;
    if (episode.problem.kind === 'full' && this.stillFull()) return;
    this.episode = null;
    this.log?.warn(
      {
        code: episode.problem.code,
        file: this.file,
        seconds: Math.round((Date.now() - episode.since) / 1000),
        refused: episode.refused,
      },
      `SQLite stores writes again, after ${episode.problem.code}`,
    );
  }

  /**
   * Readiness: whether writes are stored. Without an episode that is taken as so (a write that
   * fails begins one); during one, a test write finds out whether it is over.
   */
  async writable(kysely: Kysely<Database>): Promise<boolean> {
    this.checkFileQuietly();
    const episode = this.episode;
    if (!episode) return true;
    if (episode.problem.kind === 'moved') {
      this.rescue();
      return false;
    }
    // A commit that changes nothing the application reads: page 1 is written again (user_version,
    // which nothing else uses). A failure reaches failed() through the driver.
    const wrote = await kysely
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ userVersion: number }>`pragma user_version`.execute(trx);
        await sql.raw(`pragma user_version = ${Number(rows[0]?.userVersion ?? 0)}`).execute(trx);
        return true;
      })
      .catch(() => false);
    if (wrote) this.stored();
    return this.episode === null;
  }

  private checkFileQuietly(): void {
    try {
      this.checkFile();
    } catch (error) {
      this.failed(error);
    }
  }

  /** Less free space than RESUME_FREE_BYTES, or the database at its max_page_count. */
  private stillFull(): boolean {
    const pages = (pragma: string) => Number(this.sqlite.pragma(pragma, { simple: true }));
    if (pages('page_count') >= pages('max_page_count')) return true;
    try {
      const { bavail, bsize } = statfsSync(this.file);
      return bavail * bsize < RESUME_FREE_BYTES;
    } catch {
      return false;
    }
  }

  /**
   * Saves everything the open connection sees, WAL included, into a copy beside the file: the only
   * way left to the data of a deleted file. Not inside a transaction (VACUUM cannot), so it is
   * tried again at each readiness probe until it succeeds.
   */
  private rescue(): void {
    if (this.rescued || this.sqlite.inTransaction) return;
    const target = `${this.file}.rescued-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      this.sqlite.prepare('vacuum into ?').run(target);
      this.rescued = target;
      this.log?.error(
        { file: this.file, rescued: target },
        `Saved the data of the deleted ${this.file} into ${target}. To go on: stop the server, delete ${this.file}-wal and ${this.file}-shm (they belong to the deleted file), move ${target} to ${this.file}, start the server`,
      );
    } catch (error) {
      this.log?.error({ err: error, file: this.file }, `Could not save the data of the deleted ${this.file} yet`);
    }
  }
}
