/** Telephone verification codes, the SMS outbox of demo/development, and avatars kept in the database. */
import { type AnyDb, flag, isPostgres, notNull, withId, zero } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('telephone_verifications'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    .addColumn('telephone', 'text', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('attempts', 'integer', zero)
    .addColumn('used', 'integer', flag)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('telephone_verifications_shopper_idx')
    .on('telephone_verifications')
    .columns(['shopper_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('telephone', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('avatars'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', notNull)
    .addColumn('content_type', 'text', notNull)
    .addColumn('width', 'integer', zero)
    .addColumn('height', 'integer', zero)
    .addColumn('sha256', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('avatars_shopper_idx').on('avatars').column('shopper_id').execute();
}
