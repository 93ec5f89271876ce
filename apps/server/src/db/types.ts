/**
 * The database schema as Kysely sees it (camelCase here, snake_case in SQL through the
 * CamelCasePlugin). Booleans are stored as 0/1 integers and timestamps as ISO 8601 UTC text, so
 * SQLite and PostgreSQL behave the same; money is exact integer ten-thousandths plus a currency code.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
/** 0 or 1. */
type Flag = number;
/** ISO 8601 UTC text. */
type Timestamp = string;
/** Money: integer ten-thousandths of the row's currency unit (EUR 12.3456 is 123456); contract toTenThousandths. */
type MoneyE4 = number;

export interface ShoppersTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  email: string;
  firstName: string;
  lastName: string;
  telephone: string;
  gender: number;
  birthDate: string | null;
  imageUrl: string | null;
  firstTimeLogin: Flag;
  telephoneVerifyDate: Timestamp | null;
  /** How the email was verified ('provider:<name>', 'shop', 'code'); null while unverified. */
  emailVerifiedBy: Generated<string | null>;
  emailVerifiedAt: Generated<Timestamp | null>;
  /** The address the shopper is changing to, until its emailed code is confirmed. */
  pendingEmail: Generated<string | null>;
  /** A deletion the shopper asked for: when the erasure runs (after the grace period). */
  deletionDueAt: Generated<Timestamp | null>;
  /** Set when the account was erased: the row stays as an anonymous placeholder for the kept orders. */
  deletedAt: Generated<Timestamp | null>;
  /** Issue 47: the wishlist-wide alert; items added later start with it. */
  wishlistAlerts: Generated<Flag>;
  defaultLanguage: string;
  defaultCountry: string;
  defaultCurrency: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ShopperIdentitiesTable {
  id: Id;
  shopperId: number;
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: Flag;
  /** The account's name at the provider, when it tells one. */
  displayName: Generated<string | null>;
  createdAt: Timestamp;
  lastUsedAt: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself only lives in the cookie. */
  id: string;
  shopperId: number;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  /** The opaque id the shopper's calls name the session by (never the token or its hash). */
  publicId: Generated<string | null>;
  /** How the shopper signed in: a provider name, 'email' or 'passkey'. */
  method: Generated<string | null>;
  /** 'Chrome 131', from the user agent. */
  browser: Generated<string | null>;
  /** 'macOS 14.1', from the user agent. */
  os: Generated<string | null>;
  /** 'desktop', 'mobile', 'tablet' or 'tv', from the user agent. */
  device: Generated<string | null>;
  /** The client address cut to its network: '198.51.100.0/24' or '2001:db8:1::/48'. */
  clientAddress: Generated<string | null>;
}

/** A shopper's passkey: a WebAuthn credential that signs them in. */
export interface PasskeysTable {
  id: Id;
  shopperId: number;
  /** base64url, as the authenticator names it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: Generated<number>;
  /** JSON array of transports ('internal', 'hybrid', 'usb', ...); null when none were reported. */
  transports: string | null;
  backedUp: Generated<Flag>;
  name: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp | null;
}

/** A WebAuthn challenge waiting for its one answer. */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'sign-in';
  /** The shopper adding a passkey ('register'). */
  shopperId: number | null;
  /** The sign-in flow of the browser that asked ('sign-in'). */
  flow: string | null;
  expiresAt: Timestamp;
}

export interface LoginFlowsTable {
  state: string;
  provider: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface AddressesTable {
  id: Id;
  shopperId: number;
  firstName: string;
  lastName: string;
  companyName: string;
  vatNumber: string;
  addressType: number;
  email: string;
  telephone: string;
  country: string;
  street: string;
  houseNumber: string;
  houseNumberSuffix: string;
  zipCode: string;
  city: string;
  isBilling: Flag;
  isShipping: Flag;
  /** JSON object of server-defined extra fields. */
  extraFields: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductsTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  name: string;
  categoryName: string;
  image: string | null;
  url: string | null;
  priceE4: MoneyE4;
  currency: string;
  productType: number;
  /** PRODUCT_AVAILABILITIES. */
  availability: Generated<string>;
  /** The shop's time of this data (issue 47); an older record changes nothing. */
  shopUpdatedAt: Generated<Timestamp | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A product's change that matters to wishlists (issue 47), fanned out to them in the background. */
export interface ProductChangesTable {
  id: Id;
  productId: number;
  kind: 'backInStock' | 'priceDrop';
  /** A price drop's currency; null for back in stock. */
  currency: string | null;
  oldPriceE4: MoneyE4 | null;
  newPriceE4: MoneyE4 | null;
  at: Timestamp;
  /** The last shopper id the fan-out has done. */
  fannedTo: number | null;
  /** When the fan-out finished; null while it is to do. */
  fannedAt: Timestamp | null;
}

/** One alert of one shopper for one change: never two. */
export interface WishlistAlertsTable {
  id: Id;
  shopperId: number;
  productId: number;
  changeId: number;
  state: 'pending' | 'sent' | 'dropped';
  createdAt: Timestamp;
  leaseUntil: Timestamp | null;
  doneAt: Timestamp | null;
}

/** A shopper's own choice of one event on one channel (issue 47); the shop's default otherwise. */
export interface NotificationChoicesTable {
  shopperId: number;
  event: string;
  channel: string;
  enabled: Flag;
  updatedAt: Timestamp;
}

/** A product's price in one currency; its own price and currency are the fallback. */
export interface ProductPricesTable {
  productId: number;
  currency: string;
  priceE4: MoneyE4;
}

export interface OrdersTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  shopperId: number;
  orderNumber: string;
  accessUrl: string | null;
  status: number;
  currency: string;
  serviceFeeE4: MoneyE4;
  shippingCostE4: MoneyE4;
  transactionCostE4: MoneyE4;
  discountE4: MoneyE4;
  subTotalE4: MoneyE4;
  totalE4: MoneyE4;
  /** JSON of the address as printed on the order. */
  shippingAddress: string | null;
  billingAddress: string | null;
  /** Order number and product names, lower-cased (modules/orders/search-text.ts): what a search matches. */
  searchText: string;
  /**
   * JSON arrays of the order's OrderLine (in the shop's order) and OrderPayment (oldest first): an
   * order is read whole, so a page of orders is one row per order. The tables order_products and
   * order_transactions are still written for the previous release, until the next one drops them.
   */
  products: Generated<string>;
  transactions: Generated<string>;
  /** JSON of StoredDelivery (modules/orders/repositories/shipments.ts); null before a shipment has an event. */
  delivery: Generated<string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ShipmentsTable {
  id: Id;
  externalId: string;
  orderId: number;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  estimatedFrom: string | null;
  estimatedTo: string | null;
  /** JSON: [{line, quantity}]. */
  lines: string;
  /** The latest event's status and time (by its time). */
  status: string | null;
  statusAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ShipmentEventsTable {
  id: Id;
  shipmentId: number;
  externalId: string;
  status: string;
  at: Timestamp;
  location: string | null;
  description: string | null;
  createdAt: Timestamp;
}

/** An order's own return rules (issue 46); one row per order the shop sent rules for. */
export interface ReturnRulesTable {
  orderId: number;
  /** JSON of ReturnRulesRecord's lines. */
  lines: string;
  updatedAt: Timestamp;
}

export interface ReturnsTable {
  id: Id;
  number: string;
  orderId: number;
  shopperId: number;
  /** RETURN_STATUSES: the latest update's by its time, or cancelled. */
  status: string;
  /** JSON: {code, kind, labels}, as offered when asked. */
  method: string;
  methodCostE4: MoneyE4;
  currency: string;
  comment: string;
  /** JSON: [{line, quantity, reason: {code, labels}}]. */
  lines: string;
  cancelledAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ReturnUpdatesTable {
  id: Id;
  returnId: number;
  externalId: string;
  status: string;
  at: Timestamp;
  reason: string | null;
  labelUrl: string | null;
  labelKind: string | null;
  refundE4: MoneyE4 | null;
  refundCurrency: string | null;
  refundTo: string | null;
  createdAt: Timestamp;
}

/** A product line of an order, as the order's `products` JSON holds it. */
export interface OrderLine {
  productId: number;
  categoryName: string;
  image: string | null;
  name: string;
  url: string | null;
  productType: number;
  priceE4: MoneyE4;
  status: number;
}

/** A payment of an order, as the order's `transactions` JSON holds it. */
export interface OrderPayment {
  method: string;
  methodName: string;
  status: number;
  paidE4: MoneyE4;
  createdAt: Timestamp;
}

/** Written for the previous release only (OrdersTable.products). */
export interface OrderProductsTable extends OrderLine {
  id: Id;
  orderId: number;
  position: number;
}

/** Written for the previous release only (OrdersTable.transactions). */
export interface OrderTransactionsTable extends OrderPayment {
  id: Id;
  orderId: number;
}

export interface InvoicesTable {
  id: Id;
  orderId: number;
  number: string;
  date: Timestamp;
}

/** A kept invoice PDF (migration 2026-11-29-008); pdf null: a claim of the render-ahead job. */
export interface InvoicePdfsTable {
  invoiceId: number;
  shopperId: number;
  inputKey: string;
  pdf: Buffer | null;
  keptAt: Timestamp;
}

export interface VoucherCampaignsTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  name: string;
  /** A code shoppers can enter to add a voucher of this campaign. */
  claimCode: string | null;
  discountPercentage: number;
  discountAmountE4: MoneyE4;
  currency: string;
  limited: Flag;
  expireDate: Timestamp | null;
  createdAt: Timestamp;
}

export interface VoucherCodesTable {
  id: Id;
  campaignId: number;
  code: string;
  /** The voucher the code was handed to; null while it is free. */
  voucherId: number | null;
}

export interface VouchersTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  campaignId: number;
  shopperId: number;
  code: string | null;
  used: number;
  redeemDate: Timestamp | null;
  claimDate: Timestamp | null;
  expireDate: Timestamp | null;
  createdAt: Timestamp;
}

export interface AchievementsTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  name: string;
  detail: string | null;
  description: string;
  reward: string | null;
  icon: string | null;
  scaleType: number;
  totalProgress: number;
  currency: string | null;
  viewOrder: number;
  createdAt: Timestamp;
}

export interface ShopperAchievementsTable {
  shopperId: number;
  achievementId: number;
  progress: number;
  claimDate: Timestamp | null;
}

/** How often a catalogue that every account shows has changed: moved by the database's own triggers. */
/**
 * Whether each migration that ran is additive (db/migrate.ts records it as the migration runs): an
 * older build that does not know a migration starts on its schema only when it is.
 */
export interface MigrationStepsTable {
  name: string;
  /** 1: additive; 0: a contract step. */
  additive: number;
}

export interface CatalogueVersionsTable {
  name: 'achievements';
  version: number;
}

export interface WishlistItemsTable {
  shopperId: number;
  productId: number;
  addedAt: Timestamp;
  /** Issue 47: whether the product's changes are told to the shopper. */
  alert: Generated<Flag>;
}

export interface RecentlyViewedTable {
  shopperId: number;
  productId: number;
  viewedAt: Timestamp;
}

export interface InterestsTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  name: string;
  viewOrder: number;
}

export interface ShopperInterestsTable {
  shopperId: number;
  interestId: number;
}

export interface NewslettersTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  name: string;
  mailType: string;
  viewOrder: number;
}

export interface ShopperNewslettersTable {
  shopperId: number;
  newsletterId: number;
}

export interface CustomPagesTable {
  id: Id;
  /** The shop's own id (integration API); null for what the account area made itself. */
  externalId: Generated<string | null>;
  name: string;
  title: string;
  /** JSON of the title per lower-case language code; null when the shop gave only `title`. */
  titles: string | null;
  url: string;
  layout: string;
  iconUrl: string | null;
  section: number;
  viewOrder: number;
}

export interface LanguagesTable {
  code: string;
  name: string;
  isDefault: Flag;
  viewOrder: number;
}

export interface TranslationsTable {
  languageCode: string;
  key: string;
  value: string;
}

export interface CurrenciesTable {
  code: string;
  displayName: string;
  sign: string;
  viewOrder: number;
}

export interface CountriesTable {
  code: string;
  name: string;
  isShipping: Flag;
  viewOrder: number;
}

export interface SiteSettingsTable {
  key: string;
  /** JSON. */
  value: string;
}

export interface TelephoneVerificationsTable {
  id: Id;
  shopperId: number;
  /** The number the code was sent to: a code proves only that number. */
  telephone: string;
  /** HMAC-SHA256 of the code; the code itself is never stored. */
  codeHash: string;
  attempts: Generated<number>;
  used: Generated<Flag>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

/** Codes sent by email: to confirm a shopper's address ('verify'), to sign in ('sign_in') or to delete the account ('delete_account'). */
export interface EmailCodesTable {
  id: Id;
  purpose: 'verify' | 'sign_in' | 'delete_account';
  /** The shopper confirming an address; null for a sign-in code (the address may have no account). */
  shopperId: number | null;
  /** The address the code was sent to (lower case for sign-in codes). */
  email: string;
  /** HMAC-SHA256 of the code with what it is bound to; the code itself is never stored. */
  codeHash: string;
  /** SHA-256 of the sign-in flow of the browser that asked for a sign-in code; null for the other purposes. */
  flowHash: string | null;
  attempts: Generated<number>;
  used: Generated<Flag>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

/** The browsers a shopper has signed in from, by the SHA-256 of their own random id. */
export interface ShopperBrowsersTable {
  shopperId: number;
  browser: string;
  firstSeenAt: Timestamp;
  lastSeenAt: Timestamp;
}

/** Messages of the outbox SMS transport (demo and development), readable by developers and tests. */
export interface SmsOutboxTable {
  id: Id;
  telephone: string;
  body: string;
  createdAt: Timestamp;
}

/** Emails of the outbox mail transport (demo and development), read at /demo-mail and by tests. */
export interface MailOutboxTable {
  id: Id;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON of the headers it was sent with (List-Unsubscribe); null for none. */
  headers: Generated<string | null>;
  createdAt: Timestamp;
}

/** Security notices waiting for (or done with) delivery; the message is JSON of a MailMessage. */
export interface MailQueueTable {
  id: Id;
  recipient: string;
  language: string | null;
  message: string;
  /** email | sms: the recipient is an address or a phone number. */
  channel: Generated<string>;
  state: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  leaseUntil: Timestamp | null;
  lastError: string | null;
  sentAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface AvatarsTable {
  id: Id;
  shopperId: number;
  content: Buffer;
  contentType: string;
  width: number;
  height: number;
  sha256: string;
  createdAt: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | string | null;
}

export interface ApiKeysTable {
  id: Id;
  name: string;
  prefix: string;
  /** SHA-256 of the key; the key itself is shown once, when it is made. */
  keyHash: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

export interface WebhookEndpointsTable {
  id: Id;
  url: string;
  /** Signs every delivery (HMAC-SHA256); the shop checks it with the same secret. */
  secret: string;
  description: Generated<string>;
  createdAt: Timestamp;
}

export interface IdempotencyKeysTable {
  shopperId: number;
  callName: string;
  key: string;
  fingerprint: string;
  response: string | null;
  completedAt: Timestamp | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface WebhookEventsTable {
  id: Id;
  shopperId: number | null;
  type: string;
  /** JSON of the event as delivered. */
  payload: string;
  createdAt: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Id;
  eventId: number;
  endpointId: number;
  shopperKey: number;
  state: 'pending' | 'delivered';
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  leaseUntil: Timestamp | null;
  lastError: string | null;
  deliveredAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface Database {
  shoppers: ShoppersTable;
  shopperIdentities: ShopperIdentitiesTable;
  sessions: SessionsTable;
  passkeys: PasskeysTable;
  webauthnChallenges: WebauthnChallengesTable;
  loginFlows: LoginFlowsTable;
  addresses: AddressesTable;
  products: ProductsTable;
  productPrices: ProductPricesTable;
  orders: OrdersTable;
  orderProducts: OrderProductsTable;
  shipments: ShipmentsTable;
  shipmentEvents: ShipmentEventsTable;
  returnRules: ReturnRulesTable;
  returns: ReturnsTable;
  returnUpdates: ReturnUpdatesTable;
  orderTransactions: OrderTransactionsTable;
  invoices: InvoicesTable;
  invoicePdfs: InvoicePdfsTable;
  voucherCampaigns: VoucherCampaignsTable;
  voucherCodes: VoucherCodesTable;
  vouchers: VouchersTable;
  achievements: AchievementsTable;
  shopperAchievements: ShopperAchievementsTable;
  catalogueVersions: CatalogueVersionsTable;
  migrationSteps: MigrationStepsTable;
  wishlistItems: WishlistItemsTable;
  productChanges: ProductChangesTable;
  wishlistAlerts: WishlistAlertsTable;
  notificationChoices: NotificationChoicesTable;
  recentlyViewed: RecentlyViewedTable;
  interests: InterestsTable;
  shopperInterests: ShopperInterestsTable;
  newsletters: NewslettersTable;
  shopperNewsletters: ShopperNewslettersTable;
  customPages: CustomPagesTable;
  languages: LanguagesTable;
  translations: TranslationsTable;
  currencies: CurrenciesTable;
  countries: CountriesTable;
  siteSettings: SiteSettingsTable;
  telephoneVerifications: TelephoneVerificationsTable;
  emailCodes: EmailCodesTable;
  shopperBrowsers: ShopperBrowsersTable;
  smsOutbox: SmsOutboxTable;
  mailOutbox: MailOutboxTable;
  mailQueue: MailQueueTable;
  avatars: AvatarsTable;
  rateLimits: RateLimitsTable;
  apiKeys: ApiKeysTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  idempotencyKeys: IdempotencyKeysTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
