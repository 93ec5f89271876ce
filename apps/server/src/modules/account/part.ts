/** What the modules that own a part of the account give it: they depend on this, it on none of them. */
import type { Expression, Kysely, RawBuilder } from 'kysely';
import { jsonRowsOf, parsedJson, type RowsQuery, speaksPostgres } from '../../db/json-rows.js';
import type { Database } from '../../db/types.js';

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
  /** What the account shows of the column's value (a part may read what all accounts share, cached). */
  read(value: unknown, now: string): T | Promise<T>;
}

/** A part from the query of its rows and what the account shows of them. */
export function accountPart<R, T>(
  rows: (db: Kysely<Database>, shopper: ShopperRow, now: string) => RowsQuery<R>,
  read: (rows: R[], now: string) => T | Promise<T>,
): AccountPart<T> {
  return {
    // Built without the plugins, which the account's statement applies to the whole once: a
    // subquery built with them arrives at the helper snake-cased, and so would the JSON's keys.
    column: (db, shopper, now) => jsonRowsOf(speaksPostgres(db), rows(db.withoutPlugins(), shopper, now)),
    // why: the value is the column this part made from its own rows.
    read: (value, now) => read(parsedJson(value as string | R[]), now),
  };
}
