/**
 * The integration API's records mapped to the writes of the modules that own them: each record
 * kind is created or replaced by the shop's own id (its key), or deleted, inside the caller's
 * transaction. A record that points at something unknown, or clashes with another record's
 * unique value, is refused with a RecordError naming the field.
 */
import {
  addressText,
  fullName,
  type NotificationEvent,
  type OrderAddress,
  type OrderAddressRecord,
  type RECORD_KINDS,
  type RecordKey,
  type RecordKind,
  toTenThousandths,
} from '@account/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import type { MailMessage } from '../../integrations/mail/mail-transport.js';
import type { orderShopRecords } from '../orders/shop-records.js';
import type { preferenceShopRecords } from '../preferences/shop-records.js';
import type { productShopRecords } from '../products/shop-records.js';
import type { shopperShopRecords } from '../profile/shop-records.js';
import type { rewardShopRecords } from '../rewards/shop-records.js';
import type { settingsShopRecords } from '../settings/shop-records.js';

export type DataOf<K extends RecordKind> = z.output<(typeof RECORD_KINDS)[K]['data']>;

/**
 * A record refused for what it says, with the fields at fault. A domain error: the integration
 * routes answer it as a 400 validation error, a batch reports it beside the record.
 */
export class RecordError extends Error {
  /**
   * unknownParent: the record belongs to something the account area does not have (a shipment's
   * order, an event's shipment): a 404, as for a path that leads nowhere.
   */
  constructor(
    readonly fields: Record<string, string>,
    readonly unknownParent = false,
  ) {
    super(unknownParent ? 'The record belongs to something unknown' : 'The record was refused');
  }
}

export type PutOutcome = 'created' | 'updated';
export type DeleteOutcome = 'deleted' | 'absent';

/** What a change touched beyond its own rows, for caches and listeners. */
export interface ChangeEffects {
  /** Site settings, lists, pages or texts changed: the settings cache must be read again. */
  settings: boolean;
  /** A shopper was deleted: the old bytes of its rows are cleared from the database's files. */
  erased: boolean;
}

/** What a change needs besides its record: the time, and the locale a new shopper starts with. */
export interface PutContext {
  now: string;
  defaults: { language: string; country: string; currency: string };
  /** How far a price must fall, in percent, to be a change wishlists hear of (issue 47). */
  priceDropThreshold: number;
  /** Where the account area is (links in the notices a change queues). */
  accountUrl: string;
}

interface PutResult {
  outcome: PutOutcome;
  effects?: Partial<ChangeEffects>;
  notice?: string;
}
interface DeleteResult {
  outcome: DeleteOutcome;
  effects?: Partial<ChangeEffects>;
}

/** The owning modules' writes, bound to one transaction. */
export interface Owners {
  shoppers: ReturnType<typeof shopperShopRecords>;
  preferences: ReturnType<typeof preferenceShopRecords>;
  products: ReturnType<typeof productShopRecords>;
  orders: ReturnType<typeof orderShopRecords>;
  rewards: ReturnType<typeof rewardShopRecords>;
  settings: ReturnType<typeof settingsShopRecords>;
  /** Issue 47: queues what the shopper chose to hear of a change, in the change's transaction. */
  notices: {
    tell(shopperId: number, event: Exclude<NotificationEvent, 'security'>, message: MailMessage): Promise<void>;
    order(orderId: number): Promise<{ id: number; shopperId: number; orderNumber: string } | undefined>;
  };
}

/**
 * Binds the owning modules' shop-record APIs to an executor (the database, or a transaction):
 * made by the composition root (services.ts), which builds every repository.
 */
export type OwnersOn = (executor: Kysely<Database>) => Owners;

type PutHandler<K extends RecordKind> = (
  w: Owners,
  key: RecordKey,
  data: DataOf<K>,
  ctx: PutContext,
) => Promise<PutResult>;
type DeleteHandler = (w: Owners, key: RecordKey) => Promise<DeleteResult>;

const SETTINGS_CHANGED: Partial<ChangeEffects> = { settings: true };
const put_ = (created: boolean): PutOutcome => (created ? 'created' : 'updated');
const delete_ = (deleted: boolean): DeleteOutcome => (deleted ? 'deleted' : 'absent');

const keyOf = (k: RecordKey, name: string): string => {
  const value = k[name];
  if (value === undefined) throw new RecordError({ [name]: 'Missing' });
  return value;
};

/** The local id of a referenced record, or a field error naming the reference. */
/** The message a carrier's event is for the shopper; a label made is no news to them. */
type ParcelNotice = 'orderShipped' | 'outForDelivery' | 'delivered' | 'deliveryProblem';
const NOTICE_OF: Partial<Record<DataOf<'shipmentEvent'>['status'], ParcelNotice>> = {
  inTransit: 'orderShipped',
  outForDelivery: 'outForDelivery',
  delivered: 'delivered',
  deliveryAttempted: 'deliveryProblem',
  exception: 'deliveryProblem',
  returnedToSender: 'deliveryProblem',
};

/** A shop loading its history tells no one: only what happened in the last two days is news. */
const NEWS_MS = 2 * 86_400_000;
const isNews = (at: string, now: string) => Date.parse(now) - Date.parse(at) <= NEWS_MS;

async function referenced(lookup: Promise<number | undefined>, externalId: string, field: string): Promise<number> {
  const id = await lookup;
  if (id === undefined) throw new RecordError({ [field]: `No ${field.toLowerCase()} has the id ${externalId}` });
  return id;
}

/** The shipment a shipment event belongs to (by the key's `shipment`), or a 404 naming it. */
async function eventShipment(w: Owners, k: RecordKey) {
  const shipment = keyOf(k, 'shipment');
  const found = await w.orders.shipments.find(shipment);
  if (!found) throw new RecordError({ shipment: `No shipment has the id ${shipment}` }, true);
  return found;
}

/** The return an update belongs to (by the key's `return`, its number), or a 404 naming it. */
async function updatedReturn(w: Owners, k: RecordKey) {
  const number = keyOf(k, 'return');
  const found = await w.orders.returns.findByNumber(number);
  if (!found) throw new RecordError({ return: `No return has the number ${number}` }, true);
  return found;
}

/** Another row already holds this unique value: a field error rather than a database error. */
async function unique(holder: Promise<number | undefined>, ownId: number | undefined, field: string, what: string) {
  const other = await holder;
  if (other !== undefined && other !== ownId) throw new RecordError({ [field]: `Another record has this ${what}` });
}

/** A code from the shop's lists, spelled as the list spells it, or a field error. */
async function listCode(w: Owners, table: 'languages' | 'currencies' | 'countries', code: string, field: string) {
  const match = (await w.settings.codes(table)).find((listed) => listed.toLowerCase() === code.toLowerCase());
  if (!match) throw new RecordError({ [field]: `The shop offers no ${field.toLowerCase()} ${code}` });
  return match;
}

/** The local ids of interests or newsletters, or a field error listing the unknown ones. */
async function choices(w: Owners, table: 'interests' | 'newsletters', externalIds: readonly string[], field: string) {
  if (externalIds.length === 0) return [];
  const wanted = [...new Set(externalIds)];
  const rows = await w.preferences.idsOfExternal(table, wanted);
  const missing = wanted.filter((id) => !rows.some((row) => row.externalId === id));
  if (missing.length > 0) throw new RecordError({ [field]: `Unknown ids: ${missing.join(', ')}` });
  return rows.map((row) => row.id);
}

const upperCurrency = (code: string) => code.toUpperCase();

function orderAddress(record: OrderAddressRecord | null, countryNames: Map<string, string>): string | null {
  if (!record) return null;
  const parts = { ...record, country: record.country.toUpperCase(), name: fullName(record) };
  const printed: OrderAddress = {
    ...parts,
    text: addressText(parts, (code) => countryNames.get(code) ?? code),
  };
  return JSON.stringify(printed);
}

/** A shopper and a product of theirs (wishlist, recently viewed), both of which must exist. */
async function shopperProduct(w: Owners, k: RecordKey) {
  const shopper = keyOf(k, 'shopper');
  const shopperId = await referenced(w.shoppers.idOf(shopper), shopper, 'Shopper');
  const product = keyOf(k, 'product');
  const productId = await referenced(w.products.idOf(product), product, 'Product');
  return { shopperId, productId };
}

/** The same pair for a delete: undefined when either is unknown (then there is nothing to delete). */
async function knownShopperProduct(w: Owners, k: RecordKey) {
  const shopperId = await w.shoppers.idOf(keyOf(k, 'shopper'));
  const productId = await w.products.idOf(keyOf(k, 'product'));
  return shopperId === undefined || productId === undefined ? undefined : { shopperId, productId };
}

const put: { [K in RecordKind]: PutHandler<K> } = {
  async shopper(w, k, data, { now, defaults }) {
    const externalId = keyOf(k, 'id');
    const { emailVerified, telephoneVerifiedAt } = data;
    const { shopperId, created, unlinked } = await w.shoppers.put(
      externalId,
      {
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
        telephone: data.telephone,
        gender: data.gender,
        birthDate: data.birthDate,
        ...(data.firstTimeLogin === undefined ? {} : { firstTimeLogin: data.firstTimeLogin ? 1 : 0 }),
        ...(data.language ? { defaultLanguage: await listCode(w, 'languages', data.language, 'Language') } : {}),
        ...(data.country ? { defaultCountry: await listCode(w, 'countries', data.country, 'Country') } : {}),
        ...(data.currency ? { defaultCurrency: await listCode(w, 'currencies', data.currency, 'Currency') } : {}),
      },
      {
        ...(emailVerified === undefined ? {} : { emailVerified }),
        ...(telephoneVerifiedAt === undefined ? {} : { telephoneVerifiedAt }),
      },
      now,
      defaults,
    );
    if (data.interests) {
      const ids = await choices(w, 'interests', data.interests, 'Interests');
      await w.preferences.replaceShopperInterests(shopperId, ids);
    }
    if (data.newsletters) {
      const ids = await choices(w, 'newsletters', data.newsletters, 'Newsletters');
      await w.preferences.replaceShopperNewsletters(shopperId, ids);
    }
    const outcome = put_(created);
    return unlinked
      ? {
          outcome,
          notice:
            'Not linked to the account with this email: an account is linked by email only when the shop sends emailVerified: true and the account has verified the address too',
        }
      : { outcome };
  },

  async product(w, k, data, { now, priceDropThreshold }) {
    const currency = upperCurrency(data.price.currency);
    const prices = new Map(data.prices.map((p) => [upperCurrency(p.currency), toTenThousandths(p.amount)]));
    const written = await w.products.put(
      keyOf(k, 'id'),
      {
        name: data.name,
        categoryName: data.categoryName,
        image: data.image,
        url: data.url,
        priceE4: toTenThousandths(data.price.amount),
        currency,
        productType: data.productType,
        availability: data.availability,
        shopUpdatedAt: data.updatedAt ?? null,
        updatedAt: now,
      },
      prices,
      now,
      priceDropThreshold,
    );
    if (written.stale) {
      return { outcome: 'updated', notice: 'Older than the product’s last update (updatedAt): nothing changed' };
    }
    return { outcome: put_(written.created) };
  },

  async order(w, k, data, { now, accountUrl }) {
    const externalId = keyOf(k, 'id');
    const shopperId = await referenced(w.shoppers.idOf(data.shopper), data.shopper, 'Shopper');
    const own = await w.orders.idOf(externalId);
    await unique(w.orders.idWithOrderNumber(data.orderNumber), own, 'OrderNumber', 'order number');
    const currency = upperCurrency(data.currency);
    const countryNames = new Map((await w.settings.countryNames()).map((c) => [c.code, c.name]));
    const localProduct = await w.products.idsOf(data.products.flatMap((p) => (p.product ? [p.product] : [])));
    const { id, created } = await w.orders.put(
      externalId,
      {
        shopperId,
        orderNumber: data.orderNumber,
        accessUrl: data.accessUrl,
        status: data.status,
        currency,
        serviceFeeE4: toTenThousandths(data.serviceFee),
        shippingCostE4: toTenThousandths(data.shippingCost),
        transactionCostE4: toTenThousandths(data.transactionCost),
        discountE4: toTenThousandths(data.discount),
        subTotalE4: toTenThousandths(data.subTotal),
        totalE4: toTenThousandths(data.totalPrice),
        shippingAddress: orderAddress(data.shippingAddress, countryNames),
        billingAddress: orderAddress(data.billingAddress, countryNames),
        createdAt: data.created,
        updatedAt: now,
      },
      data.products.map((p) => ({
        // An order may name products the account area never heard of: 0 stands for none.
        productId: (p.product && localProduct.get(p.product)) || 0,
        categoryName: p.categoryName,
        image: p.image,
        name: p.name,
        url: p.url,
        productType: p.productType,
        priceE4: toTenThousandths(p.price),
        // 0: none from the shop; the line's shipments give it (orders/repository.ts).
        status: p.status ?? 0,
      })),
      data.transactions.map((t) => ({
        method: t.method,
        methodName: t.methodName,
        status: t.status,
        paidE4: toTenThousandths(t.paid),
        createdAt: t.created,
      })),
    );
    if (data.invoice) {
      await unique(w.orders.orderIdWithInvoice(data.invoice.number), id, 'Invoice', 'invoice number');
    }
    await w.orders.putInvoice(id, data.invoice ? { number: data.invoice.number, date: data.invoice.date } : null);
    if (created && isNews(data.created, now)) {
      await w.notices.tell(shopperId, 'orderConfirmed', {
        kind: 'order-update',
        event: 'orderConfirmed',
        orderNumber: data.orderNumber,
        orderUrl: `${accountUrl}/orders/${id}`,
        carrier: null,
        trackingUrl: null,
        detail: null,
        audience: { shopperId, events: ['orderConfirmed'] },
      });
    }
    return { outcome: put_(created) };
  },

  async shipment(w, k, data, { now }) {
    const order = await w.orders.idOf(data.order);
    if (order === undefined) throw new RecordError({ Order: `No order has the id ${data.order}` }, true);
    const lineCount = await w.orders.lineCount(order);
    const outside = data.lines.flatMap((l, i) =>
      l.line < lineCount ? [] : [[`lines.${i}.line`, `The order has ${lineCount} products: 0 to ${lineCount - 1}`]],
    );
    if (outside.length > 0) throw new RecordError(Object.fromEntries(outside));
    const { created } = await w.orders.shipments.put(
      keyOf(k, 'id'),
      {
        orderId: order,
        carrier: data.carrier.name,
        trackingUrl: data.carrier.trackingUrl,
        trackingNumber: data.trackingNumber,
        estimatedFrom: data.estimatedDelivery?.from ?? null,
        estimatedTo: data.estimatedDelivery?.to ?? null,
        lines: data.lines,
      },
      now,
    );
    return { outcome: put_(created) };
  },

  async shipmentEvent(w, k, data, { now, accountUrl }) {
    const shipment = await eventShipment(w, k);
    const { created, latest } = await w.orders.shipments.putEvent(shipment, keyOf(k, 'id'), data, now);
    // The shopper hears of a parcel's new state once, when this event is its latest and is news.
    const event =
      latest && latest.status !== shipment.status && latest.at === data.at ? NOTICE_OF[data.status] : undefined;
    if (event && isNews(data.at, now)) {
      const order = await w.notices.order(shipment.orderId);
      if (order) {
        await w.notices.tell(order.shopperId, event, {
          kind: 'order-update',
          event,
          orderNumber: order.orderNumber,
          orderUrl: `${accountUrl}/orders/${order.id}`,
          carrier: shipment.carrier,
          trackingUrl: shipment.trackingUrl,
          detail: event === 'deliveryProblem' ? data.description || null : null,
          audience: { shopperId: order.shopperId, events: [event] },
        });
      }
    }
    return { outcome: put_(created) };
  },

  async returnRules(w, k, data, { now }) {
    const order = keyOf(k, 'order');
    const id = await w.orders.idOf(order);
    if (id === undefined) throw new RecordError({ order: `No order has the id ${order}` }, true);
    const lineCount = await w.orders.lineCount(id);
    const outside = data.lines.flatMap((l, i) =>
      l.line < lineCount ? [] : [[`lines.${i}.line`, `The order has ${lineCount} products: 0 to ${lineCount - 1}`]],
    );
    if (outside.length > 0) throw new RecordError(Object.fromEntries(outside));
    const { created } = await w.orders.returns.putRules(id, data.lines, now);
    return { outcome: put_(created) };
  },

  async returnUpdate(w, k, data, { now, accountUrl }) {
    const found = await updatedReturn(w, k);
    // The shopper took it back: nothing the shop says moves it on.
    if (found.status === 'cancelled') throw new RecordError({ status: 'The shopper cancelled this return' });
    const { created } = await w.orders.returns.putUpdate(
      found.id,
      keyOf(k, 'id'),
      {
        status: data.status,
        at: data.at,
        reason: data.reason,
        labelUrl: data.label?.url ?? null,
        labelKind: data.label?.kind ?? null,
        refundE4: data.refund ? toTenThousandths(data.refund.amount) : null,
        refundCurrency: data.refund ? upperCurrency(data.refund.currency) : null,
        refundTo: data.refund?.to ?? null,
      },
      now,
    );
    if (created && isNews(data.at, now)) {
      await w.notices.tell(found.shopperId, 'returnUpdate', {
        kind: 'return-update',
        returnNumber: found.number,
        status: data.status,
        returnUrl: `${accountUrl}/orders/returns`,
        audience: { shopperId: found.shopperId, events: ['returnUpdate'] },
      });
    }
    return { outcome: put_(created) };
  },

  async voucherCampaign(w, k, data, { now }) {
    const externalId = keyOf(k, 'id');
    const claimCode = data.claimCode;
    if (claimCode) {
      const own = await w.rewards.campaignIdOf(externalId);
      await unique(w.rewards.campaignIdWithClaimCode(claimCode), own, 'ClaimCode', 'claim code');
    }
    const currency = upperCurrency(data.discount.currency);
    const { id, created } = await w.rewards.putCampaign(
      externalId,
      {
        name: data.name,
        claimCode,
        discountPercentage: data.discount.percentage,
        discountAmountE4: toTenThousandths(data.discount.amount),
        currency,
        limited: data.limited ? 1 : 0,
        expireDate: data.expireDate,
      },
      now,
    );
    const codes = [...new Set(data.codes)];
    if (codes.length > 0) {
      const taken = await w.rewards.poolCodes(codes);
      const elsewhere = taken.filter((t) => t.campaignId !== id).map((t) => t.code);
      if (elsewhere.length > 0) throw new RecordError({ Codes: `Codes of another campaign: ${elsewhere.join(', ')}` });
      const fresh = codes.filter((code) => !taken.some((t) => t.code === code));
      if (fresh.length > 0) await w.rewards.addPoolCodes(id, fresh);
    }
    return { outcome: put_(created) };
  },

  async voucher(w, k, data, { now }) {
    const externalId = keyOf(k, 'id');
    const shopperId = await referenced(w.shoppers.idOf(data.shopper), data.shopper, 'Shopper');
    const campaignId = await referenced(w.rewards.campaignIdOf(data.campaign), data.campaign, 'Campaign');
    const code = data.code;
    if (code) {
      const own = await w.rewards.voucherIdOf(externalId);
      await unique(w.rewards.voucherIdWithCode(code), own, 'Code', 'code');
    }
    const { created } = await w.rewards.putVoucher(
      externalId,
      {
        shopperId,
        campaignId,
        code,
        used: data.used,
        redeemDate: data.redeemDate,
        claimDate: data.claimDate,
        expireDate: data.expireDate,
      },
      now,
    );
    return { outcome: put_(created) };
  },

  async achievement(w, k, data, { now }) {
    const { created } = await w.rewards.putAchievement(
      keyOf(k, 'id'),
      {
        name: data.name,
        detail: data.detail,
        description: data.description,
        reward: data.reward,
        icon: data.icon,
        scaleType: data.scaleType,
        totalProgress: data.totalProgress,
        currency: data.currency ? upperCurrency(data.currency) : null,
        viewOrder: data.viewOrder,
      },
      now,
    );
    return { outcome: put_(created) };
  },

  async achievementProgress(w, k, data) {
    const shopper = keyOf(k, 'shopper');
    const shopperId = await referenced(w.shoppers.idOf(shopper), shopper, 'Shopper');
    const achievement = keyOf(k, 'achievement');
    const achievementId = await referenced(w.rewards.achievementIdOf(achievement), achievement, 'Achievement');
    return { outcome: put_(await w.rewards.putProgress(shopperId, achievementId, data.progress)) };
  },

  async wishlistItem(w, k, data, { now }) {
    const { shopperId, productId } = await shopperProduct(w, k);
    return { outcome: put_(await w.rewards.putWishlistItem(shopperId, productId, data.addedAt ?? now)) };
  },

  async recentlyViewed(w, k, data, { now }) {
    const { shopperId, productId } = await shopperProduct(w, k);
    return { outcome: put_(await w.shoppers.putRecentlyViewed(shopperId, productId, data.viewedAt ?? now)) };
  },

  async customPage(w, k, data) {
    const externalId = keyOf(k, 'id');
    const own = await w.settings.pageIdOf(externalId);
    await unique(w.settings.pageIdWithName(data.name), own, 'Name', 'name');
    const { created } = await w.settings.putPage(externalId, {
      name: data.name,
      title: data.title,
      titles: data.titles,
      url: data.url,
      layout: data.layout,
      iconUrl: data.iconUrl,
      section: data.section,
      viewOrder: data.viewOrder,
    });
    return { outcome: put_(created), effects: SETTINGS_CHANGED };
  },

  async translations(w, k, data) {
    const languageCode = await listCode(w, 'languages', keyOf(k, 'language'), 'Language');
    const hadTexts = await w.settings.mergeTranslations(languageCode, data.entries);
    return { outcome: put_(!hadTexts), effects: SETTINGS_CHANGED };
  },

  async language(w, k, data) {
    const existed = await w.settings.putLanguage({
      code: keyOf(k, 'code').toLowerCase(),
      name: data.name,
      isDefault: data.isDefault ? 1 : 0,
      viewOrder: data.viewOrder,
    });
    return { outcome: put_(!existed), effects: SETTINGS_CHANGED };
  },

  async currency(w, k, data) {
    const existed = await w.settings.putCurrency({
      code: keyOf(k, 'code').toUpperCase(),
      displayName: data.displayName,
      sign: data.sign,
      viewOrder: data.viewOrder,
    });
    return { outcome: put_(!existed), effects: SETTINGS_CHANGED };
  },

  async country(w, k, data) {
    const existed = await w.settings.putCountry({
      code: keyOf(k, 'code').toUpperCase(),
      name: data.name,
      isShipping: data.isShipping ? 1 : 0,
      viewOrder: data.viewOrder,
    });
    return { outcome: put_(!existed), effects: SETTINGS_CHANGED };
  },

  async interest(w, k, data) {
    const { created } = await w.preferences.putInterest(keyOf(k, 'id'), { name: data.name, viewOrder: data.viewOrder });
    return { outcome: put_(created) };
  },

  async newsletter(w, k, data) {
    const { created } = await w.preferences.putNewsletter(keyOf(k, 'id'), {
      name: data.name,
      mailType: data.mailType,
      viewOrder: data.viewOrder,
    });
    return { outcome: put_(created) };
  },
};

const remove: Record<RecordKind, DeleteHandler> = {
  shopper: async (w, k) => {
    const deleted = await w.shoppers.remove(keyOf(k, 'id'));
    return { outcome: delete_(deleted), effects: { erased: deleted } };
  },
  product: async (w, k) => ({ outcome: delete_(await w.products.delete(keyOf(k, 'id'))) }),
  order: async (w, k) => ({ outcome: delete_(await w.orders.remove(keyOf(k, 'id'))) }),
  shipment: async (w, k) => ({ outcome: delete_(await w.orders.shipments.remove(keyOf(k, 'id'))) }),
  async shipmentEvent(w, k) {
    const shipment = await w.orders.shipments.find(keyOf(k, 'shipment'));
    return {
      outcome: delete_(shipment !== undefined && (await w.orders.shipments.removeEvent(shipment, keyOf(k, 'id')))),
    };
  },
  async returnRules(w, k) {
    const id = await w.orders.idOf(keyOf(k, 'order'));
    return { outcome: delete_(id !== undefined && (await w.orders.returns.removeRules(id))) };
  },
  async returnUpdate(w, k) {
    const found = await w.orders.returns.findByNumber(keyOf(k, 'return'));
    return {
      outcome: delete_(
        found !== undefined &&
          (await w.orders.returns.removeUpdate(found.id, keyOf(k, 'id'), new Date().toISOString())),
      ),
    };
  },
  voucherCampaign: async (w, k) => ({ outcome: delete_(await w.rewards.deleteCampaign(keyOf(k, 'id'))) }),
  voucher: async (w, k) => ({ outcome: delete_(await w.rewards.deleteVoucher(keyOf(k, 'id'))) }),
  achievement: async (w, k) => ({ outcome: delete_(await w.rewards.deleteAchievement(keyOf(k, 'id'))) }),
  async achievementProgress(w, k) {
    const shopperId = await w.shoppers.idOf(keyOf(k, 'shopper'));
    const achievementId = await w.rewards.achievementIdOf(keyOf(k, 'achievement'));
    if (shopperId === undefined || achievementId === undefined) return { outcome: 'absent' };
    return { outcome: delete_(await w.rewards.deleteProgress(shopperId, achievementId)) };
  },
  async wishlistItem(w, k) {
    const pair = await knownShopperProduct(w, k);
    return {
      outcome: delete_(pair !== undefined && (await w.rewards.deleteWishlistItem(pair.shopperId, pair.productId))),
    };
  },
  async recentlyViewed(w, k) {
    const pair = await knownShopperProduct(w, k);
    return {
      outcome: delete_(pair !== undefined && (await w.shoppers.removeRecentlyViewed(pair.shopperId, pair.productId))),
    };
  },
  customPage: async (w, k) => ({
    outcome: delete_(await w.settings.deletePage(keyOf(k, 'id'))),
    effects: SETTINGS_CHANGED,
  }),
  translations: async (w, k) => ({
    outcome: delete_(await w.settings.deleteTranslations(keyOf(k, 'language'))),
    effects: SETTINGS_CHANGED,
  }),
  language: async (w, k) => ({
    outcome: delete_(await w.settings.deleteListEntry('languages', keyOf(k, 'code'))),
    effects: SETTINGS_CHANGED,
  }),
  currency: async (w, k) => ({
    outcome: delete_(await w.settings.deleteListEntry('currencies', keyOf(k, 'code'))),
    effects: SETTINGS_CHANGED,
  }),
  country: async (w, k) => ({
    outcome: delete_(await w.settings.deleteListEntry('countries', keyOf(k, 'code'))),
    effects: SETTINGS_CHANGED,
  }),
  interest: async (w, k) => ({ outcome: delete_(await w.preferences.deleteInterest(keyOf(k, 'id'))) }),
  newsletter: async (w, k) => ({ outcome: delete_(await w.preferences.deleteNewsletter(keyOf(k, 'id'))) }),
};

/** Creates or replaces a record of any kind, writing through the modules that own its rows. */
export function putRecord<K extends RecordKind>(
  owners: Owners,
  kind: K,
  k: RecordKey,
  data: DataOf<K>,
  ctx: PutContext,
) {
  const handler: PutHandler<K> = put[kind];
  return handler(owners, k, data, ctx);
}

export function deleteRecord(owners: Owners, kind: RecordKind, k: RecordKey): Promise<DeleteResult> {
  return remove[kind](owners, k);
}
