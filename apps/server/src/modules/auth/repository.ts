import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { recordEvent } from '../webhooks/outbox.js';

export interface NewShopper {
  email: string;
  firstName: string;
  lastName: string;
  defaultLanguage: string;
  defaultCountry: string;
  defaultCurrency: string;
}

/** A new shopper starting with first-time login; `verifiedBy` vouches for the email when given. */
async function insertShopper(
  trx: Kysely<Database>,
  shopper: NewShopper,
  verifiedBy: string | null,
  now: string,
): Promise<number> {
  const created = await trx
    .insertInto('shoppers')
    .values({
      ...shopper,
      ...(verifiedBy === null ? {} : { emailVerifiedBy: verifiedBy, emailVerifiedAt: now }),
      telephone: '',
      gender: 1,
      firstTimeLogin: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

function recordCreated(trx: Kysely<Database>, shopperId: number, shopper: NewShopper, provider: string) {
  const { email, firstName, lastName } = shopper;
  return recordEvent(trx, { shopperId, type: 'account.created', data: { email, firstName, lastName, provider } });
}

/** What a verified identity tells of the account at its provider. */
export interface IdentityDetails {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const displayNameOf = (identity: IdentityDetails) => `${identity.firstName} ${identity.lastName}`.trim() || null;

export function authRepository(db: Kysely<Database>) {
  return {
    async shopperByIdentity(provider: string, subject: string): Promise<number | null> {
      const row = await db
        .selectFrom('shopperIdentities')
        .select('shopperId')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.shopperId ?? null;
    },

    /** Notes a sign-in with the identity, and what the provider now says of the account. */
    async touchIdentity(identity: IdentityDetails, now: string): Promise<void> {
      await db
        .updateTable('shopperIdentities')
        .set({
          lastUsedAt: now,
          displayName: displayNameOf(identity),
          ...(identity.email && { email: identity.email, emailVerified: identity.emailVerified ? 1 : 0 }),
        })
        .where('provider', '=', identity.provider)
        .where('subject', '=', identity.subject)
        .execute();
    },

    /** The shopper holding this address as a verified email (DESIGN §6); a typed address never matches. */
    async shopperByVerifiedEmail(email: string): Promise<number | null> {
      const row = await db
        .selectFrom('shoppers')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('emailVerifiedBy', 'is not', null)
        .orderBy('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Links the identity to an existing shopper, or creates the shopper first. Returns the shopper
     * id that owns the identity afterwards (another request may have linked it first).
     */
    async link(
      identity: IdentityDetails,
      target: { shopperId: number } | { create: NewShopper },
      now: string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let shopperId: number;
        if ('shopperId' in target) {
          shopperId = target.shopperId;
        } else {
          shopperId = await insertShopper(
            trx,
            target.create,
            identity.emailVerified && target.create.email !== '' ? `provider:${identity.provider}` : null,
            now,
          );
        }
        const inserted = await trx
          .insertInto('shopperIdentities')
          .values({
            shopperId,
            provider: identity.provider,
            subject: identity.subject,
            email: identity.email,
            emailVerified: identity.emailVerified ? 1 : 0,
            displayName: displayNameOf(identity),
            createdAt: now,
            lastUsedAt: now,
          })
          .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
          .returning('shopperId')
          .executeTakeFirst();
        if (inserted) {
          if (!('shopperId' in target)) await recordCreated(trx, shopperId, target.create, identity.provider);
          return inserted.shopperId;
        }
        // Someone linked the same identity concurrently: undo our shopper, use theirs.
        if (!('shopperId' in target)) await trx.deleteFrom('shoppers').where('id', '=', shopperId).execute();
        const existing = await trx
          .selectFrom('shopperIdentities')
          .select('shopperId')
          .where('provider', '=', identity.provider)
          .where('subject', '=', identity.subject)
          .executeTakeFirstOrThrow();
        return existing.shopperId;
      });
    },

    /** A new shopper whose email an emailed code has just proven (sign-in with an emailed code). */
    createWithVerifiedEmail(shopper: NewShopper, now: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const shopperId = await insertShopper(trx, shopper, 'code', now);
        await recordCreated(trx, shopperId, shopper, 'email');
        return shopperId;
      });
    },

    /**
     * Notes a sign-in from this browser; answers whether the browser is new to the shopper and
     * whether the shopper had signed in from any other browser before (the first one is no news).
     */
    rememberBrowser(shopperId: number, browser: string, now: string): Promise<{ isNew: boolean; hadOthers: boolean }> {
      return db.transaction().execute(async (trx) => {
        const seen = await trx
          .updateTable('shopperBrowsers')
          .set({ lastSeenAt: now })
          .where('shopperId', '=', shopperId)
          .where('browser', '=', browser)
          .executeTakeFirst();
        if (Number(seen.numUpdatedRows) > 0) return { isNew: false, hadOthers: true };
        const other = await trx
          .selectFrom('shopperBrowsers')
          .select('browser')
          .where('shopperId', '=', shopperId)
          .limit(1)
          .executeTakeFirst();
        await trx
          .insertInto('shopperBrowsers')
          .values({ shopperId, browser, firstSeenAt: now, lastSeenAt: now })
          .onConflict((oc) => oc.columns(['shopperId', 'browser']).doUpdateSet({ lastSeenAt: now }))
          .execute();
        return { isNew: true, hadOthers: other !== undefined };
      });
    },

    async saveFlow(flow: {
      state: string;
      provider: string;
      codeVerifier: string;
      nonce: string;
      returnTo: string | null;
      createdAt: string;
      expiresAt: string;
    }): Promise<void> {
      await db.insertInto('loginFlows').values(flow).execute();
    },

    /** Takes a login flow out of the store: each state can be used once. */
    async takeFlow(state: string) {
      return db.transaction().execute(async (trx) => {
        const flow = await trx
          .selectFrom('loginFlows')
          .select(['provider', 'codeVerifier', 'nonce', 'returnTo', 'expiresAt'])
          .where('state', '=', state)
          .executeTakeFirst();
        if (!flow) return null;
        const removed = await trx.deleteFrom('loginFlows').where('state', '=', state).executeTakeFirst();
        return Number(removed.numDeletedRows) === 1 ? flow : null;
      });
    },

    /** Records a single-use value; false when it was recorded before (a replay). */
    async recordOnce(key: string, provider: string, now: string, expiresAt: string): Promise<boolean> {
      const inserted = await db
        .insertInto('loginFlows')
        .values({ state: key, provider, codeVerifier: '', nonce: '', returnTo: null, createdAt: now, expiresAt })
        .onConflict((oc) => oc.column('state').doNothing())
        .returning('state')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async removeExpiredFlows(now: string): Promise<void> {
      await db.deleteFrom('loginFlows').where('expiresAt', '<=', now).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
