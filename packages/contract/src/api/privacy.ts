/**
 * Privacy (issue 21): the shopper's own data as a download (GDPR Art. 15/20) and the deletion of
 * the account (Art. 17). PersonalData is account.json of the download and the `personalData` of
 * the integration API's shopper export: everything the account area stores of one shopper, table by
 * table, without secrets (code and session hashes) and without anything of another shopper.
 */
import { z } from 'zod';
import { CalendarDate, Money, Timestamp } from '../domain/entities.js';
import { LIMITS, VERIFICATION_CODE } from '../domain/rules.js';

/** How the shopper confirms a deletion: a code emailed to their verified address, or a typed word after a recent sign-in. */
export const DELETION_CONFIRMATIONS = ['emailCode', 'typedWord'] as const;
export type DeletionConfirmation = (typeof DELETION_CONFIRMATIONS)[number];

/** GET /privacy: what the privacy card needs to offer the download and the deletion. */
export const PrivacyInfo = z.object({
  deletionConfirmation: z.enum(DELETION_CONFIRMATIONS),
  /** typedWord only: the sign-in is too old to delete now; the shopper signs in again first. */
  signInAgain: z.boolean(),
  /** Days the shop waits before erasing (0: at once); signing in meanwhile cancels the deletion. */
  graceDays: z.number().int(),
  /** The address an emailCode confirmation goes to. */
  email: z.string().nullable(),
  /** A deletion asked for and not yet carried out: when it will be. */
  deletionDueAt: Timestamp.nullable(),
});
export type PrivacyInfo = z.infer<typeof PrivacyInfo>;

/** POST /privacy/delete-account: the emailed code, or the typed word (in any of the shop's languages). */
export const DeleteAccountBody = z.object({
  code: z.string().trim().regex(VERIFICATION_CODE, 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired').optional(),
  confirmation: z.string().trim().max(LIMITS.sharedTextMaxLength, 'ac_DeleteAccountWordMismatch').optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** deleted: erased now; scheduled: erased at dueAt unless the shopper signs in before. */
export const DeleteAccountResponse = z.object({
  outcome: z.enum(['deleted', 'scheduled']),
  dueAt: Timestamp.nullable(),
});
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

export const SendDeletionCodeResponse = z.object({ emailVerifyExpireIn: z.number().int() });

/** The shopper's own fields (table shoppers). */
const ExportedShopper = z.object({
  id: z.number().int(),
  /** Issue 47: alerts for the whole wishlist, items added later included. */
  wishlistAlerts: z.boolean(),
  /** The shop's own id of the shopper, when the shop sent them. */
  externalId: z.string().nullable(),
  email: z.string(),
  /** How the email was verified ('provider:<name>', 'shop', 'code'); null while unverified. */
  emailVerifiedBy: z.string().nullable(),
  emailVerifiedAt: Timestamp.nullable(),
  pendingEmail: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** As the account API answers it (spec §3). */
  gender: z.number().int(),
  birthDate: CalendarDate.nullable(),
  telephone: z.string(),
  telephoneVerifiedAt: Timestamp.nullable(),
  imageUrl: z.string().nullable(),
  language: z.string(),
  country: z.string(),
  currency: z.string(),
  firstTimeLogin: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** A deletion asked for and not yet carried out. */
  deletionDueAt: Timestamp.nullable(),
});

const ExportedAddress = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  vatNumber: z.string(),
  addressType: z.number().int(),
  email: z.string(),
  telephone: z.string(),
  country: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  houseNumberSuffix: z.string(),
  zipCode: z.string(),
  city: z.string(),
  isBilling: z.boolean(),
  isShipping: z.boolean(),
  extraFields: z.record(z.string(), z.string()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const ExportedProductRef = z.object({ productId: z.number().int(), name: z.string(), url: z.string().nullable() });

/** Everything the account area stores of one shopper (account.json of the download). */
export const PersonalData = z.object({
  exportedAt: Timestamp,
  shopper: ExportedShopper,
  signInMethods: z.array(
    z.object({
      provider: z.string(),
      /** The provider's own id of the shopper. */
      subject: z.string(),
      /** The name the shopper has at the provider. */
      displayName: z.string().nullable(),
      email: z.string().nullable(),
      emailVerified: z.boolean(),
      createdAt: Timestamp,
      lastUsedAt: Timestamp,
    }),
  ),
  /** Signed-in sessions; their ids (hashes of the cookie) are secrets and left out. */
  sessions: z.array(
    z.object({
      createdAt: Timestamp,
      lastSeenAt: Timestamp,
      expiresAt: Timestamp,
      /** How the session signed in: a provider, 'email' or 'passkey'. */
      method: z.string().nullable(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      device: z.string().nullable(),
      /** The client address cut to its network. */
      clientAddress: z.string().nullable(),
    }),
  ),
  /** Passkeys; their public keys and credential ids are left out. */
  passkeys: z.array(
    z.object({
      name: z.string(),
      transports: z.array(z.string()),
      backedUp: z.boolean(),
      createdAt: Timestamp,
      lastUsedAt: Timestamp.nullable(),
    }),
  ),
  /** Browsers signed in from (recognised by a random id, kept hashed and left out). */
  browsers: z.array(z.object({ firstSeenAt: Timestamp, lastSeenAt: Timestamp })),
  addresses: z.array(ExportedAddress),
  interests: z.array(z.object({ id: z.number().int(), name: z.string() })),
  newsletters: z.array(z.object({ id: z.number().int(), name: z.string() })),
  vouchers: z.array(
    z.object({
      id: z.number().int(),
      campaign: z.string(),
      code: z.string().nullable(),
      discountPercentage: z.number(),
      discountAmount: Money,
      used: z.boolean(),
      claimDate: Timestamp.nullable(),
      redeemDate: Timestamp.nullable(),
      expireDate: Timestamp.nullable(),
      createdAt: Timestamp,
    }),
  ),
  achievements: z.array(
    z.object({
      achievementId: z.number().int(),
      name: z.string(),
      progress: z.number(),
      totalProgress: z.number(),
      claimDate: Timestamp.nullable(),
    }),
  ),
  /** Returns asked for (issue 46), with the shopper's own comment; the shop's updates are its own. */
  returns: z.array(
    z.object({
      number: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      method: z.string(),
      comment: z.string(),
      lines: z.array(
        z.object({ line: z.number().int(), name: z.string(), quantity: z.number().int(), reason: z.string() }),
      ),
      createdAt: Timestamp,
      cancelledAt: Timestamp.nullable(),
    }),
  ),
  /** `alert`: whether the shopper asked to hear of the product's changes (issue 47). */
  wishlist: z.array(ExportedProductRef.extend({ addedAt: Timestamp, alert: z.boolean() })),
  /** The shopper's own notification choices (the shop's defaults hold for the rest). */
  notifications: z.array(
    z.object({ event: z.string(), channel: z.string(), enabled: z.boolean(), updatedAt: Timestamp }),
  ),
  /** The wishlist alerts sent, waiting, or not sent (the product left the wishlist). */
  wishlistAlerts: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      change: z.string(),
      state: z.string(),
      createdAt: Timestamp,
    }),
  ),
  recentlyViewed: z.array(ExportedProductRef.extend({ viewedAt: Timestamp })),
  /** The profile picture (its image is avatar.<ext> in the download). */
  avatars: z.array(
    z.object({
      file: z.string(),
      contentType: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      createdAt: Timestamp,
    }),
  ),
  /** Verification codes sent by SMS; the codes themselves are never stored. */
  telephoneCodes: z.array(
    z.object({
      telephone: z.string(),
      createdAt: Timestamp,
      expiresAt: Timestamp,
      used: z.boolean(),
      wrongAttempts: z.number().int(),
    }),
  ),
  /** Codes sent by email to confirm an address or a deletion. */
  emailCodes: z.array(
    z.object({
      purpose: z.string(),
      email: z.string(),
      createdAt: Timestamp,
      expiresAt: Timestamp,
      used: z.boolean(),
      wrongAttempts: z.number().int(),
    }),
  ),
  /** What the account area told the shop about the shopper (webhook events still kept). */
  shopNotifications: z.array(
    z.object({ type: z.string(), occurredAt: Timestamp, data: z.record(z.string(), z.unknown()) }),
  ),
});
export type PersonalData = z.infer<typeof PersonalData>;
