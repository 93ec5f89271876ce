/**
 * The first answer of each create call per shopper and Idempotency-Key, so a repeated request (a
 * double submit, a retry after a lost answer) gets that answer instead of creating again. In the
 * database rather than in memory, so every instance on one PostgreSQL sees the same keys.
 */
import { type AnyDb, notNull } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    .addColumn('call_name', 'text', notNull)
    .addColumn('key', 'text', notNull)
    /** SHA-256 of the request's params, query and body: the same key may only repeat the same request. */
    .addColumn('fingerprint', 'text', notNull)
    /** JSON of the first answer; null while it is being made, or for an answer without content. */
    .addColumn('response', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['shopper_id', 'call_name', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();
}
