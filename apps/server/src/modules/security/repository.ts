import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/connection.js';
import type { Database } from '../../db/types.js';

export interface StoredPasskey {
  id: number;
  shopperId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string | null;
}

export interface NewPasskey {
  shopperId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string | null;
  backedUp: boolean;
  name: string;
  createdAt: string;
}

/** What removing a sign-in method came to. */
export type Removal =
  | { removed: 'identity'; provider: string }
  | { removed: 'passkey'; name: string }
  | 'missing'
  | 'last';

const passkeyColumns = ['id', 'name', 'createdAt', 'lastUsedAt', 'backedUp'] as const;

export function securityRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    identities(shopperId: number) {
      return db
        .selectFrom('shopperIdentities')
        .select(['id', 'provider', 'email', 'displayName', 'createdAt', 'lastUsedAt'])
        .where('shopperId', '=', shopperId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    passkeys(shopperId: number) {
      return db
        .selectFrom('passkeys')
        .select(passkeyColumns)
        .where('shopperId', '=', shopperId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** The shopper's credentials, so an authenticator is not registered twice. */
    credentialsOf(shopperId: number) {
      return db
        .selectFrom('passkeys')
        .select(['credentialId', 'transports'])
        .where('shopperId', '=', shopperId)
        .execute();
    },

    /** The email an emailed code signs in with, and the names a passkey is registered under. */
    shopper(shopperId: number) {
      return db
        .selectFrom('shoppers')
        .select(['email', 'emailVerifiedBy', 'firstName', 'lastName'])
        .where('id', '=', shopperId)
        .executeTakeFirst();
    },

    passkeyByCredential(credentialId: string): Promise<StoredPasskey | undefined> {
      return db
        .selectFrom('passkeys')
        .select(['id', 'shopperId', 'credentialId', 'publicKey', 'counter', 'transports'])
        .where('credentialId', '=', credentialId)
        .executeTakeFirst();
    },

    /** Stores a new passkey; false when the credential is registered already (to anyone). */
    async addPasskey(passkey: NewPasskey) {
      const { backedUp, ...rest } = passkey;
      return db
        .insertInto('passkeys')
        .values({ ...rest, backedUp: backedUp ? 1 : 0 })
        .onConflict((oc) => oc.column('credentialId').doNothing())
        .returning(passkeyColumns)
        .executeTakeFirst();
    },

    renamePasskey(shopperId: number, id: number, name: string) {
      return db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('shopperId', '=', shopperId)
        .returning(passkeyColumns)
        .executeTakeFirst();
    },

    /**
     * Notes a use and its signature counter. Only a counter above the stored one is taken (or 0
     * for authenticators that keep none), so of two uses racing with one response only one counts.
     */
    async usePasskey(id: number, previous: number, counter: number, backedUp: boolean, now: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ counter, backedUp: backedUp ? 1 : 0, lastUsedAt: now })
        .where('id', '=', id)
        .where('counter', '=', previous)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Removes one of the shopper's identities or passkeys unless it is the last way left to sign
     * in. The shopper's row is locked first (PostgreSQL; SQLite writes one at a time anyway), so
     * two removals at once cannot each see the other's method still there.
     */
    removeMethod(
      shopperId: number,
      method: { identity: number } | { passkey: number },
      emailSignIn: boolean,
    ): Promise<Removal> {
      return db
        .transaction()
        .execute(async (trx) => {
          const lock = trx.selectFrom('shoppers').select(['email', 'emailVerifiedBy']).where('id', '=', shopperId);
          const shopper = await (kind === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
          if (!shopper) return 'missing';
          let removal: Removal;
          if ('identity' in method) {
            const gone = await trx
              .deleteFrom('shopperIdentities')
              .where('id', '=', method.identity)
              .where('shopperId', '=', shopperId)
              .returning('provider')
              .executeTakeFirst();
            if (!gone) return 'missing';
            removal = { removed: 'identity', provider: gone.provider };
          } else {
            const gone = await trx
              .deleteFrom('passkeys')
              .where('id', '=', method.passkey)
              .where('shopperId', '=', shopperId)
              .returning('name')
              .executeTakeFirst();
            if (!gone) return 'missing';
            removal = { removed: 'passkey', name: gone.name };
          }
          const byEmail = emailSignIn && shopper.emailVerifiedBy !== null && shopper.email !== '';
          const [identities, passkeys] = await Promise.all([
            trx
              .selectFrom('shopperIdentities')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('shopperId', '=', shopperId)
              .executeTakeFirstOrThrow(),
            trx
              .selectFrom('passkeys')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('shopperId', '=', shopperId)
              .executeTakeFirstOrThrow(),
          ]);
          if (!byEmail && Number(identities.n) + Number(passkeys.n) === 0) throw new LastMethod();
          return removal;
        })
        .catch((error: unknown) => {
          if (error instanceof LastMethod) return 'last' as const;
          throw error;
        });
    },

    async saveChallenge(challenge: {
      challenge: string;
      purpose: 'register' | 'sign-in';
      shopperId: number | null;
      flow: string | null;
      expiresAt: string;
      now: string;
    }): Promise<void> {
      const { now, ...row } = challenge;
      await db.deleteFrom('webauthnChallenges').where('expiresAt', '<=', now).execute();
      await db.insertInto('webauthnChallenges').values(row).execute();
    },

    /** Takes a challenge out of the store: each is answered once, whatever the answer. */
    takeChallenge(challenge: string, purpose: 'register' | 'sign-in') {
      return db
        .deleteFrom('webauthnChallenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .returning(['shopperId', 'flow', 'expiresAt'])
        .executeTakeFirst();
    },
  };
}

/** Thrown inside the removal's transaction to undo it. */
class LastMethod extends Error {}

export type SecurityRepository = ReturnType<typeof securityRepository>;
