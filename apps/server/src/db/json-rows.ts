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
export const speaksPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * `(select <array of value> <rows>)`: the value of every row of `rows` (a FROM clause with its
 * WHERE, usually correlated with the outer row) in the order of `orderBy`; `[]` for none.
 */
export function jsonValues(postgres: boolean, value: string, rows: string, orderBy: string): string {
  return postgres
    ? `(select coalesce(json_agg(${value} order by ${orderBy}), '[]'::json) ${rows})`
    : `(select json_group_array(${value} order by ${orderBy}) ${rows})`;
}

/** Like jsonValues, each row an object of the given keys and the SQL expressions of their values. */
export function jsonObjects(postgres: boolean, fields: Record<string, string>, rows: string, orderBy: string): string {
  const pairs = Object.entries(fields)
    .map(([key, expression]) => `'${key}', ${expression}`)
    .join(', ');
  return jsonValues(postgres, postgres ? `json_build_object(${pairs})` : `json_object(${pairs})`, rows, orderBy);
}

/** A JSON column as SQLite (text) or PostgreSQL (parsed) answers it. */
export const parsedJson = <T>(json: string | T): T => (typeof json === 'string' ? (JSON.parse(json) as T) : json);

/** A select query whose rows are R (Kysely does not export the helpers' name for it). */
type RowsQuery<R> = Parameters<typeof sqliteArrayFrom<R>>[0];

/**
 * A subquery's rows as a JSON array, a column of the outer row, in the subquery's order (its ORDER
 * BY feeds the aggregate on both databases). Kysely names the keys as the subquery names its
 * columns; SQLite answers text, which `parsedJson` reads. On PostgreSQL the objects come parsed and
 * their keys camel-cased as any row's.
 */
export function jsonRowsOf<R>(postgres: boolean, rows: RowsQuery<R>): RawBuilder<string | R[]> {
  // why: both helpers type their answer as the parsed rows, but SQLite's is the JSON text.
  return (postgres ? postgresArrayFrom(rows) : sqliteArrayFrom(rows)) as RawBuilder<string | R[]>;
}

/** The shopper whose account is read, as the account's statement sees them: references to their row. */
export interface ShopperRow {
  id: Expression<number>;
  telephone: Expression<string>;
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
    // Built without the plugins, which the account's statement applies to the whole once: a
    // subquery built with them arrives at the helper snake-cased, and so would the JSON's keys.
    column: (db, shopper, now) => jsonRowsOf(speaksPostgres(db), rows(db.withoutPlugins(), shopper, now)),
    // why: the value is the column this part made from its own rows.
    read: (value, now) => read(parsedJson(value as string | R[]), now),
  };
}
