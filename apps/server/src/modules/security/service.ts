/**
 * The account security centre's rules (issue 20): which sign-in methods an account has and may
 * still link, the rule that the last way to sign in cannot be removed, and passkeys: the WebAuthn
 * ceremonies (@simplewebauthn/server) with single-use, short-lived challenges, the relying party
 * from PUBLIC_URL, signature counters checked and user verification preferred.
 */
import { createHmac } from 'node:crypto';
import {
  type AuthenticationCredential,
  ERROR_CODES,
  type LinkableProvider,
  type PasskeyInfo,
  type RegistrationCredential,
  type SignInMethods,
} from '@account/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import { AppError, fieldErrors, notFound } from '../../errors.js';
import { SignInRejected } from '../../integrations/identity/identity.js';
import type { SecurityRepository } from './repository.js';

/**
 * The WebAuthn library, loaded at the first passkey ceremony: with its ASN.1 and COSE dependencies
 * it is about 300 modules, a fifth of the server's start (DESIGN §8: start < 2 s).
 */
const webauthn = () => import('@simplewebauthn/server');

/** How long a WebAuthn ceremony may take, from its options to its answer. */
const CEREMONY_TTL_MS = 5 * 60_000;

/** A change of the account's sign-in methods, for its security notice. */
export type MethodChange =
  | { change: 'linked' | 'removed'; method: 'identity'; provider: string }
  | { change: 'linked' | 'removed'; method: 'passkey'; name: string };

export interface SecurityOptions {
  repository: SecurityRepository;
  /** The relying party (PUBLIC_URL's host and origin); null when passkeys are off. */
  passkeys: { rpId: string; origin: string } | null;
  /** Keys the opaque WebAuthn user handle of each shopper. */
  secret: string;
  /** The providers the shop has enabled, in the login page's order. */
  providers: readonly LinkableProvider[];
  /** Whether an emailed code signs in (a mail transport is configured). */
  emailSignIn: boolean;
  companyName(): Promise<string>;
  /** Tells the shopper's verified email of a method added or removed; never fails the change. */
  onChange(shopperId: number, change: MethodChange): Promise<void>;
  now?: () => Date;
}

type Registration = z.output<typeof RegistrationCredential>;
type Authentication = z.output<typeof AuthenticationCredential>;

const passkeyInfo = (row: {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: number;
}): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  synced: row.backedUp === 1,
});

/** The challenge a credential answers, from its client data; null when it cannot be read. */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

const passkeyNotAdded = () => fieldErrors({ Credential: 'ac_PasskeyNotAdded' }, 'The passkey could not be added');
const lastMethod = () =>
  new AppError(409, ERROR_CODES.lastSignInMethod, 'This is the last way to sign in to the account: add another first');

export function securityService(options: SecurityOptions) {
  const { repository } = options;
  const now = options.now ?? (() => new Date());

  function relyingParty() {
    if (!options.passkeys) throw notFound('Passkeys are off');
    return options.passkeys;
  }

  /** The WebAuthn user handle: stable per shopper, and saying nothing of who it is. */
  const userHandle = (shopperId: number) =>
    new Uint8Array(createHmac('sha256', options.secret).update(`webauthn-user|${shopperId}`).digest());

  async function remove(shopperId: number, method: { identity: number } | { passkey: number }) {
    const removal = await repository.removeMethod(shopperId, method, options.emailSignIn);
    if (removal === 'missing') throw notFound('No such sign-in method');
    if (removal === 'last') throw lastMethod();
    await options.onChange(
      shopperId,
      removal.removed === 'identity'
        ? { change: 'removed', method: 'identity', provider: removal.provider }
        : { change: 'removed', method: 'passkey', name: removal.name },
    );
  }

  return {
    async signInMethods(shopperId: number): Promise<SignInMethods> {
      const [identities, passkeys, shopper] = await Promise.all([
        repository.identities(shopperId),
        options.passkeys ? repository.passkeys(shopperId) : Promise.resolve([]),
        repository.shopper(shopperId),
      ]);
      const linked = new Set(identities.map((identity) => identity.provider));
      return {
        identities: identities.map((identity) => ({
          id: identity.id,
          provider: identity.provider,
          label: identity.email ?? identity.displayName,
          linkedAt: identity.createdAt,
          lastUsedAt: identity.lastUsedAt,
        })),
        emailSignIn:
          options.emailSignIn && shopper && shopper.emailVerifiedBy !== null && shopper.email !== ''
            ? shopper.email
            : null,
        passkeys: passkeys.map(passkeyInfo),
        linkable: options.providers.filter((provider) => !linked.has(provider)),
      };
    },

    providerEnabled: (provider: LinkableProvider) => options.providers.includes(provider),

    removeIdentity: (shopperId: number, id: number) => remove(shopperId, { identity: id }),
    removePasskey: (shopperId: number, id: number) => remove(shopperId, { passkey: id }),

    async renamePasskey(shopperId: number, id: number, name: string): Promise<PasskeyInfo> {
      const renamed = await repository.renamePasskey(shopperId, id, name);
      if (!renamed) throw notFound('No such passkey');
      return passkeyInfo(renamed);
    },

    /** Creation options for a new passkey of the shopper; its challenge is kept for one answer. */
    async registrationOptions(shopperId: number): Promise<Record<string, unknown>> {
      const party = relyingParty();
      const [shopper, credentials, companyName] = await Promise.all([
        repository.shopper(shopperId),
        repository.credentialsOf(shopperId),
        options.companyName(),
      ]);
      if (!shopper) throw notFound('No such account');
      const fullName = `${shopper.firstName} ${shopper.lastName}`.trim();
      const { generateRegistrationOptions } = await webauthn();
      const creation = await generateRegistrationOptions({
        rpName: companyName,
        rpID: party.rpId,
        userID: userHandle(shopperId),
        userName: shopper.email || fullName || `${companyName} account`,
        userDisplayName: fullName || shopper.email,
        timeout: CEREMONY_TTL_MS,
        attestationType: 'none',
        excludeCredentials: credentials.map((c) => ({
          id: c.credentialId,
          ...(c.transports && { transports: JSON.parse(c.transports) as string[] }),
        })),
        // Discoverable: the login page signs in with it without asking who the shopper is.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const at = now();
      await repository.saveChallenge({
        challenge: creation.challenge,
        purpose: 'register',
        shopperId,
        flow: null,
        expiresAt: new Date(at.getTime() + CEREMONY_TTL_MS).toISOString(),
        now: at.toISOString(),
      });
      return { ...creation };
    },

    /** Adds the passkey created for one of the shopper's registration challenges. */
    async addPasskey(shopperId: number, name: string, credential: Registration): Promise<PasskeyInfo> {
      const party = relyingParty();
      const challenge = answeredChallenge(credential.response.clientDataJSON);
      const taken = challenge ? await repository.takeChallenge(challenge, 'register') : undefined;
      if (!challenge || !taken || taken.shopperId !== shopperId || Date.parse(taken.expiresAt) <= now().getTime()) {
        throw passkeyNotAdded();
      }
      const { verifyRegistrationResponse } = await webauthn();
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          // why: the contract's schema is RegistrationResponseJSON as the browser sends it; the
          // library's type spells its open-ended extension results and transports more narrowly.
          response: credential as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: party.origin,
          expectedRPID: party.rpId,
          requireUserVerification: false,
        });
      } catch {
        throw passkeyNotAdded();
      }
      if (!verified.verified) throw passkeyNotAdded();
      const { credential: created, credentialBackedUp } = verified.registrationInfo;
      const added = await repository.addPasskey({
        shopperId,
        credentialId: created.id,
        publicKey: Buffer.from(created.publicKey).toString('base64url'),
        counter: created.counter,
        transports: created.transports?.length ? JSON.stringify(created.transports) : null,
        backedUp: credentialBackedUp,
        name,
        createdAt: now().toISOString(),
      });
      if (!added) throw passkeyNotAdded();
      await options.onChange(shopperId, { change: 'linked', method: 'passkey', name });
      return passkeyInfo(added);
    },

    /** Request options for signing in with any passkey of this site; the challenge is bound to `flow`. */
    async signInOptions(flow: string): Promise<Record<string, unknown>> {
      const party = relyingParty();
      const { generateAuthenticationOptions } = await webauthn();
      const request = await generateAuthenticationOptions({
        rpID: party.rpId,
        userVerification: 'preferred',
        timeout: CEREMONY_TTL_MS,
      });
      const at = now();
      await repository.saveChallenge({
        challenge: request.challenge,
        purpose: 'sign-in',
        shopperId: null,
        flow,
        expiresAt: new Date(at.getTime() + CEREMONY_TTL_MS).toISOString(),
        now: at.toISOString(),
      });
      return { ...request };
    },

    /**
     * The shopper a passkey's answer to this flow's challenge proves. The challenge is used up by
     * the first answer, right or wrong; a counter that did not move forward is refused.
     */
    async signInWithPasskey(flow: string, credential: Authentication): Promise<number> {
      const party = relyingParty();
      const challenge = answeredChallenge(credential.response.clientDataJSON);
      const taken = challenge ? await repository.takeChallenge(challenge, 'sign-in') : undefined;
      if (!challenge || !taken) throw new SignInRejected('Unknown, used or expired passkey challenge');
      if (taken.flow !== flow) throw new SignInRejected('The passkey challenge belongs to another browser');
      if (Date.parse(taken.expiresAt) <= now().getTime()) throw new SignInRejected('Expired passkey challenge');
      const passkey = await repository.passkeyByCredential(credential.id);
      if (!passkey) throw new SignInRejected('Unknown passkey');
      const handle = credential.response.userHandle;
      if (handle && handle !== Buffer.from(userHandle(passkey.shopperId)).toString('base64url')) {
        throw new SignInRejected('The passkey answered for another user');
      }
      const { verifyAuthenticationResponse } = await webauthn();
      const result = await verifyAuthenticationResponse({
        // why: as for registration, the contract's schema is the browser's JSON, the library's type narrower.
        response: credential as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
        },
        requireUserVerification: false,
      });
      if (!result.verified) throw new SignInRejected('The passkey signature did not verify');
      const { newCounter, credentialBackedUp } = result.authenticationInfo;
      const used = await repository.usePasskey(
        passkey.id,
        passkey.counter,
        newCounter,
        credentialBackedUp,
        now().toISOString(),
      );
      if (!used) throw new SignInRejected('The passkey was used at the same time elsewhere');
      return passkey.shopperId;
    },
  };
}

export type SecurityService = ReturnType<typeof securityService>;
