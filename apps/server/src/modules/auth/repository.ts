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

    async touchIdentity(provider: string, subject: string, now: string): Promise<void> {
      await db
        .updateTable('shopperIdentities')
        .set({ lastUsedAt: now })
        .where('provider', '=', provider)
        .where('subject', '=', subject)
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
      identity: { provider: string; subject: string; email: string | null; emailVerified: boolean },
      target: { shopperId: number } | { create: NewShopper },
      now: string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let shopperId: number;
        if ('shopperId' in target) {
          shopperId = target.shopperId;
        } else {
          const created = await trx
            .insertInto('shoppers')
            .values({
              ...target.create,
              ...(identity.emailVerified && target.create.email !== ''
                ? { emailVerifiedBy: `provider:${identity.provider}`, emailVerifiedAt: now }
                : {}),
              telephone: '',
              gender: 1,
              firstTimeLogin: 1,
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          shopperId = created.id;
        }
        const inserted = await trx
          .insertInto('shopperIdentities')
          .values({
            shopperId,
            provider: identity.provider,
            subject: identity.subject,
            email: identity.email,
            emailVerified: identity.emailVerified ? 1 : 0,
            createdAt: now,
            lastUsedAt: now,
          })
          .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
          .returning('shopperId')
          .executeTakeFirst();
        if (inserted) {
          if (!('shopperId' in target)) {
            const { email, firstName, lastName } = target.create;
            await recordEvent(trx, {
              shopperId,
              type: 'account.created',
              data: { email, firstName, lastName, provider: identity.provider },
            });
          }
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
