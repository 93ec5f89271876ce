/**
 * The erasure scenario's verdict (issue 21: "a crash midway leaves either the whole account or
 * its erasure finished"), read straight from the database: each account is whole (every row it
 * had before the load, in every table of shopper-data.ts, its orders as they were, and the rows
 * filed under its email address and phone number) or erased (no personal data left, its orders
 * kept and anonymised, its shopper.deleted event recorded exactly once with one delivery queued),
 * never anything between.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/types.js';
import { anonymisedAddress } from '../src/modules/privacy/repository.js';
import { DELETED_TABLES, SHOPPER_DATA, type ShopperTable } from '../src/modules/privacy/shopper-data.js';

export interface AccountRows {
  /** Rows of the shopper in each table of shopper-data.ts, by table. */
  counts: Record<string, number>;
  email: string;
  telephone: string;
  /** Each order's addresses and link at the shop as stored, by order id. */
  orders: Map<number, string>;
  /** Rows filed under the shopper's email address or phone number (mail, texts, sign-in codes, limits). */
  byAddress: number;
}

export type AccountState = { state: 'whole' } | { state: 'erased' } | { state: 'partial'; why: string };

const TABLES = Object.keys(SHOPPER_DATA) as ShopperTable[];
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Rows per shopper in one table, for the given shoppers. */
async function countsIn(db: Kysely<Database>, table: ShopperTable, ids: readonly number[]) {
  const column = table === 'shoppers' ? 'id' : 'shopper_id';
  const { rows } = await sql<{ shopper: number; n: number | string }>`
    select ${sql.ref(column)} as shopper, count(*) as n from ${sql.table(snake(table))}
    where ${sql.ref(column)} in (${sql.join(ids)}) group by ${sql.ref(column)}`.execute(db);
  return new Map(rows.map((row) => [Number(row.shopper), Number(row.n)]));
}

const orderText = (order: {
  shippingAddress: string | null;
  billingAddress: string | null;
  accessUrl: string | null;
}) => JSON.stringify([order.shippingAddress, order.billingAddress, order.accessUrl]);

/** What the shoppers hold now, as the checks compare it. */
export async function readAccounts(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, AccountRows>> {
  const perTable = new Map<ShopperTable, Map<number, number>>();
  for (const table of TABLES) perTable.set(table, await countsIn(db, table, ids));
  const shoppers = await db
    .selectFrom('shoppers')
    .select(['id', 'email', 'telephone'])
    .where('id', 'in', ids)
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'shopperId', 'shippingAddress', 'billingAddress', 'accessUrl'])
    .where('shopperId', 'in', ids)
    .execute();
  const accounts = new Map<number, AccountRows>();
  for (const shopper of shoppers) {
    const counts: Record<string, number> = {};
    for (const table of TABLES) counts[table] = perTable.get(table)?.get(shopper.id) ?? 0;
    accounts.set(shopper.id, {
      counts,
      email: shopper.email,
      telephone: shopper.telephone,
      orders: new Map(),
      byAddress: 0,
    });
  }
  for (const order of orders) accounts.get(order.shopperId)?.orders.set(order.id, orderText(order));
  return accounts;
}

/**
 * Rows filed under each shopper's email address and phone number as they were before the load
 * (an erased shopper's row no longer says them): mail and texts kept by the outbox transports,
 * sign-in codes, and rate-limit counters keyed by the address.
 */
export async function countByAddress(
  db: Kysely<Database>,
  addresses: ReadonlyMap<number, { email: string; telephone: string }>,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const [id, { email, telephone }] of addresses) {
    const [mail, texts, codes, limits] = await Promise.all(
      [
        db
          .selectFrom('mailOutbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('recipient', '=', email),
        db
          .selectFrom('smsOutbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('telephone', '=', telephone),
        db
          .selectFrom('emailCodes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('shopperId', 'is', null)
          .where('email', '=', email),
        db
          .selectFrom('rateLimits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('key', 'in', [`reliability:recipient:${email}`, `reliability:recipient:${telephone}`]),
      ].map((query) => query.executeTakeFirstOrThrow()),
    );
    counts.set(
      id,
      [mail, texts, codes, limits].reduce((sum, row) => sum + Number(row?.n ?? 0), 0),
    );
  }
  return counts;
}

/** shopper.deleted events and their queued deliveries, per shopper. */
export async function deletionEvents(db: Kysely<Database>, ids: readonly number[]) {
  const rows = await db
    .selectFrom('webhookEvents as e')
    .leftJoin('webhookDeliveries as d', 'd.eventId', 'e.id')
    .select(['e.id as event', 'e.shopperId', 'd.id as delivery'])
    .where('e.type', '=', 'shopper.deleted')
    .where('e.shopperId', 'in', ids)
    .execute();
  const events = new Map<number, { events: Set<number>; deliveries: number }>();
  for (const row of rows) {
    if (row.shopperId === null) continue;
    const entry = events.get(row.shopperId) ?? { events: new Set(), deliveries: 0 };
    entry.events.add(row.event);
    if (row.delivery !== null) entry.deliveries++;
    events.set(row.shopperId, entry);
  }
  return events;
}

/** Whole, erased, or neither (and why), against what the account held before the load. */
export function stateOf(
  before: AccountRows,
  now: AccountRows | undefined,
  deleted: { events: Set<number>; deliveries: number } | undefined,
): AccountState {
  if (!now) return { state: 'partial', why: 'the shopper row is gone' };
  const differing = TABLES.filter((t) => now.counts[t] !== before.counts[t]);
  const ordersAsBefore = [...before.orders].every(([id, text]) => now.orders.get(id) === text);
  if (
    differing.length === 0 &&
    ordersAsBefore &&
    now.email === before.email &&
    now.byAddress === before.byAddress &&
    !deleted
  ) {
    return { state: 'whole' };
  }
  const problems: string[] = [];
  if (now.email !== '' || now.telephone !== '') problems.push('the shopper row still names the shopper');
  for (const table of DELETED_TABLES) {
    const expected = table === 'webhookEvents' ? 1 : 0;
    if (now.counts[table] !== expected) problems.push(`${table}: ${now.counts[table]} rows`);
  }
  if (deleted?.events.size !== 1) problems.push(`${deleted?.events.size ?? 0} shopper.deleted events`);
  else if (deleted.deliveries !== 1) problems.push(`${deleted.deliveries} deliveries of shopper.deleted`);
  if (now.orders.size !== before.orders.size) problems.push(`${now.orders.size} of ${before.orders.size} orders kept`);
  for (const [id, text] of before.orders) {
    const [shipping, billing] = JSON.parse(text) as [string | null, string | null];
    if (
      now.orders.get(id) !==
      orderText({
        shippingAddress: anonymisedAddress(shipping),
        billingAddress: anonymisedAddress(billing),
        accessUrl: null,
      })
    ) {
      problems.push(`order ${id} not anonymised`);
      break;
    }
  }
  if (now.counts.vouchers !== before.counts.vouchers) problems.push('vouchers not kept');
  if (now.byAddress !== 0) problems.push(`${now.byAddress} rows under the shopper's address or number`);
  if (problems.length === 0) return { state: 'erased' };
  return {
    state: 'partial',
    why: `${problems.slice(0, 4).join('; ')}${differing.length > 0 ? ` (changed: ${differing.join(', ')})` : ''}`,
  };
}

/** What the accounts hold, the rows under their email address and phone number of before included. */
async function accountsNow(
  db: Kysely<Database>,
  ids: readonly number[],
  addresses?: ReadonlyMap<number, AccountRows>,
): Promise<Map<number, AccountRows>> {
  const now = await readAccounts(db, ids);
  const byAddress = await countByAddress(
    db,
    new Map([...(addresses ?? now)].map(([id, rows]) => [id, { email: rows.email, telephone: rows.telephone }])),
  );
  for (const [id, rows] of now) rows.byAddress = byAddress.get(id) ?? 0;
  return now;
}

/** Every row of the accounts before the load, as the checks compare it. */
export const snapshot = (db: Kysely<Database>, ids: readonly number[]) => accountsNow(db, ids);

/** Every account's state now. */
export async function statesNow(
  db: Kysely<Database>,
  before: ReadonlyMap<number, AccountRows>,
): Promise<Map<number, AccountState>> {
  const ids = [...before.keys()];
  const now = await accountsNow(db, ids, before);
  const events = await deletionEvents(db, ids);
  const states = new Map<number, AccountState>();
  for (const [id, rows] of before) states.set(id, stateOf(rows, now.get(id), events.get(id)));
  return states;
}
