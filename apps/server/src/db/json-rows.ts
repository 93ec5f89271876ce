/**
 * Rows of another table as one JSON array in the reading statement's own row. SQLite answers the
 * array as text, PostgreSQL parsed; `parsedJson` takes either. On PostgreSQL each statement is a
 * round trip that cost about 130 µs of the server's CPU and 90 µs of the database's under the
 * bench's load (npm run bench), so a whole order, or an account with its lists, is read in one.
 */
import { type Expression, type Kysely, PostgresAdapter, type RawBuilder } from 'kysely';
import { jsonArrayFrom as postgresArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteArrayFrom } from 'kysely/helpers/sqlite';
import type { Database } from './types.js';

/** Whether the database is PostgreSQL, whose JSON functions differ from SQLite's. */
const speaksPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** A JSON column as SQLite (text) or PostgreSQL (parsed) answers it. */
export const parsedJson = <T>(json: string | T): T => (typeof json === 'string' ? (JSON.parse(json) as T) : json);

/** A select query whose rows are R (Kysely does not export the helpers' name for it). */
type RowsQuery<R> = Parameters<typeof sqliteArrayFrom<R>>[0];

/**
 * The rows of the query `rows` builds as a JSON array, a column of the outer row, in the query's
 * order (its ORDER BY feeds the aggregate on both databases). Kysely's helpers name the keys as
 * the query names its columns; SQLite answers text, which `parsedJson` reads, PostgreSQL parsed
 * objects whose keys the plugins camel-case as any row's. The query is built without the plugins:
 * built with them, it would reach the helper snake-cased already, and so would SQLite's keys; the
 * outer statement applies them to the whole.
 */
export function jsonRowsOf<R>(
  db: Kysely<Database>,
  rows: (plain: Kysely<Database>) => RowsQuery<R>,
): RawBuilder<string | R[]> {
  const query = rows(db.withoutPlugins());
  // why: both helpers type their answer as the parsed rows, but SQLite's is the JSON text.
  return (speaksPostgres(db) ? postgresArrayFrom(query) : sqliteArrayFrom(query)) as RawBuilder<string | R[]>;
}

/** The shopper whose account is read, as the account's statement sees them: references to their row. */
export interface ShopperRow {
  id: Expression<number>;
  telephone: Expression<string>;
  /** The shopper's chosen currency. */
  currency: Expression<string>;
}

/**
 * A part of the account that another module owns (spec §3's collections), read as a column of the
 * account's one statement: on PostgreSQL each part as a statement of its own cost a round trip.
 */
export interface AccountPart<T> {
  /** The part's rows for the shopper as JSON. */
  column(db: Kysely<Database>, shopper: ShopperRow, now: string): RawBuilder<unknown>;
  /** What the account shows of the column's value. */
  read(value: unknown, now: string): T;
}

/** A part from the query of its rows and what the account shows of them. */
export function accountPart<R, T>(
  rows: (db: Kysely<Database>, shopper: ShopperRow, now: string) => RowsQuery<R>,
  read: (rows: R[], now: string) => T,
): AccountPart<T> {
  return {
    column: (db, shopper, now) => jsonRowsOf(db, (plain) => rows(plain, shopper, now)),
    // why: the value is the column this part made from its own rows.
    read: (value, now) => read(parsedJson(value as string | R[]), now),
  };
}
