/** Counters of rate-limiter-flexible, shared by every instance (its own column layout). */
import { type AnyDb, isPostgres } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', isPostgres(db) ? 'varchar(255)' : 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}
