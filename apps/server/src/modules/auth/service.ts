/**
 * Turns a verified provider identity into a shopper (spec §4 Login success, issue rules):
 * an identity is (provider, subject); a first sign-in creates the shopper with first-time login
 * on; an existing shopper is matched by email only when the provider asserts the email verified
 * and the shopper's own email is verified too (DESIGN §6): an address someone merely typed into
 * an account never pulls another person's sign-in into it.
 */
import type { SettingsService } from '../settings/service.js';
import type { AuthRepository, IdentityDetails } from './repository.js';

const LOGIN_FLOW_TTL_MS = 10 * 60_000;

export interface AuthHooks {
  /** A provider identity was added to an existing shopper (matched by verified email): a security notice. */
  onLinked?: (shopperId: number, provider: string) => Promise<void>;
}

export function authService(repository: AuthRepository, settings: SettingsService, hooks: AuthHooks = {}) {
  return {
    async shopperFor(identity: IdentityDetails): Promise<number> {
      const now = new Date().toISOString();
      const known = await repository.shopperByIdentity(identity.provider, identity.subject);
      if (known !== null) {
        await repository.touchIdentity(identity, now);
        return known;
      }
      const byEmail =
        identity.emailVerified && identity.email ? await repository.shopperByVerifiedEmail(identity.email) : null;
      if (byEmail !== null) {
        const shopperId = await repository.link(identity, { shopperId: byEmail }, now);
        await hooks.onLinked?.(shopperId, identity.provider);
        return shopperId;
      }
      const defaults = await settings.defaults();
      return repository.link(
        identity,
        {
          create: {
            email: identity.email ?? '',
            firstName: identity.firstName,
            lastName: identity.lastName,
            defaultLanguage: defaults.language,
            defaultCountry: defaults.country,
            defaultCurrency: defaults.currency,
          },
        },
        now,
      );
    },

    /**
     * Adds a verified identity to a signed-in shopper (link mode, issue 20). 'taken' when it belongs
     * to another account, which then stays as it is; 'already' when it is this account's.
     */
    async linkTo(shopperId: number, identity: IdentityDetails): Promise<'linked' | 'already' | 'taken'> {
      const now = new Date().toISOString();
      const owner = await repository.shopperByIdentity(identity.provider, identity.subject);
      if (owner === shopperId) {
        await repository.touchIdentity(identity, now);
        return 'already';
      }
      if (owner !== null) return 'taken';
      if ((await repository.link(identity, { shopperId }, now)) !== shopperId) return 'taken';
      await hooks.onLinked?.(shopperId, identity.provider);
      return 'linked';
    },

    /**
     * The shopper an emailed sign-in code has proven this address for: the account holding it as
     * its verified email, else a new account (first-time login) with the address verified.
     */
    async shopperForEmail(email: string): Promise<number> {
      const known = await repository.shopperByVerifiedEmail(email);
      if (known !== null) return known;
      const defaults = await settings.defaults();
      return repository.createWithVerifiedEmail(
        {
          email,
          firstName: '',
          lastName: '',
          defaultLanguage: defaults.language,
          defaultCountry: defaults.country,
          defaultCurrency: defaults.currency,
        },
        new Date().toISOString(),
      );
    },

    async rememberFlow(flow: { state: string; provider: string; codeVerifier: string; nonce: string }) {
      const now = Date.now();
      await repository.removeExpiredFlows(new Date(now).toISOString());
      await repository.saveFlow({
        ...flow,
        returnTo: null,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + LOGIN_FLOW_TTL_MS).toISOString(),
      });
    },

    /**
     * Accepts a signed sign-in only the first time it is presented (until it would expire anyway):
     * for providers whose signed data can otherwise be replayed within its lifetime.
     */
    async firstUse(provider: string, signature: string, validUntil: Date): Promise<boolean> {
      const now = new Date();
      await repository.removeExpiredFlows(now.toISOString());
      return repository.recordOnce(
        `${provider}:used:${signature}`,
        `${provider}-used`,
        now.toISOString(),
        validUntil.toISOString(),
      );
    },

    /** The stored flow for a state, once; null when unknown, used or expired. */
    async takeFlow(state: string, provider: string) {
      const flow = await repository.takeFlow(state);
      if (!flow || flow.provider !== provider || Date.parse(flow.expiresAt) <= Date.now()) return null;
      return flow;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
