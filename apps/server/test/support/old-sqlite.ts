/**
 * An older SQLite than the server's own, to open its database files with as an operator's tools
 * would: 3.36.0, as sql.js 1.6.2 bundles it (pinned exactly in package.json: a newer sql.js
 * bundles a newer SQLite). Older than Ubuntu 22.04's sqlite3 (3.37.2) and Debian 12's (3.40.1).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import initSqlJs, { type Database } from 'sql.js';

export const OLD_SQLITE_VERSION = '3.36.0';

/** A copy of the database file opened in the old SQLite, in memory; an empty database for null. */
export async function openInOldSqlite(file: string | null): Promise<Database> {
  // This sql.js fetches its wasm by URL unless given the binary, and Node's fetch takes no file paths.
  const wasm = readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm'));
  const SQL = await initSqlJs({ wasmBinary: wasm });
  return file === null ? new SQL.Database() : new SQL.Database(readFileSync(file));
}

/** The rows of a statement, each an object by column name. */
export function rowsOf(db: Database, statement: string): Record<string, unknown>[] {
  const [result] = db.exec(statement);
  if (!result) return [];
  return result.values.map((values) => Object.fromEntries(result.columns.map((column, i) => [column, values[i]])));
}
