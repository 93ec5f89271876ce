/**
 * Campaign claim codes are entered case-insensitively (POST /voucher/claim/{code}), so they must be
 * unique regardless of case, and the lookup by lower(claim_code) gets an index.
 */
import { type AnyDb, lowerExpr } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('voucher_campaigns_claim_code_lower_idx')
    .on('voucher_campaigns')
    .unique()
    .expression(lowerExpr('claim_code'))
    .execute();
}
