/**
 * Column helpers for migrations that must run on SQLite and PostgreSQL alike. Migrations are
 * frozen history: they use only this file and Kysely, never application code.
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// why: migrations are frozen and must not depend on the evolving Database type.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyDb = Kysely<any>;

export const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** An auto-incrementing integer primary key named id. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
export const emptyText = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
export const lowerExpr = (column: string) => sql`lower(${sql.ref(column)})`;
