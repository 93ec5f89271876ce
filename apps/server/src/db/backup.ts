/**
 * Backup and restore of the SQLite database (the command line's `backup` and `restore`). A copy of
 * the file alone is not a backup: acknowledged writes may still be in the write-ahead log beside
 * it. `VACUUM INTO` writes one consistent snapshot, taken in a read transaction, while the server
 * goes on reading and writing. PostgreSQL has its own tools (pg_dump, pg_restore).
 */
import { existsSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export class BackupError extends Error {
  override name = 'BackupError';
}

const DATABASE_FILE = 'account.db';
/** Files SQLite keeps beside a database that is open (or was not closed cleanly). */
const SIDE_FILES = ['-wal', '-shm'] as const;

/** Opens a file as a database of this application (`checked`: and whole), or says why it is not one. */
function accountDatabase(file: string, checked: boolean): SQLite.Database {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    const migrations = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'");
    if (!migrations.get()) throw new BackupError(`${file} is not a database of the account area.`);
    if (checked) {
      const integrity = db.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}`);
    }
    return db;
  } catch (error) {
    db.close();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} cannot be read as a SQLite database: ${(error as Error).message}`);
  }
}

/** Writes a consistent snapshot of DATA_DIR/account.db to `target` (a new file); answers its size. */
export function backupSqlite(dataDir: string, target: string): { bytes: number } {
  const source = path.join(dataDir, DATABASE_FILE);
  if (existsSync(target)) throw new BackupError(`${target} exists already; choose a new file.`);
  const db = accountDatabase(source, false);
  try {
    db.prepare('vacuum into ?').run(path.resolve(target));
  } catch (error) {
    throw new BackupError(`Cannot write ${target}: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  // The copy is read back whole before it counts as a backup.
  accountDatabase(target, true).close();
  return { bytes: statSync(target).size };
}

/**
 * Puts the backup `source` in place of DATA_DIR/account.db, whose files are kept beside it as
 * account.db.before-restore-<time> (with their -wal and -shm), so that a restore can be undone. The
 * server must be stopped: a database still in use (or not closed cleanly) is refused unless forced.
 */
export function restoreSqlite(dataDir: string, source: string, force: boolean): { keptAs: string | null } {
  accountDatabase(source, true).close();
  const current = path.join(dataDir, DATABASE_FILE);
  if (!force && SIDE_FILES.some((side) => existsSync(`${current}${side}`))) {
    throw new BackupError(
      `${current} is in use by a running server, or was not closed cleanly. Stop the server first; ` +
        '--force restores anyway, keeping the current files beside it.',
    );
  }
  const restoring = `${current}.restoring`;
  // The copy is written first and renamed into place in one step: an interrupted restore leaves
  // the current database as it was.
  const copy = new SQLite(source, { readonly: true });
  try {
    copy.prepare('vacuum into ?').run(path.resolve(restoring));
  } finally {
    copy.close();
  }
  let keptAs: string | null = null;
  if (existsSync(current)) {
    keptAs = `${current}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(current, keptAs);
    for (const side of SIDE_FILES) {
      if (existsSync(`${current}${side}`)) renameSync(`${current}${side}`, `${keptAs}${side}`);
    }
  }
  renameSync(restoring, current);
  return { keptAs };
}
