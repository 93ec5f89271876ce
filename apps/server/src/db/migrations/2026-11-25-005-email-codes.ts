/**
 * Verified email (issue 19): codes sent by email to confirm an address or to sign in, the address
 * a shopper is changing to until its code is confirmed, and the browsers each shopper has signed
 * in from (a sign-in from one not seen before gets a security notice).
 */
import { type AnyDb, flag, notNull, withId, zero } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  // Expand only: an older release ignores the new column and tables.
  await db.schema.alterTable('shoppers').addColumn('pending_email', 'text').execute();

  await withId(db, db.schema.createTable('email_codes'))
    .addColumn('purpose', 'text', notNull)
    // Null for a sign-in code: the address may have no account yet.
    .addColumn('shopper_id', 'integer', (c) => c.references('shoppers.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('attempts', 'integer', zero)
    .addColumn('used', 'integer', flag)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('email_codes_email_idx')
    .on('email_codes')
    .columns(['purpose', 'email', 'created_at'])
    .execute();
  await db.schema.createIndex('email_codes_shopper_idx').on('email_codes').column('shopper_id').execute();

  await db.schema
    .createTable('shopper_browsers')
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    // SHA-256 of the browser's own random id (a long-lived httpOnly cookie).
    .addColumn('browser', 'text', notNull)
    .addColumn('first_seen_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', notNull)
    .addPrimaryKeyConstraint('shopper_browsers_pk', ['shopper_id', 'browser'])
    .execute();
}
