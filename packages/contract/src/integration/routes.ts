/**
 * The shop integration API (server to server, Bearer API keys): every call with its schemas, so
 * the server registers them, the documentation describes them and the tests walk them from one
 * table. Paths are under INTEGRATION_BASE.
 */
import { z } from 'zod';
import { PersonalData } from '../api/privacy.js';
import { Account, Order } from '../domain/entities.js';
import {
  AchievementProgressRecord,
  AchievementRecord,
  CountryRecord,
  CurrencyRecord,
  CustomPageRecord,
  ExternalId,
  InterestRecord,
  LanguageRecord,
  ListCode,
  NewsletterRecord,
  OrderRecord,
  ProductRecord,
  RecentlyViewedRecord,
  ReturnRulesRecord,
  ReturnUpdateRecord,
  ShipmentEventRecord,
  ShipmentRecord,
  ShopperRecord,
  SiteSettingsRecord,
  TranslationsRecord,
  VoucherCampaignRecord,
  VoucherRecord,
  WishlistItemRecord,
} from './records.js';

export const INTEGRATION_BASE = '/account/api/integration/v1';

/**
 * Every kind of record the shop keeps in the account area: where it lives (its PUT and DELETE
 * path, whose parameters are its key) and the schema of its data.
 */
export const RECORD_KINDS = {
  shopper: { path: '/shoppers/:id', data: ShopperRecord, summary: 'A shopper: profile and preferences' },
  product: {
    path: '/products/:id',
    data: ProductRecord,
    summary: 'A product as wishlists and recently viewed show it',
  },
  order: {
    path: '/orders/:id',
    data: OrderRecord,
    summary: 'An order with its products, payments, addresses and invoice',
  },
  shipment: {
    path: '/shipments/:id',
    data: ShipmentRecord,
    summary: 'A shipment of an order: the carrier, tracking and which of its products are in it',
  },
  shipmentEvent: {
    path: '/shipments/:shipment/events/:id',
    data: ShipmentEventRecord,
    summary: 'A carrier’s event for a shipment (in any order: they are shown by their time)',
  },
  returnRules: {
    path: '/orders/:order/return-rules',
    data: ReturnRulesRecord,
    summary: 'An order’s own return rules per line (a line not listed follows the returnPolicy setting)',
  },
  returnUpdate: {
    path: '/returns/:return/updates/:id',
    data: ReturnUpdateRecord,
    summary: 'The shop’s update of a return, by its number: approved, rejected, a label, received, refunded',
  },
  voucherCampaign: {
    path: '/voucher-campaigns/:id',
    data: VoucherCampaignRecord,
    summary: 'A voucher campaign and codes for its pool',
  },
  voucher: { path: '/vouchers/:id', data: VoucherRecord, summary: 'A voucher of a campaign held by a shopper' },
  achievement: { path: '/achievements/:id', data: AchievementRecord, summary: 'An achievement anyone can reach' },
  achievementProgress: {
    path: '/shoppers/:shopper/achievements/:achievement',
    data: AchievementProgressRecord,
    summary: 'A shopper’s progress on an achievement',
  },
  wishlistItem: {
    path: '/shoppers/:shopper/wishlist/:product',
    data: WishlistItemRecord,
    summary: 'A product on a shopper’s wishlist',
  },
  recentlyViewed: {
    path: '/shoppers/:shopper/recently-viewed/:product',
    data: RecentlyViewedRecord,
    summary: 'A product the shopper viewed',
  },
  customPage: {
    path: '/pages/:id',
    data: CustomPageRecord,
    summary: 'A content page of the shop shown in the account',
  },
  translations: {
    path: '/translations/:language',
    data: TranslationsRecord,
    summary: 'The shop’s own texts of one language, merged key by key',
  },
  language: { path: '/languages/:code', data: LanguageRecord, summary: 'A language the shop offers' },
  currency: { path: '/currencies/:code', data: CurrencyRecord, summary: 'A currency the shop sells in' },
  country: { path: '/countries/:code', data: CountryRecord, summary: 'A country, and whether the shop ships there' },
  interest: { path: '/interests/:id', data: InterestRecord, summary: 'An interest shoppers can choose' },
  newsletter: { path: '/newsletters/:id', data: NewsletterRecord, summary: 'A newsletter shoppers can subscribe to' },
} as const;

export type RecordKind = keyof typeof RECORD_KINDS;
export const RECORD_KIND_NAMES = Object.keys(RECORD_KINDS) as RecordKind[];

/** The path parameters of a record kind, which together are its key. */
export function keyNames(kind: RecordKind): string[] {
  return [...RECORD_KINDS[kind].path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
}

/** Language, currency and country records are keyed by their code; the rest by the shop's ids. */
const CODE_KEYS = new Set(['code', 'language']);

export function keySchema(kind: RecordKind) {
  return z.strictObject(
    Object.fromEntries(keyNames(kind).map((name) => [name, CODE_KEYS.has(name) ? ListCode : ExternalId])),
  );
}

export type RecordKey = Record<string, string>;

/** One record of a batch or an import file: its kind, its key and its data, or a deletion. */
export const RecordEnvelope = z.union([
  z.strictObject({
    kind: z.enum(RECORD_KIND_NAMES as [RecordKind, ...RecordKind[]]),
    key: z.record(z.string(), z.string()),
    data: z.unknown(),
  }),
  z.strictObject({
    kind: z.enum(RECORD_KIND_NAMES as [RecordKind, ...RecordKind[]]),
    key: z.record(z.string(), z.string()),
    delete: z.literal(true),
  }),
]);
export type RecordEnvelope = z.infer<typeof RecordEnvelope>;

export const BATCH_MAX_RECORDS = 1000;

export const BatchBody = z.object({
  records: z.array(z.unknown()).min(1).max(BATCH_MAX_RECORDS),
});

export const RecordOutcome = z.enum(['created', 'updated', 'deleted', 'absent', 'rejected']);
export type RecordOutcome = z.infer<typeof RecordOutcome>;

/** Something the shop should know about how a record was applied (e.g. why it was not linked). */
const Notice = z.string();

export const RecordResult = z.object({
  index: z.number().int(),
  kind: z.string().nullable(),
  key: z.record(z.string(), z.string()).nullable(),
  outcome: RecordOutcome,
  /** Why a record was rejected: the field and what is wrong with it. */
  errors: z.record(z.string(), z.string()).optional(),
  notice: Notice.optional(),
});
export type RecordResult = z.infer<typeof RecordResult>;

export const BatchSummary = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  absent: z.number().int(),
  rejected: z.number().int(),
});
export type BatchSummary = z.infer<typeof BatchSummary>;

export const BatchResponse = z.object({ results: z.array(RecordResult), summary: BatchSummary });
export type BatchResponse = z.infer<typeof BatchResponse>;

export const PutResponse = z.object({
  kind: z.string(),
  key: z.record(z.string(), z.string()),
  outcome: z.enum(['created', 'updated']),
  notice: Notice.optional(),
});

export const DeleteResponse = z.object({
  kind: z.string(),
  key: z.record(z.string(), z.string()),
  outcome: z.enum(['deleted', 'absent']),
});

/** A delivery is retried until the endpoint acknowledges it; its last error says why it waits. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered'] as const;

export const DeliveriesQuery = z.object({
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
  shopper: ExternalId.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const Delivery = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  event: z.string(),
  shopper: z.string().nullable(),
  endpoint: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Delivery = z.infer<typeof Delivery>;
export const DeliveryList = z.object({ deliveries: z.array(Delivery) });

/** The stored site settings, every one of them with its current value. */
export const SiteSettingsView = z.record(z.string(), z.unknown());

/**
 * Everything the account area holds of one shopper: the account as the account API shows it, every
 * order, and `personalData`, the same table-by-table record as account.json of the shopper's own
 * download (GET /privacy/export), read by the same code.
 */
export const ShopperData = z.object({
  shopper: z.object({ id: z.number().int(), externalId: z.string().nullable(), createdAt: z.string() }),
  account: Account,
  orders: z.array(Order),
  personalData: PersonalData,
});
export type ShopperData = z.infer<typeof ShopperData>;

export interface IntegrationCall {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  /** Under INTEGRATION_BASE, with :params in Fastify style. */
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** Every call of the integration API: PUT and DELETE per record kind, and the others. */
export const integrationCalls: Record<string, IntegrationCall> = {
  ...Object.fromEntries(
    RECORD_KIND_NAMES.flatMap((kind) => [
      [
        `put_${kind}`,
        {
          method: 'PUT',
          path: RECORD_KINDS[kind].path,
          summary: `Creates or replaces: ${RECORD_KINDS[kind].summary}`,
          params: keySchema(kind),
          body: RECORD_KINDS[kind].data,
          response: PutResponse,
        },
      ],
      [
        `delete_${kind}`,
        {
          method: 'DELETE',
          path: RECORD_KINDS[kind].path,
          summary: `Deletes: ${RECORD_KINDS[kind].summary}`,
          params: keySchema(kind),
          response: DeleteResponse,
        },
      ],
    ]),
  ),
  getShopper: {
    method: 'GET',
    path: '/shoppers/:id/data',
    summary: 'Everything the account area holds of one shopper',
    params: keySchema('shopper'),
    response: ShopperData,
  },
  getSettings: { method: 'GET', path: '/settings', summary: 'The site settings', response: SiteSettingsView },
  patchSettings: {
    method: 'PATCH',
    path: '/settings',
    summary: 'Changes the given site settings; the others stay',
    body: SiteSettingsRecord,
    response: SiteSettingsView,
  },
  batch: {
    method: 'POST',
    path: '/batch',
    summary: 'Applies up to 1000 records, each on its own: the good ones are kept, the others reported',
    body: BatchBody,
    response: BatchResponse,
  },
  listDeliveries: {
    method: 'GET',
    path: '/webhooks/deliveries',
    summary: 'Webhook deliveries, newest first, by state or shopper',
    query: DeliveriesQuery,
    response: DeliveryList,
  },
};
