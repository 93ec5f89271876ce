/**
 * The records a shop sends to the integration API (server to server): one schema per kind, keyed
 * by the shop's own ids. The same shapes serve PUT calls, the batch call and the command line's
 * NDJSON import, so a record is validated the same way wherever it comes from.
 */
import { z } from 'zod';
import { PRODUCT_AVAILABILITIES } from '../domain/buy-again.js';
import { PAGE_LAYOUTS, PAGE_SECTIONS } from '../domain/custom-pages.js';
import { FieldDefinition } from '../domain/entities.js';
import { NotificationDefaultsSetting } from '../domain/notifications.js';
import { SHIPMENT_STATUS_CODES, TRANSACTION_STATUS_CODES } from '../domain/payment-shipment-status.js';
import { RETURN_METHOD_KINDS, RETURN_UPDATE_STATUSES } from '../domain/returns.js';
import { SHIPMENT_EVENT_STATUSES } from '../domain/shipments.js';
import { ORDER_STATUS_CODES } from '../domain/status.js';

/** The shop's own id of a record: safe in a URL path segment without encoding. */
export const ExternalId = z
  .string()
  .regex(/^[A-Za-z0-9._:@~-]{1,100}$/, 'Letters, digits and . _ : @ ~ - only, at most 100 characters');

/** A language, currency or country code as the shop spells it (en, EUR, NL). */
export const ListCode = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'A language, currency or country code');

const CurrencyCode = z.string().regex(/^[A-Za-z]{3}$/, 'An ISO 4217 currency code');
/** PostgreSQL keeps no NUL in text, and no field here can mean one. */
const noNul = (value: string) => !value.includes('\u0000');
const Text = (max: number) => z.string().trim().max(max).refine(noNul, 'Must not contain NUL characters');
const OptionalText = (max: number) => Text(max).nullable().default(null);
const Url = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => /^(https?:\/\/|\/)/i.test(value) && noNul(value),
    'An absolute http(s) URL or a path starting with /',
  );
/** An ISO 8601 moment with a time zone; stored as UTC. */
const Moment = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());
const CalendarDay = z.iso.date();
/** An amount in the record's currency, e.g. 12.95; stored exactly to four decimals (ten-thousandths). */
const Amount = z.number().finite().min(-1e12).max(1e12);
const NonNegativeAmount = Amount.min(0);
const Flag = z.boolean();
const ViewOrder = z.number().int().min(0).max(1_000_000).default(0);

/** The most products (lines) an order may have; shipments and return rules name them by index. */
export const ORDER_MAX_LINES = 500;
/** A line of an order: the index in the order's products, from 0. */
const OrderLineIndex = z
  .number()
  .int()
  .min(0)
  .max(ORDER_MAX_LINES - 1);

const statusOf = (codes: readonly number[], name: string) =>
  z
    .number()
    .int()
    .refine((code) => codes.includes(code), `A known ${name} status code`);

export const ShopperRecord = z.strictObject({
  email: z.email().max(250),
  /**
   * Whether the shop itself has verified this address (e.g. by its own confirmation mail). Only a
   * verified address links the record to an account that signed in with the same verified email;
   * when absent, an unchanged address keeps its verification and a changed one is unverified.
   */
  emailVerified: Flag.optional(),
  firstName: Text(100).default(''),
  lastName: Text(100).default(''),
  telephone: Text(20).default(''),
  gender: z.union([z.literal(1), z.literal(2)]).default(1),
  birthDate: CalendarDay.nullable().default(null),
  /**
   * When the telephone was verified (e.g. by the shop itself); left as it is when absent, and
   * cleared when the telephone changes without it.
   */
  telephoneVerifiedAt: Moment.nullable().optional(),
  language: ListCode.optional(),
  country: ListCode.optional(),
  currency: CurrencyCode.optional(),
  /** The shop's ids of the shopper's interests and newsletters; left as they are when absent. */
  interests: z.array(ExternalId).max(500).optional(),
  newsletters: z.array(ExternalId).max(500).optional(),
  /** Whether the shopper still goes through onboarding at the next sign-in; left as it is when absent. */
  firstTimeLogin: Flag.optional(),
});
export type ShopperRecord = z.infer<typeof ShopperRecord>;

const PriceInCurrency = z.strictObject({ amount: NonNegativeAmount, currency: CurrencyCode });

export const ProductRecord = z.strictObject({
  name: Text(250).min(1),
  categoryName: Text(100).default(''),
  image: Url.nullable().default(null),
  url: Url.nullable().default(null),
  price: PriceInCurrency,
  /** The same product's price in the shop's other currencies (its price lists). */
  prices: z.array(PriceInCurrency).max(50).default([]),
  /** 1: a code product (spec §3 Order product). */
  productType: z.number().int().min(0).max(99).default(0),
  /** Whether it can be bought: buy again leaves out what is out of stock or discontinued. */
  availability: z.enum(PRODUCT_AVAILABILITIES).default('inStock'),
  /**
   * When the shop's data was true (issue 47). Records may arrive in any order: one older than the
   * product's last is acknowledged and changes nothing. Without it, every record is the newest.
   */
  updatedAt: Moment.optional(),
});
export type ProductRecord = z.infer<typeof ProductRecord>;

export const OrderAddressRecord = z.strictObject({
  firstName: Text(100).default(''),
  lastName: Text(100).default(''),
  companyName: Text(100).default(''),
  vatNumber: Text(32).default(''),
  addressType: z.union([z.literal(0), z.literal(1)]).default(0),
  email: Text(250).default(''),
  telephone: Text(30).default(''),
  country: Text(3).default(''),
  address: Text(250).default(''),
  addressNumber: Text(50).default(''),
  addressNumberSuffix: Text(50).default(''),
  zipCode: Text(20).default(''),
  city: Text(100).default(''),
});
export type OrderAddressRecord = z.infer<typeof OrderAddressRecord>;

export const OrderRecord = z.strictObject({
  shopper: ExternalId,
  /** The order number shown to shoppers; unique in the shop. */
  orderNumber: Text(50).min(1),
  accessUrl: Url.nullable().default(null),
  status: statusOf(ORDER_STATUS_CODES, 'order'),
  currency: CurrencyCode,
  created: Moment,
  serviceFee: NonNegativeAmount.default(0),
  shippingCost: NonNegativeAmount.default(0),
  transactionCost: NonNegativeAmount.default(0),
  discount: NonNegativeAmount.default(0),
  subTotal: Amount,
  totalPrice: Amount,
  shippingAddress: OrderAddressRecord.nullable().default(null),
  billingAddress: OrderAddressRecord.nullable().default(null),
  products: z
    .array(
      z.strictObject({
        /** The shop's product id, when the product is one the integration API knows. */
        product: ExternalId.nullable().default(null),
        name: Text(250).min(1),
        categoryName: Text(100).default(''),
        image: Url.nullable().default(null),
        url: Url.nullable().default(null),
        productType: z.number().int().min(0).max(99).default(0),
        price: Amount,
        /** Left out: the line's status follows the latest event of its shipment (20, awaiting fulfilment, before one). */
        status: statusOf(SHIPMENT_STATUS_CODES, 'shipment').optional(),
      }),
    )
    .max(ORDER_MAX_LINES)
    .default([]),
  transactions: z
    .array(
      z.strictObject({
        method: Text(50).min(1),
        methodName: Text(100).min(1),
        status: statusOf(TRANSACTION_STATUS_CODES, 'transaction'),
        paid: Amount,
        created: Moment,
      }),
    )
    .max(100)
    .default([]),
  invoice: z
    .strictObject({ number: Text(50).min(1), date: Moment })
    .nullable()
    .default(null),
});
export type OrderRecord = z.infer<typeof OrderRecord>;

export const VoucherCampaignRecord = z.strictObject({
  name: Text(250).min(1),
  /** A code shoppers may enter to add a voucher of the campaign (POST /voucher/claim/{code}). */
  claimCode: Text(50).min(1).nullable().default(null),
  discount: z.strictObject({
    percentage: z.number().min(0).max(100).default(0),
    amount: NonNegativeAmount.default(0),
    currency: CurrencyCode,
  }),
  limited: Flag.default(false),
  expireDate: Moment.nullable().default(null),
  /** Codes added to the campaign's pool, handed out one per claimed voucher. */
  codes: z.array(Text(50).min(1)).max(10_000).default([]),
});
export type VoucherCampaignRecord = z.infer<typeof VoucherCampaignRecord>;

export const VoucherRecord = z.strictObject({
  shopper: ExternalId,
  campaign: ExternalId,
  code: Text(50).min(1).nullable().default(null),
  used: z.number().int().min(0).max(1_000_000).default(0),
  redeemDate: Moment.nullable().default(null),
  claimDate: Moment.nullable().default(null),
  /** The voucher's own expiry; the campaign's applies when null. */
  expireDate: Moment.nullable().default(null),
});
export type VoucherRecord = z.infer<typeof VoucherRecord>;

export const AchievementRecord = z.strictObject({
  name: Text(250).min(1),
  detail: OptionalText(250),
  description: Text(1000).default(''),
  reward: OptionalText(250),
  icon: Url.nullable().default(null),
  /** 0: no progress bar; 1: progress/total; 2: a percentage; otherwise money (spec §3). */
  scaleType: z.number().int().min(0).max(9).default(1),
  totalProgress: z.number().finite().min(0).max(1e12),
  currency: CurrencyCode.nullable().default(null),
  viewOrder: ViewOrder,
});
export type AchievementRecord = z.infer<typeof AchievementRecord>;

export const AchievementProgressRecord = z.strictObject({
  progress: z.number().finite().min(0).max(1e12),
});
export type AchievementProgressRecord = z.infer<typeof AchievementProgressRecord>;

export const WishlistItemRecord = z.strictObject({ addedAt: Moment.optional() });
export type WishlistItemRecord = z.infer<typeof WishlistItemRecord>;

export const RecentlyViewedRecord = z.strictObject({ viewedAt: Moment.optional() });
export type RecentlyViewedRecord = z.infer<typeof RecentlyViewedRecord>;

export const CustomPageRecord = z.strictObject({
  /** Also the page's page/{name} route. */
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Lower-case letters, digits and dashes'),
  // The descriptions go into the OpenAPI document.
  title: Text(250)
    .default('')
    .describe("The title in the shop's default language, and in every language that `titles` leaves out."),
  titles: z
    .record(ListCode, Text(250))
    .default({})
    .describe(
      'The title per language code, e.g. {"nl": "Retourbeleid", "de": "Rückgabebedingungen"}. A language left out ' +
        "shows the default language's title from here, else `title`.",
    ),
  url: Url,
  layout: z.enum(Object.values(PAGE_LAYOUTS) as [string, ...string[]]).default(PAGE_LAYOUTS.card),
  iconUrl: Url.nullable().default(null),
  section: z
    .number()
    .int()
    .refine((section) => (Object.values(PAGE_SECTIONS) as number[]).includes(section), 'A section from 0 to 7')
    .default(PAGE_SECTIONS.pages),
  viewOrder: ViewOrder,
});
export type CustomPageRecord = z.infer<typeof CustomPageRecord>;

/** Texts of one language by key; a null text removes the shop's own text for the key. */
export const TranslationsRecord = z.strictObject({
  entries: z.record(z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'A translation key'), Text(5000).nullable()),
});
export type TranslationsRecord = z.infer<typeof TranslationsRecord>;

export const LanguageRecord = z.strictObject({
  name: Text(100).min(1),
  isDefault: Flag.default(false),
  viewOrder: ViewOrder,
});
export type LanguageRecord = z.infer<typeof LanguageRecord>;

export const CurrencyRecord = z.strictObject({
  displayName: Text(100).min(1),
  sign: Text(10).min(1),
  viewOrder: ViewOrder,
});
export type CurrencyRecord = z.infer<typeof CurrencyRecord>;

export const CountryRecord = z.strictObject({
  name: Text(100).min(1),
  isShipping: Flag.default(true),
  viewOrder: ViewOrder,
});
export type CountryRecord = z.infer<typeof CountryRecord>;

export const InterestRecord = z.strictObject({ name: Text(100).min(1), viewOrder: ViewOrder });
export type InterestRecord = z.infer<typeof InterestRecord>;

export const NewsletterRecord = z.strictObject({
  name: Text(100).min(1),
  mailType: Text(100).default(''),
  viewOrder: ViewOrder,
});
export type NewsletterRecord = z.infer<typeof NewsletterRecord>;

/** The site settings of spec §3 Site configuration that the shop owns; what is absent stays. */
/** A reason or method's text by language code ({en: 'Too small', nl: 'Te klein'}): at least one. */
const ReturnLabelsRecord = z
  .record(z.string().regex(/^[a-z]{2}(-[A-Za-z0-9]{2,8})?$/, 'A language code'), Text(200).min(1))
  .refine((labels) => Object.keys(labels).length > 0, 'At least one label');
const ReturnCode = z.string().regex(/^[A-Za-z0-9._-]{1,50}$/, 'Letters, digits and . _ - only, at most 50 characters');

export const ReturnReasonRecord = z.strictObject({ code: ReturnCode, labels: ReturnLabelsRecord });
export const ReturnMethodRecord = z.strictObject({
  code: ReturnCode,
  kind: z.enum(RETURN_METHOD_KINDS),
  /** In the order's currency; 0 is free. */
  cost: NonNegativeAmount.max(100_000).default(0),
  labels: ReturnLabelsRecord,
});
export type ReturnMethodRecord = z.infer<typeof ReturnMethodRecord>;

const uniqueCodes = (list: readonly { code: string }[]) => new Set(list.map((i) => i.code)).size === list.length;
const ReturnReasons = z.array(ReturnReasonRecord).max(50).refine(uniqueCodes, 'Each code once');
const ReturnMethods = z.array(ReturnMethodRecord).max(20).refine(uniqueCodes, 'Each code once');

/** The shop-wide return policy (site setting returnPolicy): how long after delivery, why and how. */
export const ReturnPolicyRecord = z.strictObject({
  days: z.number().int().min(1).max(365).default(30),
  reasons: ReturnReasons.default([]),
  methods: ReturnMethods.default([]),
});
export type ReturnPolicyRecord = z.infer<typeof ReturnPolicyRecord>;

/** An order's own return rules per line; a line not listed follows the policy. */
export const ReturnRulesRecord = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        line: OrderLineIndex,
        returnable: Flag,
        /** The last moment it may be sent back; null: the policy's days after delivery. */
        until: Moment.nullable().default(null),
        reasons: ReturnReasons.optional(),
        methods: ReturnMethods.optional(),
      }),
    )
    .max(ORDER_MAX_LINES)
    .refine((lines) => new Set(lines.map((l) => l.line)).size === lines.length, 'Each line once'),
});
export type ReturnRulesRecord = z.infer<typeof ReturnRulesRecord>;

/** The shop's word on a return (keyed by the return's number and the update's own id). */
export const ReturnUpdateRecord = z.strictObject({
  status: z.enum(RETURN_UPDATE_STATUSES),
  at: Moment,
  /** Why it was rejected. */
  reason: OptionalText(1000),
  label: z
    .strictObject({ url: Url, kind: z.enum(['pdf', 'qr']) })
    .nullable()
    .default(null),
  refund: z
    .strictObject({ amount: NonNegativeAmount, currency: CurrencyCode, to: Text(100).min(1) })
    .nullable()
    .default(null),
});
export type ReturnUpdateRecord = z.infer<typeof ReturnUpdateRecord>;

export const SiteSettingsRecord = z
  .object({
    companyId: z.number().int(),
    companyName: Text(100).min(1),
    style: Text(20),
    culture: Text(20),
    decimalSep: z.string().max(3),
    thousandSep: z.string().max(3),
    logo: Url.nullable(),
    theme: Text(50),
    shopUrl: Url,
    /**
     * The shop's cart link for buy again: an absolute http(s) URL or a path with {items}, which
     * takes the products as `shopId:quantity` pairs, comma separated (e.g. /cart/add?items={items}).
     */
    cartUrl: Url.refine((value) => value.includes('{items}'), 'Must contain {items}').nullable(),
    defaultCountry: Text(3),
    defaultCurrency: Text(3),
    enableLangUrls: Flag,
    enableFeatures: z.array(Text(50)).max(50),
    enableEuVatReverse: Flag,
    isTestingEnvironment: Flag,
    addressFields: z.array(FieldDefinition).max(100),
    firstTimeLoginFields: z.array(FieldDefinition).max(100),
    questionFields: z.array(FieldDefinition).max(100),
    returnPolicy: ReturnPolicyRecord,
    /** Issue 47: the shop's defaults of what a shopper hears, per event and channel (security emails stay on). */
    notificationDefaults: NotificationDefaultsSetting,
    /** How far a price must fall, in percent, before a wishlist alert tells of it. */
    priceDropThreshold: z.number().min(1).max(90),
    /** Alerts for one shopper within this many minutes go out as one message; 0 sends at the next round. */
    alertDigestMinutes: z.number().int().min(0).max(1440),
  })
  .partial();
export type SiteSettingsRecord = z.infer<typeof SiteSettingsRecord>;

export const ShipmentRecord = z.strictObject({
  /** The shop's id of the order the shipment belongs to. */
  order: ExternalId,
  carrier: z.strictObject({
    name: Text(100).min(1),
    /** Where the shopper follows the parcel on the carrier's site. */
    trackingUrl: Url.nullable().default(null),
  }),
  trackingNumber: Text(100).min(1).nullable().default(null),
  /** One day (from = to) or a window of days. */
  estimatedDelivery: z
    .strictObject({ from: CalendarDay, to: CalendarDay })
    .refine((window) => window.from <= window.to, { message: 'from must not be after to', path: ['to'] })
    .nullable()
    .default(null),
  /** Which of the order's products are in it: the index in the order's products, and how many. */
  lines: z
    .array(
      z.strictObject({
        line: OrderLineIndex,
        quantity: z.number().int().min(1).max(100_000).default(1),
      }),
    )
    .min(1)
    .max(ORDER_MAX_LINES),
});
export type ShipmentRecord = z.infer<typeof ShipmentRecord>;

/** One event of a carrier for a shipment; a resend under the same id replaces it. */
export const ShipmentEventRecord = z.strictObject({
  status: z.enum(SHIPMENT_EVENT_STATUSES),
  /** When it happened, with the offset of where it happened. */
  at: Moment,
  location: OptionalText(200),
  /** The carrier's own text. */
  description: OptionalText(1000),
});
export type ShipmentEventRecord = z.infer<typeof ShipmentEventRecord>;
