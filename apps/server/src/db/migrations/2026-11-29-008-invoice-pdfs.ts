/**
 * Kept invoice PDFs: an invoice rendered once (for its download, a data export, or ahead of one)
 * is kept, so that the next download or export sends it without rendering again. Additive only:
 * one new table.
 *
 * - invoice_id: one kept PDF per invoice (the latest rendering); it goes with its invoice, and so
 *   with the order.
 * - shopper_id: whose it is, so that erasing the account deletes it (the PDF holds the addresses).
 * - input_key: the digest of everything the rendering took (the renderer's version, the invoice's
 *   and order's printed parts, language, the shop's name, separators and texts); a PDF whose key
 *   differs from what a rendering would take now is stale, and is rendered anew.
 * - pdf: null while one instance renders it ahead (a claim, held until kept_at).
 */
import { type AnyDb, isPostgres, notNull } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('invoice_pdfs')
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoices.id').onDelete('cascade'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    .addColumn('input_key', 'text', notNull)
    .addColumn('pdf', isPostgres(db) ? 'bytea' : 'blob')
    /** When it was kept; for a claim, when the claim runs out. */
    .addColumn('kept_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('invoice_pdfs_shopper_idx').on('invoice_pdfs').column('shopper_id').execute();
}
