/**
 * The shop integration API: records the shop keeps here carry the shop's own id (external_id,
 * unique per table, null for what the account area made itself), and API keys, stored only as
 * SHA-256 hashes.
 */
import { type AnyDb, notNull, withId } from './schema-kit.js';

const TABLES = [
  'shoppers',
  'products',
  'orders',
  'voucher_campaigns',
  'vouchers',
  'achievements',
  'custom_pages',
  'interests',
  'newsletters',
];

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('external_id', 'text').execute();
    await db.schema.createIndex(`${table}_external_id_key`).on(table).column('external_id').unique().execute();
  }

  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('name', 'text', notNull)
    /** The key's first characters, to tell keys apart in lists without revealing them. */
    .addColumn('prefix', 'text', notNull)
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
}
