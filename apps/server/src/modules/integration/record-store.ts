/**
 * SQL of the integration API: each record kind is created or replaced by the shop's own id (its
 * key), or deleted, inside the caller's transaction. A record that points at something unknown,
 * or clashes with another record's unique value, is refused with a field error naming it.
 */
import {
  addressText,
  ERROR_CODES,
  fullName,
  type OrderAddress,
  type OrderAddressRecord,
  type RECORD_KINDS,
  type RecordKey,
  type RecordKind,
  toMinorUnits,
} from '@account/contract';
import type { Generated, Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { emailUnverified, emailVerificationSet } from '../../db/shopper-email.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../http/errors.js';
import { orderSearchText } from '../orders/search-text.js';

type Trx = Transaction<Database>;
type DataOf<K extends RecordKind> = z.output<(typeof RECORD_KINDS)[K]['data']>;

/** A record the store refuses: a 400 whose fields name what is wrong. */
export class RecordError extends AppError {
  constructor(fields: Record<string, string>) {
    super(400, ERROR_CODES.validation, 'The record was refused', fields);
  }
}

export type PutOutcome = 'created' | 'updated';

/** How an email the shop vouches for is marked verified. */
const SHOP_VERIFIED = 'shop';
export type DeleteOutcome = 'deleted' | 'absent';

/** What a change touched beyond its own rows, for caches and listeners. */
export interface ChangeEffects {
  /** Site settings, lists, pages or texts changed: the settings cache must be read again. */
  settings: boolean;
}

type ExternalTable =
  | 'shoppers'
  | 'products'
  | 'orders'
  | 'voucherCampaigns'
  | 'vouchers'
  | 'achievements'
  | 'customPages'
  | 'interests'
  | 'newsletters';

/**
 * The tables with an external id seen through the two columns they share, so one function can
 * look up, write and delete rows of any of them; each caller builds the values of its own table.
 */
type ExternalRows = Record<ExternalTable, { id: Generated<number>; externalId: string | null }>;
const external = (db: Kysely<Database>) => db as unknown as Kysely<ExternalRows>;

async function idOf(db: Kysely<Database>, table: ExternalTable, externalId: string): Promise<number | undefined> {
  const row = await external(db).selectFrom(table).select('id').where('externalId', '=', externalId).executeTakeFirst();
  return row?.id;
}

/** The local id of a referenced record, or a field error naming the reference. */
async function referenced(trx: Trx, table: ExternalTable, externalId: string, field: string): Promise<number> {
  const id = await idOf(trx, table, externalId);
  if (id === undefined) throw new RecordError({ [field]: `No ${field.toLowerCase()} has the id ${externalId}` });
  return id;
}

/** Inserts or updates the row with this external id; answers the local id and what happened. */
async function upsertByExternalId(
  trx: Trx,
  table: ExternalTable,
  externalId: string,
  values: Record<string, unknown>,
  createOnly: Record<string, unknown> = {},
): Promise<{ id: number; outcome: PutOutcome }> {
  const existing = await idOf(trx, table, externalId);
  if (existing !== undefined) {
    // why: the values are built per table by the callers below, from the record's own schema.
    await external(trx)
      .updateTable(table)
      .set(values as never)
      .where('id', '=', existing)
      .execute();
    return { id: existing, outcome: 'updated' };
  }
  const { id } = await external(trx)
    .insertInto(table)
    // why: as above; the column names are the table's own.
    .values({ ...createOnly, ...values, externalId } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, outcome: 'created' };
}

async function deleteByExternalId(trx: Trx, table: ExternalTable, externalId: string): Promise<DeleteOutcome> {
  const result = await external(trx).deleteFrom(table).where('externalId', '=', externalId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? 'deleted' : 'absent';
}

/** A code from the shop's lists, spelled as the list spells it, or a field error. */
async function listCode(
  trx: Trx,
  table: 'languages' | 'currencies' | 'countries',
  code: string,
  field: string,
): Promise<string> {
  const rows = await trx.selectFrom(table).select('code').execute();
  const match = rows.find((row) => row.code.toLowerCase() === code.toLowerCase());
  if (!match) throw new RecordError({ [field]: `The shop offers no ${field.toLowerCase()} ${code}` });
  return match.code;
}

/** Another row already holds this unique value: a field error rather than a database error. */
async function unique(
  check: () => Promise<{ id: number } | undefined>,
  ownId: number | undefined,
  field: string,
  what: string,
): Promise<void> {
  const other = await check();
  if (other && other.id !== ownId) throw new RecordError({ [field]: `Another record has this ${what}` });
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

async function idsOfExternal(
  trx: Trx,
  table: 'interests' | 'newsletters',
  externalIds: readonly string[],
  field: string,
): Promise<number[]> {
  if (externalIds.length === 0) return [];
  const rows = await trx
    .selectFrom(table)
    .select(['id', 'externalId'])
    .where('externalId', 'in', [...new Set(externalIds)])
    .execute();
  const missing = [...new Set(externalIds)].filter((id) => !rows.some((row) => row.externalId === id));
  if (missing.length > 0) throw new RecordError({ [field]: `Unknown ids: ${missing.join(', ')}` });
  return rows.map((row) => row.id);
}

/** What a change needs besides its record: the time, and the locale a new shopper starts with. */
export interface PutContext {
  now: string;
  defaults: { language: string; country: string; currency: string };
}

type PutHandler<K extends RecordKind> = (
  trx: Trx,
  key: RecordKey,
  data: DataOf<K>,
  ctx: PutContext,
) => Promise<{ outcome: PutOutcome; effects?: Partial<ChangeEffects>; notice?: string }>;
type DeleteHandler = (
  trx: Trx,
  key: RecordKey,
) => Promise<{ outcome: DeleteOutcome; effects?: Partial<ChangeEffects> }>;

const key = (k: RecordKey, name: string): string => {
  const value = k[name];
  if (value === undefined) throw new RecordError({ [name]: 'Missing' });
  return value;
};

const put: { [K in RecordKind]: PutHandler<K> } = {
  async shopper(trx, k, data, { now, defaults }) {
    const externalId = key(k, 'id');
    const existing = await trx
      .selectFrom('shoppers')
      .select(['id', 'telephone'])
      .where('externalId', '=', externalId)
      .executeTakeFirst();
    // A shopper who signed in before the shop sent them is linked by email, once, and only when
    // both sides vouch for the address (DESIGN §6): otherwise an address someone typed into their
    // account would pull another person's orders and addresses into it.
    const sameEmail = existing
      ? []
      : await trx
          .selectFrom('shoppers')
          .select(['id', 'telephone', 'emailVerifiedBy'])
          .where((eb) => eb(eb.fn('lower', ['email']), '=', data.email.toLowerCase()))
          .where('externalId', 'is', null)
          .orderBy('id')
          .execute();
    const linked =
      existing ??
      (data.emailVerified === true ? sameEmail.find((shopper) => shopper.emailVerifiedBy !== null) : undefined);
    const notice =
      linked === undefined && sameEmail.length > 0
        ? 'Not linked to the account with this email: an account is linked by email only when the shop sends emailVerified: true and the account has verified the address too'
        : undefined;
    const locale = {
      ...(data.language ? { defaultLanguage: await listCode(trx, 'languages', data.language, 'Language') } : {}),
      ...(data.country ? { defaultCountry: await listCode(trx, 'countries', data.country, 'Country') } : {}),
      ...(data.currency ? { defaultCurrency: await listCode(trx, 'currencies', data.currency, 'Currency') } : {}),
    };
    const telephoneChanged = linked !== undefined && linked.telephone !== data.telephone;
    const verify =
      data.telephoneVerifiedAt !== undefined
        ? { telephoneVerifyDate: data.telephoneVerifiedAt }
        : telephoneChanged
          ? { telephoneVerifyDate: null }
          : {};
    const verification =
      data.emailVerified === false
        ? emailUnverified()
        : emailVerificationSet(data.email, now, data.emailVerified ? SHOP_VERIFIED : undefined);
    const values = {
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      telephone: data.telephone,
      gender: data.gender,
      birthDate: data.birthDate,
      ...verify,
      ...(data.firstTimeLogin === undefined ? {} : { firstTimeLogin: data.firstTimeLogin ? 1 : 0 }),
      ...locale,
      updatedAt: now,
    };
    let shopperId: number;
    let outcome: PutOutcome;
    if (linked) {
      await trx
        .updateTable('shoppers')
        .set({ ...values, ...verification, externalId })
        .where('id', '=', linked.id)
        .execute();
      shopperId = linked.id;
      outcome = existing ? 'updated' : 'created';
    } else {
      const created = await trx
        .insertInto('shoppers')
        .values({
          defaultLanguage: defaults.language,
          defaultCountry: defaults.country,
          defaultCurrency: defaults.currency,
          imageUrl: null,
          telephoneVerifyDate: null,
          firstTimeLogin: 0,
          createdAt: now,
          ...values,
          ...(data.emailVerified ? { emailVerifiedBy: SHOP_VERIFIED, emailVerifiedAt: now } : {}),
          externalId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      shopperId = created.id;
      outcome = 'created';
    }
    if (data.interests) {
      const ids = await idsOfExternal(trx, 'interests', data.interests, 'Interests');
      await trx.deleteFrom('shopperInterests').where('shopperId', '=', shopperId).execute();
      if (ids.length > 0) {
        await trx
          .insertInto('shopperInterests')
          .values(ids.map((interestId) => ({ shopperId, interestId })))
          .execute();
      }
    }
    if (data.newsletters) {
      const ids = await idsOfExternal(trx, 'newsletters', data.newsletters, 'Newsletters');
      await trx.deleteFrom('shopperNewsletters').where('shopperId', '=', shopperId).execute();
      if (ids.length > 0) {
        await trx
          .insertInto('shopperNewsletters')
          .values(ids.map((newsletterId) => ({ shopperId, newsletterId })))
          .execute();
      }
    }
    return notice ? { outcome, notice } : { outcome };
  },

  async product(trx, k, data, { now }) {
    const values = {
      name: data.name,
      categoryName: data.categoryName,
      image: data.image,
      url: data.url,
      priceMinor: toMinorUnits(data.price.amount, data.price.currency),
      currency: upperCurrency(data.price.currency),
      productType: data.productType,
      updatedAt: now,
    };
    const { id, outcome } = await upsertByExternalId(trx, 'products', key(k, 'id'), values, { createdAt: now });
    await trx.deleteFrom('productPrices').where('productId', '=', id).execute();
    const prices = new Map(data.prices.map((p) => [upperCurrency(p.currency), toMinorUnits(p.amount, p.currency)]));
    prices.delete(values.currency);
    if (prices.size > 0) {
      await trx
        .insertInto('productPrices')
        .values([...prices].map(([currency, priceMinor]) => ({ productId: id, currency, priceMinor })))
        .execute();
    }
    return { outcome };
  },

  async order(trx, k, data, { now }) {
    const externalId = key(k, 'id');
    const shopperId = await referenced(trx, 'shoppers', data.shopper, 'Shopper');
    const own = await idOf(trx, 'orders', externalId);
    await unique(
      () => trx.selectFrom('orders').select('id').where('orderNumber', '=', data.orderNumber).executeTakeFirst(),
      own,
      'OrderNumber',
      'order number',
    );
    const currency = upperCurrency(data.currency);
    const minor = (amount: number) => toMinorUnits(amount, currency);
    const countries = await trx.selectFrom('countries').select(['code', 'name']).execute();
    const countryNames = new Map(countries.map((c) => [c.code, c.name]));
    const values = {
      shopperId,
      orderNumber: data.orderNumber,
      accessUrl: data.accessUrl,
      status: data.status,
      currency,
      serviceFeeMinor: minor(data.serviceFee),
      shippingCostMinor: minor(data.shippingCost),
      transactionCostMinor: minor(data.transactionCost),
      discountMinor: minor(data.discount),
      subTotalMinor: minor(data.subTotal),
      totalMinor: minor(data.totalPrice),
      shippingAddress: orderAddress(data.shippingAddress, countryNames),
      billingAddress: orderAddress(data.billingAddress, countryNames),
      searchText: orderSearchText(
        data.orderNumber,
        data.products.map((p) => p.name),
      ),
      createdAt: data.created,
      updatedAt: now,
    };
    const { id, outcome } = await upsertByExternalId(trx, 'orders', externalId, values);

    const productIds = await trx
      .selectFrom('products')
      .select(['id', 'externalId'])
      .where('externalId', 'in', data.products.flatMap((p) => (p.product ? [p.product] : [])).concat(['']))
      .execute();
    const localProduct = new Map(productIds.map((p) => [p.externalId, p.id]));
    await trx.deleteFrom('orderProducts').where('orderId', '=', id).execute();
    if (data.products.length > 0) {
      await trx
        .insertInto('orderProducts')
        .values(
          data.products.map((p, position) => ({
            orderId: id,
            position,
            // An order may name products the account area never heard of: 0 stands for none.
            productId: (p.product && localProduct.get(p.product)) || 0,
            categoryName: p.categoryName,
            image: p.image,
            name: p.name,
            url: p.url,
            productType: p.productType,
            priceMinor: minor(p.price),
            status: p.status,
          })),
        )
        .execute();
    }
    await trx.deleteFrom('orderTransactions').where('orderId', '=', id).execute();
    if (data.transactions.length > 0) {
      await trx
        .insertInto('orderTransactions')
        .values(
          data.transactions.map((t) => ({
            orderId: id,
            method: t.method,
            methodName: t.methodName,
            status: t.status,
            paidMinor: minor(t.paid),
            createdAt: t.created,
          })),
        )
        .execute();
    }
    if (data.invoice) {
      const invoice = data.invoice;
      await unique(
        () =>
          trx.selectFrom('invoices').select('orderId as id').where('number', '=', invoice.number).executeTakeFirst(),
        id,
        'Invoice',
        'invoice number',
      );
      await trx
        .insertInto('invoices')
        .values({ orderId: id, number: invoice.number, date: invoice.date })
        .onConflict((oc) => oc.column('orderId').doUpdateSet({ number: invoice.number, date: invoice.date }))
        .execute();
    } else {
      await trx.deleteFrom('invoices').where('orderId', '=', id).execute();
    }
    return { outcome };
  },

  async voucherCampaign(trx, k, data, { now }) {
    const externalId = key(k, 'id');
    const own = await idOf(trx, 'voucherCampaigns', externalId);
    const claimCode = data.claimCode;
    if (claimCode) {
      await unique(
        () =>
          trx
            .selectFrom('voucherCampaigns')
            .select('id')
            .where((eb) => eb(eb.fn('lower', ['claimCode']), '=', claimCode.toLowerCase()))
            .executeTakeFirst(),
        own,
        'ClaimCode',
        'claim code',
      );
    }
    const currency = upperCurrency(data.discount.currency);
    const { id, outcome } = await upsertByExternalId(
      trx,
      'voucherCampaigns',
      externalId,
      {
        name: data.name,
        claimCode,
        discountPercentage: data.discount.percentage,
        discountAmountMinor: toMinorUnits(data.discount.amount, currency),
        currency,
        limited: data.limited ? 1 : 0,
        expireDate: data.expireDate,
      },
      { createdAt: now },
    );
    const codes = [...new Set(data.codes)];
    if (codes.length > 0) {
      const taken = await trx
        .selectFrom('voucherCodes')
        .select(['code', 'campaignId'])
        .where('code', 'in', codes)
        .execute();
      const elsewhere = taken.filter((t) => t.campaignId !== id).map((t) => t.code);
      if (elsewhere.length > 0) throw new RecordError({ Codes: `Codes of another campaign: ${elsewhere.join(', ')}` });
      const fresh = codes.filter((code) => !taken.some((t) => t.code === code));
      if (fresh.length > 0) {
        await trx
          .insertInto('voucherCodes')
          .values(fresh.map((code) => ({ campaignId: id, code, voucherId: null })))
          .execute();
      }
    }
    return { outcome };
  },

  async voucher(trx, k, data, { now }) {
    const externalId = key(k, 'id');
    const shopperId = await referenced(trx, 'shoppers', data.shopper, 'Shopper');
    const campaignId = await referenced(trx, 'voucherCampaigns', data.campaign, 'Campaign');
    const own = await idOf(trx, 'vouchers', externalId);
    const code = data.code;
    if (code) {
      await unique(
        () => trx.selectFrom('vouchers').select('id').where('code', '=', code).executeTakeFirst(),
        own,
        'Code',
        'code',
      );
    }
    const { outcome } = await upsertByExternalId(
      trx,
      'vouchers',
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
      { createdAt: now },
    );
    return { outcome };
  },

  async achievement(trx, k, data, { now }) {
    const { outcome } = await upsertByExternalId(
      trx,
      'achievements',
      key(k, 'id'),
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
      { createdAt: now },
    );
    return { outcome };
  },

  async achievementProgress(trx, k, data) {
    const shopperId = await referenced(trx, 'shoppers', key(k, 'shopper'), 'Shopper');
    const achievementId = await referenced(trx, 'achievements', key(k, 'achievement'), 'Achievement');
    const existing = await trx
      .selectFrom('shopperAchievements')
      .select('progress')
      .where('shopperId', '=', shopperId)
      .where('achievementId', '=', achievementId)
      .executeTakeFirst();
    // The claim date is the shopper's to set, by claiming; the shop reports progress only.
    await trx
      .insertInto('shopperAchievements')
      .values({ shopperId, achievementId, progress: data.progress, claimDate: null })
      .onConflict((oc) => oc.columns(['shopperId', 'achievementId']).doUpdateSet({ progress: data.progress }))
      .execute();
    return { outcome: existing ? 'updated' : 'created' };
  },

  async wishlistItem(trx, k, data, { now }) {
    return productOfShopper(trx, 'wishlistItems', 'addedAt', k, data.addedAt ?? now);
  },

  async recentlyViewed(trx, k, data, { now }) {
    return productOfShopper(trx, 'recentlyViewed', 'viewedAt', k, data.viewedAt ?? now);
  },

  async customPage(trx, k, data) {
    const externalId = key(k, 'id');
    const own = await idOf(trx, 'customPages', externalId);
    await unique(
      () => trx.selectFrom('customPages').select('id').where('name', '=', data.name).executeTakeFirst(),
      own,
      'Name',
      'name',
    );
    const { outcome } = await upsertByExternalId(trx, 'customPages', externalId, {
      name: data.name,
      title: data.title,
      url: data.url,
      layout: data.layout,
      iconUrl: data.iconUrl,
      section: data.section,
      viewOrder: data.viewOrder,
    });
    return { outcome, effects: { settings: true } };
  },

  async translations(trx, k, data) {
    const languageCode = await listCode(trx, 'languages', key(k, 'language'), 'Language');
    const before = await trx
      .selectFrom('translations')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('languageCode', '=', languageCode)
      .executeTakeFirstOrThrow();
    for (const [textKey, value] of Object.entries(data.entries)) {
      if (value === null) {
        await trx
          .deleteFrom('translations')
          .where('languageCode', '=', languageCode)
          .where('key', '=', textKey)
          .execute();
      } else {
        await trx
          .insertInto('translations')
          .values({ languageCode, key: textKey, value })
          .onConflict((oc) => oc.columns(['languageCode', 'key']).doUpdateSet({ value }))
          .execute();
      }
    }
    return { outcome: Number(before.count) > 0 ? 'updated' : 'created', effects: { settings: true } };
  },

  async language(trx, k, data) {
    const code = key(k, 'code').toLowerCase();
    if (data.isDefault) await trx.updateTable('languages').set({ isDefault: 0 }).execute();
    const existing = await trx.selectFrom('languages').select('code').where('code', '=', code).executeTakeFirst();
    await trx
      .insertInto('languages')
      .values({ code, name: data.name, isDefault: data.isDefault ? 1 : 0, viewOrder: data.viewOrder })
      .onConflict((oc) =>
        oc
          .column('code')
          .doUpdateSet({ name: data.name, isDefault: data.isDefault ? 1 : 0, viewOrder: data.viewOrder }),
      )
      .execute();
    return { outcome: existing ? 'updated' : 'created', effects: { settings: true } };
  },

  async currency(trx, k, data) {
    const code = key(k, 'code').toUpperCase();
    const existing = await trx.selectFrom('currencies').select('code').where('code', '=', code).executeTakeFirst();
    const values = { displayName: data.displayName, sign: data.sign, viewOrder: data.viewOrder };
    await trx
      .insertInto('currencies')
      .values({ code, ...values })
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
    return { outcome: existing ? 'updated' : 'created', effects: { settings: true } };
  },

  async country(trx, k, data) {
    const code = key(k, 'code').toUpperCase();
    const existing = await trx.selectFrom('countries').select('code').where('code', '=', code).executeTakeFirst();
    const values = { name: data.name, isShipping: data.isShipping ? 1 : 0, viewOrder: data.viewOrder };
    await trx
      .insertInto('countries')
      .values({ code, ...values })
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
    return { outcome: existing ? 'updated' : 'created', effects: { settings: true } };
  },

  async interest(trx, k, data) {
    const { outcome } = await upsertByExternalId(trx, 'interests', key(k, 'id'), {
      name: data.name,
      viewOrder: data.viewOrder,
    });
    return { outcome };
  },

  async newsletter(trx, k, data) {
    const { outcome } = await upsertByExternalId(trx, 'newsletters', key(k, 'id'), {
      name: data.name,
      mailType: data.mailType,
      viewOrder: data.viewOrder,
    });
    return { outcome };
  },
};

async function productOfShopper(
  trx: Trx,
  table: 'wishlistItems' | 'recentlyViewed',
  column: 'addedAt' | 'viewedAt',
  k: RecordKey,
  at: string,
): Promise<{ outcome: PutOutcome }> {
  const shopperId = await referenced(trx, 'shoppers', key(k, 'shopper'), 'Shopper');
  const productId = await referenced(trx, 'products', key(k, 'product'), 'Product');
  const existing = await trx
    .selectFrom(table)
    .select('productId')
    .where('shopperId', '=', shopperId)
    .where('productId', '=', productId)
    .executeTakeFirst();
  await trx
    .insertInto(table)
    // why: the two tables share shopperId and productId; `column` is the one timestamp each has.
    .values({ shopperId, productId, [column]: at } as never)
    .onConflict((oc) => oc.columns(['shopperId', 'productId']).doUpdateSet({ [column]: at } as never))
    .execute();
  return { outcome: existing ? 'updated' : 'created' };
}

async function shopperProductDelete(
  trx: Trx,
  table: 'wishlistItems' | 'recentlyViewed',
  k: RecordKey,
): Promise<{ outcome: DeleteOutcome }> {
  const shopperId = await idOf(trx, 'shoppers', key(k, 'shopper'));
  const productId = await idOf(trx, 'products', key(k, 'product'));
  if (shopperId === undefined || productId === undefined) return { outcome: 'absent' };
  const result = await trx
    .deleteFrom(table)
    .where('shopperId', '=', shopperId)
    .where('productId', '=', productId)
    .executeTakeFirst();
  return { outcome: Number(result.numDeletedRows) > 0 ? 'deleted' : 'absent' };
}

async function byCode(
  trx: Trx,
  table: 'languages' | 'currencies' | 'countries',
  code: string,
): Promise<{ outcome: DeleteOutcome; effects: Partial<ChangeEffects> }> {
  const result = await trx
    .deleteFrom(table)
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  return { outcome: Number(result.numDeletedRows) > 0 ? 'deleted' : 'absent', effects: { settings: true } };
}

const remove: Record<RecordKind, DeleteHandler> = {
  shopper: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'shoppers', key(k, 'id')) }),
  product: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'products', key(k, 'id')) }),
  order: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'orders', key(k, 'id')) }),
  voucherCampaign: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'voucherCampaigns', key(k, 'id')) }),
  voucher: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'vouchers', key(k, 'id')) }),
  achievement: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'achievements', key(k, 'id')) }),
  async achievementProgress(trx, k) {
    const shopperId = await idOf(trx, 'shoppers', key(k, 'shopper'));
    const achievementId = await idOf(trx, 'achievements', key(k, 'achievement'));
    if (shopperId === undefined || achievementId === undefined) return { outcome: 'absent' };
    const result = await trx
      .deleteFrom('shopperAchievements')
      .where('shopperId', '=', shopperId)
      .where('achievementId', '=', achievementId)
      .executeTakeFirst();
    return { outcome: Number(result.numDeletedRows) > 0 ? 'deleted' : 'absent' };
  },
  wishlistItem: (trx, k) => shopperProductDelete(trx, 'wishlistItems', k),
  recentlyViewed: (trx, k) => shopperProductDelete(trx, 'recentlyViewed', k),
  customPage: async (trx, k) => ({
    outcome: await deleteByExternalId(trx, 'customPages', key(k, 'id')),
    effects: { settings: true },
  }),
  async translations(trx, k) {
    const result = await trx
      .deleteFrom('translations')
      .where((eb) => eb(eb.fn('lower', ['languageCode']), '=', key(k, 'language').toLowerCase()))
      .executeTakeFirst();
    return { outcome: Number(result.numDeletedRows) > 0 ? 'deleted' : 'absent', effects: { settings: true } };
  },
  language: (trx, k) => byCode(trx, 'languages', key(k, 'code')),
  currency: (trx, k) => byCode(trx, 'currencies', key(k, 'code')),
  country: (trx, k) => byCode(trx, 'countries', key(k, 'code')),
  interest: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'interests', key(k, 'id')) }),
  newsletter: async (trx, k) => ({ outcome: await deleteByExternalId(trx, 'newsletters', key(k, 'id')) }),
};

export function putRecord<K extends RecordKind>(trx: Trx, kind: K, k: RecordKey, data: DataOf<K>, ctx: PutContext) {
  return (put[kind] as PutHandler<K>)(trx, k, data, ctx);
}

export function deleteRecord(trx: Trx, kind: RecordKind, k: RecordKey) {
  return remove[kind](trx, k);
}

/** The local id of a shopper by the shop's id. */
export const shopperIdOf = (db: Kysely<Database>, externalId: string) => idOf(db, 'shoppers', externalId);
