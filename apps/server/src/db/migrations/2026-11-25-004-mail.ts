/**
 * Email (issue 19): the outbox of the demo transport (emails kept instead of sent, read at
 * /demo-mail), and the queue of security notices, which are retried until a mail server accepts
 * them and leased by one instance at a time so that each goes out once.
 */
import { type AnyDb, notNull, withId, zero } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('recipient', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('html', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('mail_queue'))
    .addColumn('recipient', 'text', notNull)
    // The shopper's language preference ('nl-NL'); null for the shop's default.
    .addColumn('language', 'text')
    // What happened (JSON); worded when sent, so the shop's current name and logo are used.
    .addColumn('message', 'text', notNull)
    // 'pending', 'sent' or 'failed' (given up on).
    .addColumn('state', 'text', notNull)
    .addColumn('attempts', 'integer', zero)
    .addColumn('next_attempt_at', 'text', notNull)
    // Until when an instance is sending it; another instance may take it over afterwards.
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['state', 'next_attempt_at']).execute();
}
