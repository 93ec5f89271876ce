/**
 * A sign-in code belongs to the browser that asked for it (issue 44): its row keeps the SHA-256 of
 * that browser's sign-in flow, and only that flow's codes are found, tried and replaced. A stranger
 * submitting wrong codes for an address, or asking for new ones, no longer uses up the code the
 * shopper is typing. Null for the other purposes (a shopper's own codes).
 */
import type { AnyDb } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  // Expand only: an older release ignores the column (its sign-in codes then match no flow).
  await db.schema.alterTable('email_codes').addColumn('flow_hash', 'text').execute();
}
