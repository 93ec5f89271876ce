/**
 * Privacy (issue 21): a deletion the shopper asked for waits in deletion_due_at for the shop's
 * grace period; an erased account stays as an anonymous placeholder (deleted_at set, every personal
 * column blank) so that the orders the shop must keep still point at a shopper.
 */
import { sql } from 'kysely';
import type { AnyDb } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  // Expand only: an older release ignores both columns.
  await db.schema.alterTable('shoppers').addColumn('deletion_due_at', 'text').execute();
  await db.schema.alterTable('shoppers').addColumn('deleted_at', 'text').execute();
  // The erasure job looks for due deletions on every instance: only the few waiting are indexed.
  await db.schema
    .createIndex('shoppers_deletion_due_idx')
    .on('shoppers')
    .column('deletion_due_at')
    .where(sql.ref('deletion_due_at'), 'is not', null)
    .execute();
}
