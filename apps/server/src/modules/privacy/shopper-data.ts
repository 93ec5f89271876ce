/**
 * Where a shopper's data lives, table by table, with what the download holds of it and what
 * deleting the account does to it: the one list the export, the erasure and their tests follow.
 * Every table with a shopper_id column is here (the type checker insists on the Database type's
 * tables; test/privacy-export.test.ts checks the real schema), so a new table cannot be forgotten.
 */
import type { PersonalData } from '@account/contract';
import type { Database } from '../../db/types.js';

/** The tables that hold rows of one shopper: those with a shopperId column, and the shoppers themselves. */
export type ShopperTable =
  | 'shoppers'
  | { [T in keyof Database]: 'shopperId' extends keyof Database[T] ? T : never }[keyof Database];

export interface TableTreatment {
  /**
   * Where the download holds the shopper's rows: a section of account.json (one entry per row),
   * orders.json, or nothing, with the reason.
   */
  exported: keyof Omit<PersonalData, 'exportedAt'> | 'orders.json' | { notExported: string };
  /**
   * What erasing the account does: 'delete' removes every row of the shopper; otherwise the
   * account's erasure keeps the rows and does what is said (repository.ts, erase()).
   */
  erasure: 'delete' | { kept: string };
}

export const SHOPPER_DATA = {
  shoppers: {
    exported: 'shopper',
    erasure: {
      kept: 'an anonymous placeholder for the kept orders: every personal column blanked, the shop’s id cleared (after the shopper.deleted event carried it), deleted_at set; nothing can sign in to it or match it',
    },
  },
  shopperIdentities: { exported: 'signInMethods', erasure: 'delete' },
  sessions: { exported: 'sessions', erasure: 'delete' },
  passkeys: { exported: 'passkeys', erasure: 'delete' },
  webauthnChallenges: {
    exported: {
      notExported:
        'single-use challenges of a passkey being added, alive a few minutes; they hold nothing but the binding to the shopper',
    },
    erasure: 'delete',
  },
  shopperBrowsers: { exported: 'browsers', erasure: 'delete' },
  addresses: { exported: 'addresses', erasure: 'delete' },
  shopperInterests: { exported: 'interests', erasure: 'delete' },
  shopperNewsletters: { exported: 'newsletters', erasure: 'delete' },
  wishlistItems: { exported: 'wishlist', erasure: 'delete' },
  notificationChoices: { exported: 'notifications', erasure: 'delete' },
  wishlistAlerts: { exported: 'wishlistAlerts', erasure: 'delete' },
  recentlyViewed: { exported: 'recentlyViewed', erasure: 'delete' },
  shopperAchievements: { exported: 'achievements', erasure: 'delete' },
  avatars: { exported: 'avatars', erasure: 'delete' },
  telephoneVerifications: { exported: 'telephoneCodes', erasure: 'delete' },
  emailCodes: { exported: 'emailCodes', erasure: 'delete' },
  // Events are deleted first; the shopper.deleted event is recorded after, for the shop.
  webhookEvents: { exported: 'shopNotifications', erasure: 'delete' },
  idempotencyKeys: {
    exported: {
      notExported:
        'copies of answers (an address made, a voucher claimed) kept 10 minutes to repeat them to a retried request; what they answered is exported from its own table',
    },
    erasure: 'delete',
  },
  orders: {
    exported: 'orders.json',
    erasure: {
      kept: 'for the shop, which must keep orders and invoices for tax law: each address reduced to its country and type (VAT), the order’s link at the shop cleared; amounts, products, payments and invoice numbers stay until the shop deletes the order (integration API DELETE /orders/{id})',
    },
  },
  invoicePdfs: {
    exported: {
      notExported:
        'kept copies of the invoice PDFs, so that they are not rendered again; the download holds each invoice under invoices/ all the same',
    },
    // They print the order's addresses, which the erasure blanks.
    erasure: 'delete',
  },
  returns: {
    exported: 'returns',
    // The shop heard of each (return.requested) and keeps its own copy; a comment is the shopper's own words.
    erasure: 'delete',
  },
  vouchers: {
    exported: 'vouchers',
    erasure: {
      kept: 'vouchers hold no personal data; kept so that their pool codes stay handed out and a redeemed voucher still adds up in the shop’s books',
    },
  },
} as const satisfies Record<ShopperTable, TableTreatment>;

type TablesWhoseRowsAre<E> = {
  [T in ShopperTable]: (typeof SHOPPER_DATA)[T]['erasure'] extends E ? T : never;
}[ShopperTable];

/** The tables whose rows of the shopper are deleted with the account. */
export type DeletedTable = TablesWhoseRowsAre<'delete'>;
export const DELETED_TABLES = (Object.keys(SHOPPER_DATA) as ShopperTable[]).filter(
  (table): table is DeletedTable => SHOPPER_DATA[table].erasure === 'delete',
);

/**
 * Data of the shopper found by address rather than by shopper_id, and what the erasure does with
 * it. None is exported: each is a transient copy of something sent (or a counter), kept a few
 * days at most.
 */
export const ADDRESS_KEYED_DATA = {
  mailQueue: 'security notices to any of the shopper’s email addresses, sent or waiting: deleted',
  mailOutbox: 'emails kept by the demo and development transport instead of sent, to those addresses: deleted',
  smsOutbox: 'texts kept by the demo and development transport, to the shopper’s numbers: deleted',
  emailCodes: 'sign-in codes sent to the shopper’s addresses (they have no shopper yet): deleted',
  rateLimits:
    'counters keyed by the shopper’s addresses and numbers (codes sent to them): deleted; the others count client addresses or ids and hold nothing of the shopper',
} as const satisfies Partial<Record<keyof Database, string>>;
