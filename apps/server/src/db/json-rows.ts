/**
 * Rows of another table as one JSON array in the reading statement's own row. SQLite answers the
 * array as text, PostgreSQL parsed; `parsedJson` takes either. On PostgreSQL each statement is a
 * round trip that cost about 130 µs of the server's CPU and 90 µs of the database's under the
 * bench's load (npm run bench), so an account with its lists is read in one.
 */
import { type Kysely, PostgresAdapter, type RawBuilder } from 'kysely';
import { jsonArrayFrom as postgresArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteArrayFrom } from 'kysely/helpers/sqlite';
import type { Database } from './types.js';

/** Whether the database is PostgreSQL, whose JSON functions differ from SQLite's. */
export const speaksPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The rows to gather: those of `from` (a table, or a subquery in parentheses) named `as`, with
 * `where` (usually correlated with the outer row), in the order of `orderBy`, over `as`'s columns.
 */
export interface JsonRows {
  from: string;
  as: string;
  where?: string;
  orderBy: string;
}

/**
 * `(select <array of value> ...)`: the value (over `rows.as`'s columns) of every row of `rows`, in
 * its order; `[]` for none. SQLite's aggregate reads an ordered subquery rather than ordering
 * itself (`json_group_array(... order by ...)`): SQLite before 3.44 cannot parse that, and a
 * statement kept in the schema (a trigger, a view) is parsed by every SQLite that opens the file,
 * the operators' older sqlite3 too. SQLite keeps a subquery's order for an aggregate other than
 * count, min and max.
 */
export function jsonValues(postgres: boolean, value: string, rows: JsonRows): string {
  const where = rows.where === undefined ? '' : ` where ${rows.where}`;
  return postgres
    ? `(select coalesce(json_agg(${value} order by ${rows.orderBy}), '[]'::json) from ${rows.from} ${rows.as}${where})`
    : `(select json_group_array(${value}) from (select * from ${rows.from} ${rows.as}${where} order by ${rows.orderBy}) ${rows.as})`;
}

/**
 * Like jsonValues, each row an object of the given keys and the SQL expressions of their values.
 * On SQLite the object is built outside the ordered subquery: a JSON value passed through a
 * subquery's column arrives as text, and would be quoted as a string.
 */
export function jsonObjects(postgres: boolean, fields: Record<string, string>, rows: JsonRows): string {
  const pairs = Object.entries(fields)
    .map(([key, expression]) => `'${key}', ${expression}`)
    .join(', ');
  return jsonValues(postgres, postgres ? `json_build_object(${pairs})` : `json_object(${pairs})`, rows);
}

/** A JSON column as SQLite (text) or PostgreSQL (parsed) answers it. */
export const parsedJson = <T>(json: string | T): T => (typeof json === 'string' ? (JSON.parse(json) as T) : json);

/** A select query whose rows are R (Kysely does not export the helpers' name for it). */
export type RowsQuery<R> = Parameters<typeof sqliteArrayFrom<R>>[0];

/**
 * A subquery's rows as a JSON array, a column of the outer row, in the subquery's order (its ORDER
 * BY feeds the aggregate on both databases). Kysely names the keys as the subquery names its
 * columns; SQLite answers text, which `parsedJson` reads. On PostgreSQL the objects come parsed and
 * their keys camel-cased as every row's.
 */
export function jsonRowsOf<R>(postgres: boolean, rows: RowsQuery<R>): RawBuilder<string | R[]> {
  // why: both helpers type their answer as the parsed rows, but SQLite's is the JSON text.
  return (postgres ? postgresArrayFrom(rows) : sqliteArrayFrom(rows)) as RawBuilder<string | R[]>;
}
