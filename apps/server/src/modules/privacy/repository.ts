/**
 * SQL of privacy: reading everything of one shopper for the download, and erasing it. Unlike other
 * modules' repositories this one reads and erases across the other modules' tables, on purpose:
 * shopper-data.ts lists them all, and one transaction must erase them together.
 */
import { fromTenThousandths, type OrderAddress, type PersonalData } from '@account/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { recordEvent } from '../webhooks/outbox.js';
import { DELETED_TABLES } from './shopper-data.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Sections = Omit<PersonalData, 'exportedAt'>;

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
/** The avatar's file in the download: avatar.png, or avatar-2.png and on should there be more. */
const avatarFile = (index: number, contentType: string) =>
  `avatar${index === 0 ? '' : `-${index + 1}`}.${EXTENSIONS[contentType] ?? 'bin'}`;

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(asRecord(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

const asTexts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** An order's address as kept after the erasure: its country and type (what VAT needs), nothing that names a person. */
export function anonymisedAddress(json: string | null): string | null {
  const stored = asRecord(parseJson(json));
  if (json === null) return null;
  const blank: OrderAddress = {
    firstName: '',
    lastName: '',
    name: '',
    companyName: '',
    vatNumber: '',
    addressType: typeof stored.addressType === 'number' ? stored.addressType : 0,
    email: '',
    telephone: '',
    country: typeof stored.country === 'string' ? stored.country : '',
    address: '',
    addressNumber: '',
    addressNumberSuffix: '',
    zipCode: '',
    city: '',
    text: '',
  };
  return JSON.stringify(blank);
}

/** A rate-limit counter's key ends in ':recipient:<address>' (modules/codes/limits.ts). */
const recipientKeySuffix = (address: string) => `:recipient:${address}`;

export function privacyRepository(db: Kysely<Database>) {
  /** Every section of account.json but the time of the export. */
  async function sections(shopperId: number): Promise<Sections | null> {
    const shopper = await db
      .selectFrom('shoppers')
      .select([
        'id',
        'externalId',
        'email',
        'emailVerifiedBy',
        'emailVerifiedAt',
        'pendingEmail',
        'firstName',
        'lastName',
        'gender',
        'birthDate',
        'telephone',
        'telephoneVerifyDate',
        'imageUrl',
        'defaultLanguage',
        'defaultCountry',
        'defaultCurrency',
        'firstTimeLogin',
        'createdAt',
        'updatedAt',
        'deletionDueAt',
        'wishlistAlerts',
      ])
      .where('id', '=', shopperId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!shopper) return null;
    const [
      identities,
      sessions,
      passkeys,
      browsers,
      addresses,
      interests,
      newsletters,
      vouchers,
      achievements,
      returns,
      wishlist,
      recentlyViewed,
      avatars,
      telephoneCodes,
      emailCodes,
      events,
      choices,
      alerts,
    ] = await Promise.all([
      db
        .selectFrom('shopperIdentities')
        .select(['provider', 'subject', 'displayName', 'email', 'emailVerified', 'createdAt', 'lastUsedAt'])
        .where('shopperId', '=', shopperId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('sessions')
        .select(['createdAt', 'lastSeenAt', 'expiresAt', 'method', 'browser', 'os', 'device', 'clientAddress'])
        .where('shopperId', '=', shopperId)
        .orderBy('createdAt')
        .execute(),
      db
        .selectFrom('passkeys')
        .select(['name', 'transports', 'backedUp', 'createdAt', 'lastUsedAt'])
        .where('shopperId', '=', shopperId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('shopperBrowsers')
        .select(['firstSeenAt', 'lastSeenAt'])
        .where('shopperId', '=', shopperId)
        .orderBy('firstSeenAt')
        .execute(),
      db.selectFrom('addresses').selectAll().where('shopperId', '=', shopperId).orderBy('id').execute(),
      db
        .selectFrom('shopperInterests as s')
        .innerJoin('interests as i', 'i.id', 's.interestId')
        .select(['i.id', 'i.name'])
        .where('s.shopperId', '=', shopperId)
        .orderBy('i.id')
        .execute(),
      db
        .selectFrom('shopperNewsletters as s')
        .innerJoin('newsletters as n', 'n.id', 's.newsletterId')
        .select(['n.id', 'n.name'])
        .where('s.shopperId', '=', shopperId)
        .orderBy('n.id')
        .execute(),
      db
        .selectFrom('vouchers as v')
        .innerJoin('voucherCampaigns as c', 'c.id', 'v.campaignId')
        .select([
          'v.id',
          'c.name as campaign',
          'v.code',
          'c.discountPercentage',
          'c.discountAmountE4',
          'c.currency',
          'v.used',
          'v.claimDate',
          'v.redeemDate',
          'v.expireDate',
          'v.createdAt',
        ])
        .where('v.shopperId', '=', shopperId)
        .orderBy('v.id')
        .execute(),
      db
        .selectFrom('shopperAchievements as s')
        .innerJoin('achievements as a', 'a.id', 's.achievementId')
        .select(['s.achievementId', 'a.name', 's.progress', 'a.totalProgress', 's.claimDate'])
        .where('s.shopperId', '=', shopperId)
        .orderBy('s.achievementId')
        .execute(),
      db
        .selectFrom('returns as r')
        .innerJoin('orders as o', 'o.id', 'r.orderId')
        .select([
          'r.number',
          'o.orderNumber',
          'r.status',
          'r.method',
          'r.comment',
          'r.lines',
          'r.createdAt',
          'r.cancelledAt',
        ])
        .where('r.shopperId', '=', shopperId)
        .orderBy('r.id')
        .execute(),
      db
        .selectFrom('wishlistItems as w')
        .innerJoin('products as p', 'p.id', 'w.productId')
        .select(['w.productId', 'p.name', 'p.url', 'w.addedAt', 'w.alert'])
        .where('w.shopperId', '=', shopperId)
        .orderBy('w.addedAt')
        .execute(),
      db
        .selectFrom('recentlyViewed as r')
        .innerJoin('products as p', 'p.id', 'r.productId')
        .select(['r.productId', 'p.name', 'p.url', 'r.viewedAt'])
        .where('r.shopperId', '=', shopperId)
        .orderBy('r.viewedAt', 'desc')
        .execute(),
      db
        .selectFrom('avatars')
        .select(['contentType', 'width', 'height', 'createdAt'])
        .where('shopperId', '=', shopperId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('telephoneVerifications')
        .select(['telephone', 'createdAt', 'expiresAt', 'used', 'attempts'])
        .where('shopperId', '=', shopperId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('emailCodes')
        .select(['purpose', 'email', 'createdAt', 'expiresAt', 'used', 'attempts'])
        .where('shopperId', '=', shopperId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('webhookEvents')
        .select(['type', 'payload', 'createdAt'])
        .where('shopperId', '=', shopperId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('notificationChoices')
        .select(['event', 'channel', 'enabled', 'updatedAt'])
        .where('shopperId', '=', shopperId)
        .orderBy('event')
        .orderBy('channel')
        .execute(),
      db
        .selectFrom('wishlistAlerts as a')
        .innerJoin('productChanges as c', 'c.id', 'a.changeId')
        .innerJoin('products as p', 'p.id', 'a.productId')
        .select(['a.productId', 'p.name', 'c.kind as change', 'a.state', 'a.createdAt'])
        .where('a.shopperId', '=', shopperId)
        .orderBy('a.id')
        .execute(),
    ]);
    return {
      shopper: {
        id: shopper.id,
        wishlistAlerts: shopper.wishlistAlerts === 1,
        externalId: shopper.externalId,
        email: shopper.email,
        emailVerifiedBy: shopper.emailVerifiedBy,
        emailVerifiedAt: shopper.emailVerifiedAt,
        pendingEmail: shopper.pendingEmail,
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        gender: shopper.gender,
        birthDate: shopper.birthDate,
        telephone: shopper.telephone,
        telephoneVerifiedAt: shopper.telephoneVerifyDate,
        imageUrl: shopper.imageUrl,
        language: shopper.defaultLanguage,
        country: shopper.defaultCountry,
        currency: shopper.defaultCurrency,
        firstTimeLogin: shopper.firstTimeLogin === 1,
        createdAt: shopper.createdAt,
        updatedAt: shopper.updatedAt,
        deletionDueAt: shopper.deletionDueAt,
      },
      signInMethods: identities.map((row) => ({ ...row, emailVerified: row.emailVerified === 1 })),
      sessions,
      passkeys: passkeys.map((row) => ({
        name: row.name,
        transports: asTexts(parseJson(row.transports)),
        backedUp: row.backedUp === 1,
        createdAt: row.createdAt,
        lastUsedAt: row.lastUsedAt,
      })),
      browsers,
      addresses: addresses.map((row) => ({
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        companyName: row.companyName,
        vatNumber: row.vatNumber,
        addressType: row.addressType,
        email: row.email,
        telephone: row.telephone,
        country: row.country,
        street: row.street,
        houseNumber: row.houseNumber,
        houseNumberSuffix: row.houseNumberSuffix,
        zipCode: row.zipCode,
        city: row.city,
        isBilling: row.isBilling === 1,
        isShipping: row.isShipping === 1,
        extraFields: asStrings(parseJson(row.extraFields)),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      })),
      interests,
      newsletters,
      vouchers: vouchers.map((row) => ({
        id: row.id,
        campaign: row.campaign,
        code: row.code,
        discountPercentage: row.discountPercentage,
        discountAmount: { amount: fromTenThousandths(row.discountAmountE4), currency: row.currency },
        used: row.used !== 0,
        claimDate: row.claimDate,
        redeemDate: row.redeemDate,
        expireDate: row.expireDate,
        createdAt: row.createdAt,
      })),
      achievements,
      returns: returns.map((row) => ({
        number: row.number,
        orderNumber: row.orderNumber,
        status: row.status,
        method: asString(asRecord(parseJson(row.method)).code),
        comment: row.comment,
        lines: asArray(parseJson(row.lines)).map((value) => {
          const line = asRecord(value);
          return {
            line: Number(line.line),
            name: asString(line.name),
            quantity: Number(line.quantity),
            reason: asString(asRecord(line.reason).code),
          };
        }),
        createdAt: row.createdAt,
        cancelledAt: row.cancelledAt,
      })),
      wishlist: wishlist.map((row) => ({ ...row, alert: row.alert === 1 })),
      notifications: choices.map((row) => ({ ...row, enabled: row.enabled === 1 })),
      wishlistAlerts: alerts,
      recentlyViewed,
      avatars: avatars.map((row, index) => ({ file: avatarFile(index, row.contentType), ...row })),
      telephoneCodes: telephoneCodes.map(({ used, attempts, ...row }) => ({
        ...row,
        used: used === 1,
        wrongAttempts: attempts,
      })),
      emailCodes: emailCodes.map(({ used, attempts, ...row }) => ({
        ...row,
        used: used === 1,
        wrongAttempts: attempts,
      })),
      shopNotifications: events.map((row) => {
        const event = asRecord(parseJson(row.payload));
        return {
          type: row.type,
          occurredAt: typeof event.occurredAt === 'string' ? event.occurredAt : row.createdAt,
          data: asRecord(event.data),
        };
      }),
    };
  }

  /** The avatar images with their file names in the download. */
  async function avatarFiles(shopperId: number): Promise<{ file: string; content: Buffer }[]> {
    const rows = await db
      .selectFrom('avatars')
      .select(['content', 'contentType'])
      .where('shopperId', '=', shopperId)
      .orderBy('id')
      .execute();
    return rows.map((row, index) => ({ file: avatarFile(index, row.contentType), content: row.content }));
  }

  /**
   * Erases the shopper in the caller's transaction (all of it or, rolled back, none of it): what
   * shopper-data.ts says, table by table, then the shopper.deleted event for the shop, then the
   * placeholder row. `dueBy`: only a deletion waiting for its day that is due by then (the job).
   * Answers false when there was nothing to erase: no such live shopper, already erased (by
   * another instance, whose row lock made this wait), or not (or no longer) due.
   */
  async function erase(trx: Transaction<Database>, shopperId: number, now: string, dueBy?: string): Promise<boolean> {
    // First the shopper row: on PostgreSQL its lock makes a second eraser wait, then find it erased.
    let claim = trx
      .updateTable('shoppers')
      .set({ deletedAt: now })
      .where('id', '=', shopperId)
      .where('deletedAt', 'is', null);
    if (dueBy !== undefined) claim = claim.where('deletionDueAt', '<=', dueBy);
    const claimed = await claim.returning(['email', 'pendingEmail', 'telephone']).executeTakeFirst();
    if (!claimed) return false;

    // The addresses and numbers the shopper's data elsewhere is filed under.
    const [identityEmails, codeEmails, codeNumbers] = await Promise.all([
      trx.selectFrom('shopperIdentities').select('email').where('shopperId', '=', shopperId).execute(),
      trx.selectFrom('emailCodes').select('email').where('shopperId', '=', shopperId).execute(),
      trx.selectFrom('telephoneVerifications').select('telephone').where('shopperId', '=', shopperId).execute(),
    ]);
    const emails = [
      ...new Set(
        [claimed.email, claimed.pendingEmail, ...identityEmails.map((r) => r.email), ...codeEmails.map((r) => r.email)]
          .filter((email): email is string => typeof email === 'string' && email !== '')
          .map((email) => email.toLowerCase()),
      ),
    ];
    const numbers = [
      ...new Set([claimed.telephone, ...codeNumbers.map((r) => r.telephone)].filter((number) => number !== '')),
    ];

    for (const table of DELETED_TABLES) {
      await trx.deleteFrom(table).where('shopperId', '=', shopperId).execute();
    }

    const keptOrders = await anonymiseOrders(trx, shopperId);

    if (emails.length > 0) {
      await trx
        .deleteFrom('mailQueue')
        .where((eb) => eb(eb.fn('lower', ['recipient']), 'in', emails))
        .execute();
      await trx
        .deleteFrom('mailOutbox')
        .where((eb) => eb(eb.fn('lower', ['recipient']), 'in', emails))
        .execute();
      await trx.deleteFrom('emailCodes').where('shopperId', 'is', null).where('email', 'in', emails).execute();
    }
    if (numbers.length > 0) await trx.deleteFrom('smsOutbox').where('telephone', 'in', numbers).execute();
    for (const address of [...emails, ...numbers]) {
      const suffix = recipientKeySuffix(address);
      await trx
        .deleteFrom('rateLimits')
        .where(sql<boolean>`length(${sql.ref('key')}) >= ${suffix.length}`)
        .where(sql<boolean>`substr(${sql.ref('key')}, length(${sql.ref('key')}) - ${suffix.length - 1}) = ${suffix}`)
        .execute();
    }

    // The event carries the shop's own id of the shopper, read from the row before it is cleared.
    await recordEvent(trx, { shopperId, type: 'shopper.deleted', data: { erasedAt: now, keptOrders } }, new Date(now));
    await trx
      .updateTable('shoppers')
      .set({
        externalId: null,
        email: '',
        firstName: '',
        lastName: '',
        telephone: '',
        gender: 1,
        birthDate: null,
        imageUrl: null,
        firstTimeLogin: 0,
        telephoneVerifyDate: null,
        emailVerifiedBy: null,
        emailVerifiedAt: null,
        pendingEmail: null,
        deletionDueAt: null,
        defaultLanguage: '',
        defaultCountry: '',
        defaultCurrency: '',
        updatedAt: now,
      })
      .where('id', '=', shopperId)
      .execute();
    return true;
  }

  /**
   * Reduces the kept orders' addresses to what VAT needs and clears their link at the shop.
   * A shopper's orders share a few addresses: each distinct one is rewritten once, for all the
   * orders that carry it, so 5,000 orders take a handful of statements.
   */
  async function anonymiseOrders(trx: Transaction<Database>, shopperId: number): Promise<number> {
    for (const column of ['shippingAddress', 'billingAddress'] as const) {
      const distinct = await trx
        .selectFrom('orders')
        .select(column)
        .distinct()
        .where('shopperId', '=', shopperId)
        .where(column, 'is not', null)
        .execute();
      for (const row of distinct) {
        const stored = row[column];
        await trx
          .updateTable('orders')
          .set({ [column]: anonymisedAddress(stored) })
          .where('shopperId', '=', shopperId)
          .where(column, '=', stored)
          .execute();
      }
    }
    const updated = await trx
      .updateTable('orders')
      .set({ accessUrl: null })
      .where('shopperId', '=', shopperId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  return {
    sections,
    avatarFiles,
    erase,

    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Marks the deletion for `dueAt` and signs the shopper out everywhere; false when there is no such live shopper. */
    async schedule(trx: Executor, shopperId: number, dueAt: string): Promise<boolean> {
      const marked = await trx
        .updateTable('shoppers')
        .set({ deletionDueAt: dueAt })
        .where('id', '=', shopperId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('sessions').where('shopperId', '=', shopperId).execute();
      return true;
    },

    /** Drops a waiting deletion; answers whether the account is live (false: erased, or no such shopper). */
    async keep(shopperId: number): Promise<boolean> {
      const row = await db
        .selectFrom('shoppers')
        .select(['deletedAt', 'deletionDueAt'])
        .where('id', '=', shopperId)
        .executeTakeFirst();
      if (!row || row.deletedAt !== null) return false;
      if (row.deletionDueAt === null) return true;
      const kept = await db
        .updateTable('shoppers')
        .set({ deletionDueAt: null })
        .where('id', '=', shopperId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return Number(kept.numUpdatedRows) === 1;
    },

    async deletionDueAt(shopperId: number): Promise<string | null> {
      const row = await db
        .selectFrom('shoppers')
        .select('deletionDueAt')
        .where('id', '=', shopperId)
        .executeTakeFirst();
      return row?.deletionDueAt ?? null;
    },

    /** The shopper's language and verified email, for the notice of a scheduled deletion. */
    async noticeAddress(trx: Executor, shopperId: number) {
      return trx
        .selectFrom('shoppers')
        .select(['email', 'emailVerifiedBy', 'defaultLanguage'])
        .where('id', '=', shopperId)
        .executeTakeFirst();
    },

    /**
     * Erases the next deletion due by `now`, if any, in one transaction; answers whether one was
     * erased. On PostgreSQL SKIP LOCKED lets every instance take a different one side by side.
     */
    async eraseNextDue(now: string, skipLocked: boolean): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let due = trx
          .selectFrom('shoppers')
          .select('id')
          .where('deletionDueAt', 'is not', null)
          .where('deletionDueAt', '<=', now)
          .where('deletedAt', 'is', null)
          .orderBy('deletionDueAt')
          .limit(1);
        if (skipLocked) due = due.forUpdate().skipLocked();
        const next = await due.executeTakeFirst();
        if (!next) return false;
        return erase(trx, next.id, now, now);
      });
    },
  };
}

export type PrivacyRepository = ReturnType<typeof privacyRepository>;
