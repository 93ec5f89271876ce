/**
 * The account security centre (issue 20): what each session was made with (device, browser, sign-in
 * method, a truncated client address) under an opaque public id the shopper's calls name it by;
 * the name an identity has at its provider; passkeys (WebAuthn credentials) and the single-use
 * challenges of their ceremonies.
 */
import { sql } from 'kysely';
import { type AnyDb, flag, isPostgres, notNull, withId, zero } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  // Expand only: an older release neither reads nor writes these columns, and a session it makes
  // gets its public id when its shopper first lists the sessions.
  for (const column of ['public_id', 'method', 'browser', 'os', 'device', 'client_address']) {
    await db.schema.alterTable('sessions').addColumn(column, 'text').execute();
  }
  const random = isPostgres(db)
    ? sql`md5(random()::text || clock_timestamp()::text || id)`
    : sql`lower(hex(randomblob(16)))`;
  await sql`update sessions set public_id = ${random}`.execute(db);
  await db.schema.createIndex('sessions_public_id_key').unique().on('sessions').column('public_id').execute();

  await db.schema.alterTable('shopper_identities').addColumn('display_name', 'text').execute();

  await withId(db, db.schema.createTable('passkeys'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    // The credential id (base64url) the authenticator names it by.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    // The COSE public key, base64url.
    .addColumn('public_key', 'text', notNull)
    .addColumn('counter', 'bigint', zero)
    // JSON array of the transports the authenticator reported ('internal', 'usb', 'hybrid', ...).
    .addColumn('transports', 'text')
    .addColumn('backed_up', 'integer', flag)
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_shopper_idx').on('passkeys').column('shopper_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    // 'register' (bound to the shopper adding a passkey) or 'sign-in' (bound to a browser's flow).
    .addColumn('purpose', 'text', notNull)
    .addColumn('shopper_id', 'integer', (c) => c.references('shoppers.id').onDelete('cascade'))
    .addColumn('flow', 'text')
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();
}
