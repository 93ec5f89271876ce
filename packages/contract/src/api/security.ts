/**
 * The account security centre (issue 20): the shopper's sessions and devices, the sign-in methods
 * of the account (linked provider identities, sign-in by emailed code, passkeys) and the WebAuthn
 * ceremonies that add a passkey and sign in with one.
 */
import { z } from 'zod';
import { LINKABLE_PROVIDERS } from '../domain/sign-in-methods.js';

/** A session's opaque public id (never its token or the token's hash). */
export const SessionIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'ac_FieldInvalidMessage'),
});

export const SessionInfo = z.object({
  id: z.string(),
  /** The session making this request ('This device'). */
  current: z.boolean(),
  /** 'desktop', 'mobile', 'tablet' or 'tv'. */
  device: z.string().nullable(),
  /** 'Chrome 131'. */
  browser: z.string().nullable(),
  /** 'macOS 14.1'. */
  os: z.string().nullable(),
  /** How the shopper signed in: a provider name, 'email' or 'passkey'. */
  method: z.string().nullable(),
  /** The client address cut to its network: '198.51.100.0/24', '2001:db8:1::/48'. */
  clientAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionList = z.object({ sessions: z.array(SessionInfo) });
export type SessionList = z.infer<typeof SessionList>;

/** DELETE /security/sessions?others=true: the one spelling it takes, so nothing is ended by accident. */
export const EndOtherSessionsQuery = z.object({
  others: z.literal('true', { error: 'ac_FieldInvalidMessage' }),
});

export const LinkedIdentity = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** The account's name or email at the provider, when it told one. */
  label: z.string().nullable(),
  linkedAt: z.string(),
  lastUsedAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentity>;

export const PasskeyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to the shopper's other devices by their password manager. */
  synced: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof PasskeyInfo>;

export const SignInMethods = z.object({
  identities: z.array(LinkedIdentity),
  /** The verified address an emailed code signs in with; null when that sign-in is off or the email unverified. */
  emailSignIn: z.string().nullable(),
  passkeys: z.array(PasskeyInfo),
  /** Providers the shop has enabled that this account has not linked yet. */
  linkable: z.array(z.enum(LINKABLE_PROVIDERS)),
});
export type SignInMethods = z.infer<typeof SignInMethods>;

/** The state a link started with: a provider whose data travels in a URL brings it back (Telegram). */
export const LinkStarted = z.object({ state: z.string() });

export const LinkParams = z.object({ provider: z.enum(LINKABLE_PROVIDERS, { error: 'ac_FieldInvalidMessage' }) });

export const PasskeyName = z
  .string({ error: 'ac_PasskeyNameRequired' })
  .trim()
  .min(1, 'ac_PasskeyNameRequired')
  .max(64, 'ac_PasskeyNameTooLong');

export const RenamePasskeyBody = z.object({ name: PasskeyName });

/** The options a WebAuthn ceremony starts with, as @simplewebauthn/browser takes them (…OptionsJSON). */
export const WebAuthnOptions = z.object({ options: z.record(z.string(), z.unknown()) });

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'ac_FieldInvalidMessage');
const credentialBase = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
  /** What the browser's extensions answered; nothing of it is used, so nothing of it is kept. */
  clientExtensionResults: z.unknown().transform(() => ({})),
};

/** A new credential as navigator.credentials.create() answers it (RegistrationResponseJSON). */
export const RegistrationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** A signed challenge as navigator.credentials.get() answers it (AuthenticationResponseJSON). */
export const AuthenticationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65_536),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
});

export const AddPasskeyBody = z.object({ name: PasskeyName, credential: RegistrationCredential });
export const PasskeySignInBody = z.object({ credential: AuthenticationCredential });
