/**
 * The verification of a shopper's email when an UPDATE of `shoppers` sets it (DESIGN §6): an
 * address that did not change (ignoring case) keeps its verification; a new one is verified only
 * when one of the shopper's own identities asserts that very address as verified, and is otherwise
 * unverified until confirmed. SET expressions see the row as it was, so this holds in the same
 * statement that changes the email, whatever runs concurrently.
 */
import { type RawBuilder, sql } from 'kysely';

export interface EmailVerificationSet {
  emailVerifiedBy: RawBuilder<string | null>;
  emailVerifiedAt: RawBuilder<string | null>;
}

/** 'provider:<name>' of an identity of this shopper asserting the address verified, else null. */
const assertedByIdentity = (email: string) => sql<string | null>`(select 'provider:' || i.provider
  from shopper_identities i
  where i.shopper_id = shoppers.id and i.email_verified = 1 and lower(i.email) = lower(cast(${email} as text))
  order by i.id limit 1)`;

const unchanged = (email: string) => sql<boolean>`lower(shoppers.email) = lower(cast(${email} as text))`;

/**
 * @param email the address being saved
 * @param now the time of the change
 * @param assertedBy who vouches for the new address (the shop's own verification), if anyone
 */
export function emailVerificationSet(email: string, now: string, assertedBy?: string): EmailVerificationSet {
  const keep = sql`${unchanged(email)} and shoppers.email_verified_by is not null`;
  const fresh = assertedBy === undefined ? assertedByIdentity(email) : sql<string>`cast(${assertedBy} as text)`;
  return {
    emailVerifiedBy: sql<string | null>`case when ${keep} then shoppers.email_verified_by else ${fresh} end`,
    emailVerifiedAt: sql<string | null>`case when ${keep} then shoppers.email_verified_at
      when ${fresh} is not null then cast(${now} as text) else null end`,
  };
}

/** An address nobody vouches for (the shop said it is not verified). */
export const emailUnverified = (): EmailVerificationSet => ({
  emailVerifiedBy: sql<null>`null`,
  emailVerifiedAt: sql<null>`null`,
});
