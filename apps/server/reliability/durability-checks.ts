/**
 * The durability run's verdict, read straight from the database after the last kill: every
 * acknowledged write is there, and nothing is half-written. "Whole" is checked through the
 * webhook outbox, which the change and its event share one transaction for: every change of the
 * run has exactly one event (and one queued delivery), and every event's change is stored.
 */
import {
  type Achievement,
  ADDRESS_FIELDS,
  type Address,
  type Voucher,
  type VoucherClaimResult,
} from '@account/contract';
import { sql } from 'kysely';
import type { Db } from '../src/db/connection.js';
import { addressColumn } from '../src/modules/addresses/repository.js';
import type { StoredEvent } from '../src/modules/webhooks/outbox.js';
import { firstFew, type Rule, rule } from './report.js';

/** What POST /voucher/claimById/{id} answers (the contract exports only its schema). */
type VoucherClaim = ReturnType<typeof VoucherClaimResult.parse>;

export interface WriteAttempt {
  /** Order of answering, over all shoppers; each stream sends one write at a time, so per stream also of sending. */
  seq: number;
  shopperId: number;
  kind: 'address' | 'interests' | 'localize' | 'achievement' | 'voucher' | 'voucherCode';
  /** What identifies the write: the address's street, the interest ids, the locale, the claimed id or code. */
  value: string;
  /** The body sent, where the stored row is compared with it. */
  sent?: Record<string, unknown>;
  /** acked: answered 2xx; rejected: answered otherwise; interrupted: no answer; refused: never reached a server. */
  result: 'acked' | 'rejected' | 'interrupted' | 'refused';
  status?: number;
  response?: Address | Achievement | Voucher | VoucherClaim;
}

export interface ShopperBefore {
  claimedAchievements: ReadonlySet<number>;
  claimedVouchers: ReadonlySet<number>;
  vouchers: ReadonlySet<number>;
  /** The address book's size and which defaults it had: a role nobody asks for stays empty (Sofia's delivery one). */
  addressBook: { count: number; isBilling: boolean; isShipping: boolean };
}

export interface Tally {
  attempts: readonly WriteAttempt[];
  /** 5xx answers, as `what status body`. */
  serverErrors: readonly string[];
  /** What each shopper had before the load, by shopper id: claimed achievements, claimed vouchers, all vouchers. */
  before: ReadonlyMap<number, ShopperBefore>;
  /** Part of every address street of this run. */
  runTag: string;
}

/** The stored fields of an address, each of which must equal what was sent under its form name. */
const STORED_FIELDS = ADDRESS_FIELDS.flatMap((f) =>
  'confirms' in f ? [] : [{ sent: f.field, column: addressColumn(f.key) }],
);

const countBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/** An address row as the default-role check reads it. */
export interface StoredAddressRoles {
  shopperId: number;
  street: string;
  isBilling: number;
  isShipping: number;
}

/**
 * The shopper's address book breaks the default rules (§4 Address book): never two defaults of a
 * kind; a role is held when the book had it before the run, when a stored address of the run asked
 * for it, or by the first address of an empty book. A book may have no default delivery address
 * (Sofia's) as long as nobody asked for one. Answers what is wrong, or nothing.
 */
export function badAddressDefaults(
  shopperId: number,
  before: ShopperBefore,
  addresses: readonly StoredAddressRoles[],
  addressAttempts: readonly WriteAttempt[],
): string[] {
  const own = addresses.filter((a) => a.shopperId === shopperId);
  const stored = new Set(own.map((a) => a.street));
  const storedAttempts = addressAttempts.filter((a) => a.shopperId === shopperId && stored.has(a.value));
  const had = before.addressBook;
  const expected = (role: 'isBilling' | 'isShipping', field: 'IsBilling' | 'IsShipping') =>
    had[role] || (had.count === 0 && storedAttempts.length > 0) || storedAttempts.some((a) => a.sent?.[field] === true)
      ? 1
      : 0;
  const held = (role: 'isBilling' | 'isShipping') => own.filter((a) => a[role] === 1).length;
  const billing = { held: held('isBilling'), expected: expected('isBilling', 'IsBilling') };
  const delivery = { held: held('isShipping'), expected: expected('isShipping', 'IsShipping') };
  if (billing.held === billing.expected && delivery.held === delivery.expected) return [];
  return [
    `shopper ${shopperId}: ${own.length} addresses, ${billing.held} default billing, ${delivery.held} default delivery` +
      ` (expected ${billing.expected} and ${delivery.expected})`,
  ];
}

export async function checkDurability(db: Db, tally: Tally): Promise<Rule[]> {
  const k = db.kysely;
  const shopperIds = [...tally.before.keys()];
  const attempts = tally.attempts;
  const ofKind = (kind: WriteAttempt['kind']) => attempts.filter((a) => a.kind === kind);

  const [addresses, eventRows, deliveries, endpoints, interests, shoppers, achievements, vouchers] = await Promise.all([
    k
      .selectFrom('addresses')
      .select(['id', 'shopperId', 'isBilling', 'isShipping', ...STORED_FIELDS.map((f) => f.column)])
      .where('shopperId', 'in', shopperIds)
      .execute(),
    k
      .selectFrom('webhookEvents')
      .select(['id', 'shopperId', 'type', 'payload'])
      .where('shopperId', 'in', shopperIds)
      .orderBy('id')
      .execute(),
    k.selectFrom('webhookDeliveries').select(['eventId']).execute(),
    k.selectFrom('webhookEndpoints').select(['id']).execute(),
    k.selectFrom('shopperInterests').select(['shopperId', 'interestId']).where('shopperId', 'in', shopperIds).execute(),
    k
      .selectFrom('shoppers')
      .select(['id', 'defaultCountry', 'defaultLanguage', 'defaultCurrency'])
      .where('id', 'in', shopperIds)
      .execute(),
    k
      .selectFrom('shopperAchievements')
      .select(['shopperId', 'achievementId', 'claimDate'])
      .where('shopperId', 'in', shopperIds)
      .execute(),
    k
      .selectFrom('vouchers')
      .select(['id', 'shopperId', 'campaignId', 'code', 'claimDate'])
      .where('shopperId', 'in', shopperIds)
      .execute(),
  ]);
  // By code: a pool code handed to a voucher but not marked as taken shows as a row of no voucher.
  const codes = vouchers.flatMap((v) => (v.code ? [v.code] : []));
  const poolCodes =
    codes.length === 0
      ? []
      : await k.selectFrom('voucherCodes').select(['code', 'voucherId']).where('code', 'in', codes).execute();
  const events = eventRows.map((row) => ({ ...row, event: JSON.parse(row.payload) as StoredEvent }));
  const eventsOf = (type: string) => events.filter((e) => e.type === type);
  const rules: Rule[] = [];

  // Addresses.
  const addressById = new Map(addresses.map((a) => [a.id, a]));
  const addressAttempts = new Map(ofKind('address').map((a) => [a.value, a]));
  const differs = (row: (typeof addresses)[number], sent: Record<string, unknown> | undefined) =>
    STORED_FIELDS.filter((f) => String(row[f.column]) !== String(sent?.[f.sent])).map((f) => f.sent);
  const lostAddresses: string[] = [];
  for (const attempt of ofKind('address').filter((a) => a.result === 'acked')) {
    const id = (attempt.response as Address).addressId;
    const row = addressById.get(id);
    if (!row || row.shopperId !== attempt.shopperId) lostAddresses.push(`address ${id} (${attempt.value}) missing`);
    else if (differs(row, attempt.sent).length > 0)
      lostAddresses.push(`address ${id} differs in ${differs(row, attempt.sent)}`);
  }
  rules.push(
    rule(
      'every acknowledged address is stored, with every field as sent',
      lostAddresses.length === 0,
      lostAddresses.length === 0
        ? `${ofKind('address').filter((a) => a.result === 'acked').length} checked`
        : firstFew(lostAddresses),
    ),
  );

  const runAddresses = addresses.filter((a) => a.street.startsWith(`Durable street ${tally.runTag}-`));
  const perStreet = countBy(runAddresses, (a) => a.street);
  const strays: string[] = [];
  for (const row of runAddresses) {
    const attempt = addressAttempts.get(row.street);
    if (!attempt) strays.push(`address ${row.id}: no request sent it`);
    else if (attempt.result === 'refused' || attempt.result === 'rejected')
      strays.push(`address ${row.id}: its request was ${attempt.result}`);
    else if (differs(row, attempt.sent).length > 0)
      strays.push(`address ${row.id} differs in ${differs(row, attempt.sent)}`);
    if ((perStreet.get(row.street) ?? 0) > 1) strays.push(`${row.street} stored ${perStreet.get(row.street)} times`);
  }
  const unackedStored = runAddresses.filter((a) => addressAttempts.get(a.street)?.result === 'interrupted').length;
  rules.push(
    rule(
      'every stored address of the run comes from a request that reached the server, once and whole',
      strays.length === 0,
      strays.length === 0
        ? `${runAddresses.length} stored, ${unackedStored} of them from interrupted requests`
        : firstFew(strays),
    ),
  );

  const indexes =
    db.kind === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'addresses'`.execute(k)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'addresses'`.execute(k);
  const indexNames = new Set(indexes.rows.map((r) => r.name));
  const missingIndexes = ['addresses_one_billing_idx', 'addresses_one_shipping_idx'].filter((n) => !indexNames.has(n));
  const badDefaults = shopperIds.flatMap((id) => {
    const before = tally.before.get(id);
    return before ? badAddressDefaults(id, before, addresses, ofKind('address')) : [];
  });
  rules.push(
    rule(
      'every shopper has one default billing and one default delivery address where the book had one or a stored address asked for it, and never two (unique indexes exist)',
      badDefaults.length === 0 && missingIndexes.length === 0,
      missingIndexes.length > 0
        ? `missing ${missingIndexes.join(', ')}`
        : badDefaults.length > 0
          ? firstFew(badDefaults)
          : `${shopperIds.length} shoppers`,
    ),
  );

  const created = eventsOf('address.created');
  const createdFor = countBy(created, (e) => String((e.event.data as { addressId: number }).addressId));
  const addressEvents: string[] = [];
  for (const row of runAddresses) {
    const n = createdFor.get(String(row.id)) ?? 0;
    if (n !== 1) addressEvents.push(`address ${row.id} has ${n} address.created events`);
  }
  for (const e of created) {
    const data = e.event.data as { addressId: number; address: Address | null };
    const row = addressById.get(data.addressId);
    if (!row || row.shopperId !== e.shopperId || row.street !== data.address?.address) {
      addressEvents.push(`event ${e.id}: address ${data.addressId} is not stored as announced`);
    }
  }
  rules.push(
    rule(
      'outbox: each stored address of the run has exactly one address.created event, and each event its address',
      addressEvents.length === 0,
      addressEvents.length === 0 ? `${created.length} events` : firstFew(addressEvents),
    ),
  );

  // Settings: the final state is the last acknowledged value or a later interrupted one; the events
  // are the acknowledged changes plus some of the interrupted ones.
  const finalInterests = new Map<number, string>();
  for (const id of shopperIds) {
    finalInterests.set(
      id,
      interests
        .filter((i) => i.shopperId === id)
        .map((i) => i.interestId)
        .sort((a, b) => a - b)
        .join(','),
    );
  }
  const localeOf = new Map(
    shoppers.map((s) => [s.id, `${s.defaultCountry}/${s.defaultLanguage}/${s.defaultCurrency}`]),
  );
  const settingRule = (
    kind: 'interests' | 'localize',
    type: string,
    finalValue: (shopperId: number) => string | undefined,
    eventValue: (data: Record<string, unknown>) => string,
  ) => {
    const problems: string[] = [];
    for (const id of shopperIds) {
      const own = ofKind(kind).filter((a) => a.shopperId === id);
      const lastAcked = own.findLastIndex((a) => a.result === 'acked');
      if (lastAcked >= 0) {
        const allowed = new Set(
          own
            .slice(lastAcked)
            .filter((a, i) => i === 0 || a.result === 'interrupted')
            .map((a) => a.value),
        );
        const actual = finalValue(id);
        if (actual === undefined || !allowed.has(actual)) {
          problems.push(`shopper ${id}: stored ${actual}, acknowledged last ${own[lastAcked]?.value}`);
        }
      }
      const stored = countBy(
        eventsOf(type).filter((e) => e.shopperId === id),
        (e) => eventValue(e.event.data),
      );
      const acked = countBy(
        own.filter((a) => a.result === 'acked'),
        (a) => a.value,
      );
      const maybe = countBy(
        own.filter((a) => a.result === 'interrupted'),
        (a) => a.value,
      );
      for (const value of new Set([...stored.keys(), ...acked.keys()])) {
        const n = stored.get(value) ?? 0;
        const least = acked.get(value) ?? 0;
        const most = least + (maybe.get(value) ?? 0);
        if (n < least || n > most)
          problems.push(`shopper ${id}: ${n} ${type} events of ${value}, expected ${least}–${most}`);
      }
    }
    const ackedCount = ofKind(kind).filter((a) => a.result === 'acked').length;
    return rule(
      `every acknowledged ${kind === 'interests' ? 'PATCH /setting/interests' : 'PATCH /localize'} is stored and has its ${type} event, and no other change has one`,
      problems.length === 0,
      problems.length === 0 ? `${ackedCount} acknowledged, ${eventsOf(type).length} events` : firstFew(problems),
    );
  };
  rules.push(
    settingRule(
      'interests',
      'interests.updated',
      (id) => finalInterests.get(id),
      (data) => ((data.interestIds as number[]) ?? []).join(','),
    ),
    settingRule(
      'localize',
      'localisation.updated',
      (id) => localeOf.get(id),
      (data) => `${data.country}/${data.language}/${data.currency}`,
    ),
  );

  // Claims.
  const achievementRow = (shopperId: number, achievementId: number) =>
    achievements.find((a) => a.shopperId === shopperId && a.achievementId === achievementId);
  const voucherById = new Map(vouchers.map((v) => [v.id, v]));
  const poolByCode = new Map(poolCodes.map((c) => [c.code, c]));
  const lostClaims: string[] = [];
  for (const attempt of attempts.filter((a) => a.result === 'acked')) {
    if (attempt.kind === 'achievement') {
      const answered = attempt.response as Achievement;
      const row = achievementRow(attempt.shopperId, answered.achievementId);
      if (!row?.claimDate || row.claimDate !== answered.claimDate) {
        lostClaims.push(`achievement ${answered.achievementId} of shopper ${attempt.shopperId}: ${row?.claimDate}`);
      }
    } else if (attempt.kind === 'voucher' || attempt.kind === 'voucherCode') {
      const answered = attempt.response as VoucherClaim | Voucher;
      const id = 'id' in answered ? answered.id : Number(attempt.value);
      const row = voucherById.get(id);
      const pool = poolByCode.get(answered.code ?? '');
      if (
        !row ||
        row.shopperId !== attempt.shopperId ||
        row.claimDate !== answered.claimDate ||
        row.code !== answered.code
      ) {
        lostClaims.push(`voucher ${id} of shopper ${attempt.shopperId}: ${JSON.stringify(row)}`);
      } else if (pool && pool.voucherId !== id) {
        lostClaims.push(`voucher ${id}: its code is the pool's code of voucher ${pool.voucherId}`);
      }
    }
  }
  const ackedClaims = attempts.filter(
    (a) => a.result === 'acked' && ['achievement', 'voucher', 'voucherCode'].includes(a.kind),
  );
  rules.push(
    rule(
      'every acknowledged claim (achievement, voucher, voucher code) is stored with the date and code it answered',
      lostClaims.length === 0,
      lostClaims.length === 0 ? `${ackedClaims.length} checked` : firstFew(lostClaims),
    ),
  );

  const claimProblems: string[] = [];
  const achievementEvents = countBy(
    eventsOf('achievement.claimed'),
    (e) => `${e.shopperId}/${(e.event.data as { achievementId: number }).achievementId}`,
  );
  const voucherEvents = countBy(eventsOf('voucher.claimed'), (e) =>
    String((e.event.data as { voucherId: number }).voucherId),
  );
  let newClaims = 0;
  for (const a of achievements.filter(
    (r) => r.claimDate && !tally.before.get(r.shopperId)?.claimedAchievements.has(r.achievementId),
  )) {
    newClaims++;
    const n = achievementEvents.get(`${a.shopperId}/${a.achievementId}`) ?? 0;
    if (n !== 1) claimProblems.push(`achievement ${a.achievementId} of shopper ${a.shopperId} has ${n} events`);
  }
  const newVouchers = vouchers.filter((v) => v.claimDate && !tally.before.get(v.shopperId)?.claimedVouchers.has(v.id));
  for (const v of newVouchers) {
    newClaims++;
    const n = voucherEvents.get(String(v.id)) ?? 0;
    if (n !== 1) claimProblems.push(`voucher ${v.id} has ${n} events`);
    if (!v.code) claimProblems.push(`voucher ${v.id} is claimed without a code`);
    const pool = poolByCode.get(v.code ?? '');
    if (pool && pool.voucherId !== v.id)
      claimProblems.push(`voucher ${v.id}: its code belongs to voucher ${pool.voucherId}`);
  }
  // A claim code gives a shopper one voucher of its campaign, retried or not.
  for (const v of vouchers.filter((r) => !tally.before.get(r.shopperId)?.vouchers.has(r.id))) {
    const held = vouchers.filter((r) => r.shopperId === v.shopperId && r.campaignId === v.campaignId).length;
    if (held !== 1) claimProblems.push(`shopper ${v.shopperId} holds ${held} vouchers of campaign ${v.campaignId}`);
  }
  for (const e of eventsOf('achievement.claimed')) {
    const data = e.event.data as { achievementId: number; claimDate: string };
    if (achievementRow(e.shopperId ?? 0, data.achievementId)?.claimDate !== data.claimDate) {
      claimProblems.push(`event ${e.id}: achievement ${data.achievementId} is not claimed as announced`);
    }
  }
  for (const e of eventsOf('voucher.claimed')) {
    const data = e.event.data as { voucherId: number; code: string; claimDate: string };
    const row = voucherById.get(data.voucherId);
    if (row?.claimDate !== data.claimDate || row?.code !== data.code) {
      claimProblems.push(`event ${e.id}: voucher ${data.voucherId} is not claimed as announced`);
    }
  }
  rules.push(
    rule(
      'every claim made in the run is whole: its code handed out from the pool, exactly one event, and every claim event has its claim',
      claimProblems.length === 0,
      claimProblems.length === 0 ? `${newClaims} claims made` : firstFew(claimProblems),
    ),
  );

  const deliveriesOf = countBy(deliveries, (d) => String(d.eventId));
  const undelivered = events.filter((e) => (deliveriesOf.get(String(e.id)) ?? 0) !== endpoints.length);
  rules.push(
    rule(
      'every event is queued for delivery exactly once per endpoint',
      undelivered.length === 0 && endpoints.length > 0,
      undelivered.length === 0
        ? `${events.length} events, ${endpoints.length} endpoint`
        : firstFew(
            undelivered.map((e) => `event ${e.id} (${e.type}) has ${deliveriesOf.get(String(e.id)) ?? 0} deliveries`),
          ),
    ),
  );

  rules.push(
    rule(
      'no request was answered with a 5xx',
      tally.serverErrors.length === 0,
      tally.serverErrors.length === 0 ? '' : `${tally.serverErrors.length}: ${firstFew(tally.serverErrors)}`,
    ),
  );

  if (db.raw.kind === 'sqlite') {
    const integrity = db.raw.sqlite.pragma('integrity_check', { simple: true });
    const foreignKeys = db.raw.sqlite.pragma('foreign_key_check') as unknown[];
    rules.push(
      rule(
        'SQLite integrity_check and foreign_key_check find nothing',
        integrity === 'ok' && foreignKeys.length === 0,
        `integrity_check: ${integrity}; foreign key problems: ${foreignKeys.length}`,
      ),
    );
  }
  return rules;
}
