/**
 * Whether and how a shopper's email is verified (DESIGN §6): by a provider that asserts it
 * verified ('provider:<name>'), by the shop ('shop'), or by a code the shopper confirmed ('code').
 * Accounts are matched by email only when it is verified, so an address a shopper merely typed
 * can no longer pull someone else's sign-in or shop records into their account.
 *
 * Existing shoppers count as verified only where one of their own identities asserted the very
 * address they hold now; every other address starts unverified.
 */
import { sql } from 'kysely';
import type { AnyDb } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('shoppers').addColumn('email_verified_by', 'text').execute();
  await db.schema.alterTable('shoppers').addColumn('email_verified_at', 'text').execute();
  const asserting = sql`from shopper_identities i
    where i.shopper_id = shoppers.id and i.email_verified = 1 and shoppers.email <> ''
      and lower(i.email) = lower(shoppers.email)`;
  await sql`update shoppers set
      email_verified_by = (select 'provider:' || i.provider ${asserting} order by i.id limit 1),
      email_verified_at = (select i.created_at ${asserting} order by i.id limit 1)`.execute(db);
  await db.schema
    .createIndex('shoppers_verified_email_idx')
    .on('shoppers')
    .expression(sql`lower(email)`)
    .where(sql.ref('email_verified_by'), 'is not', null)
    .execute();
}
