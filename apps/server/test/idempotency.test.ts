/**
 * Create calls with an Idempotency-Key (the contract's `idempotencyKey` calls: POST /address, the
 * achievement and voucher claims, the SMS code) on the real server and database: a repeated
 * request with the same key, one after the other or both at once, answers the first result and
 * creates nothing new; the same key with another request is refused; a failed request keeps
 * nothing; keys are the shopper's own and expire.
 */
import { type EndpointName, endpoints, IDEMPOTENCY_KEY_HEADER } from '@account/contract';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShoppersTable } from '../src/db/types.js';
import { orderParts } from '../src/modules/orders/repository.js';
import { PRIVATE_ADDRESS } from './fixtures/addresses.js';
import type { TestBrowser } from './support/browser.js';
import { signedIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.app.db.kysely;
let fixtures = 0;
const newKey = () => `key-${++fixtures}-${Math.random().toString(36).slice(2)}`;

async function shopper(): Promise<{ browser: TestBrowser; id: number }> {
  const browser = await signedIn(server, 'new');
  const me = await browser.request(api('/shopuser/me'));
  return { browser, id: (me.json() as { id: number }).id };
}

interface CreateCall {
  /** Makes what the call needs for the shopper; answers the path to post to and the body. */
  prepare(shopperId: number): Promise<{ url: string; body: unknown }>;
  /** How many things the call has made for the shopper. */
  made(shopperId: number): Promise<number>;
}

const count = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);

async function claimableAchievement(shopperId: number): Promise<number> {
  const { id } = await db()
    .insertInto('achievements')
    .values({
      name: `Idempotent achievement ${++fixtures}`,
      detail: null,
      description: 'Reach the goal.',
      reward: '10 points',
      icon: null,
      scaleType: 1,
      totalProgress: 10,
      currency: null,
      viewOrder: 2000 + fixtures,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('shopperAchievements')
    .values({ shopperId, achievementId: id, progress: 10, claimDate: null })
    .execute();
  return id;
}

async function campaign(): Promise<{ id: number; claimCode: string }> {
  const claimCode = `Idempotent${++fixtures}`;
  const { id } = await db()
    .insertInto('voucherCampaigns')
    .values({
      name: `Idempotent campaign ${fixtures}`,
      claimCode,
      discountPercentage: 10,
      discountAmountE4: 0,
      currency: 'EUR',
      limited: 1,
      expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('voucherCodes')
    .values([0, 1, 2].map((i) => ({ campaignId: id, code: `IDEM-${fixtures}-${i}`, voucherId: null })))
    .execute();
  return { id, claimCode };
}

/** A delivered order of the shopper with one line of two (the shop's own status: no parcels), placed today. */
async function deliveredOrder(shopperId: number): Promise<number> {
  const createdAt = new Date().toISOString();
  const line = { productId: 1, categoryName: 'Test', image: null, name: 'Tent', url: null, productType: 0 };
  const { id } = await db()
    .insertInto('orders')
    .values({
      shopperId,
      orderNumber: `IDEM-R-${++fixtures}-${Date.now()}`,
      accessUrl: null,
      status: 50,
      currency: 'EUR',
      serviceFeeE4: 0,
      shippingCostE4: 0,
      transactionCostE4: 0,
      discountE4: 0,
      subTotalE4: 100_000,
      totalE4: 100_000,
      shippingAddress: null,
      billingAddress: null,
      searchText: 'tent',
      ...orderParts([{ ...line, priceE4: 100_000, status: 60 }], []),
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The tables the create calls add the shopper's rows to. */
type ShopperTable =
  | 'addresses'
  | 'shopperAchievements'
  | 'vouchers'
  | 'telephoneVerifications'
  | 'emailCodes'
  | 'returns';

const countShoppersRows = (table: ShopperTable, shopperId: number) =>
  db()
    .selectFrom(table)
    .select((e) => e.fn.countAll().as('n'))
    .where('shopperId', '=', shopperId);
type RowCount = ReturnType<typeof countShoppersRows>;

/** A call's `made`: how many of the shopper's rows `table` holds, of those `only` keeps. */
const rowsIn =
  (table: ShopperTable, only: (rows: RowCount) => RowCount = (rows) => rows): CreateCall['made'] =>
  (shopperId) =>
    count(only(countShoppersRows(table, shopperId)).executeTakeFirstOrThrow());

/** A call's `prepare` for a code sent to the shopper: sets what the code goes to, then posts to `path`. */
const sendingTo =
  (path: string, contact: () => Updateable<ShoppersTable>): CreateCall['prepare'] =>
  async (shopperId) => {
    await db().updateTable('shoppers').set(contact()).where('id', '=', shopperId).execute();
    return { url: api(path), body: {} };
  };

/** Every call the contract marks as taking an Idempotency-Key; the type checker insists on each. */
const CREATE_CALLS: Record<Extract<EndpointName, IdempotentName>, CreateCall> = {
  createAddress: {
    prepare: async () => ({ url: api('/address'), body: PRIVATE_ADDRESS }),
    made: rowsIn('addresses'),
  },
  claimAchievement: {
    prepare: async (shopperId) => ({
      url: api(`/achievement/claim/${await claimableAchievement(shopperId)}`),
      body: {},
    }),
    made: rowsIn('shopperAchievements', (rows) => rows.where('claimDate', 'is not', null)),
  },
  claimVoucherByCode: {
    prepare: async () => ({ url: api(`/voucher/claim/${(await campaign()).claimCode}`), body: {} }),
    made: rowsIn('vouchers'),
  },
  claimVoucherById: {
    prepare: async (shopperId) => {
      const { id: campaignId } = await campaign();
      const { id } = await db()
        .insertInto('vouchers')
        .values({
          campaignId,
          shopperId,
          code: null,
          used: 0,
          redeemDate: null,
          claimDate: null,
          expireDate: null,
          createdAt: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: api(`/voucher/claimById/${id}`), body: {} };
    },
    // A claim hands out one pool code: more codes would mean more claims.
    made: (shopperId) =>
      count(
        db()
          .selectFrom('voucherCodes')
          .innerJoin('vouchers', 'vouchers.id', 'voucherCodes.voucherId')
          .select((e) => e.fn.countAll().as('n'))
          .where('vouchers.shopperId', '=', shopperId)
          .executeTakeFirstOrThrow(),
      ),
  },
  createReturn: {
    // The demo shop's return policy offers these.
    prepare: async (shopperId) => ({
      url: api(`/order/returns/${await deliveredOrder(shopperId)}`),
      body: { Lines: [{ Line: 0, Quantity: 1, Reason: 'tooSmall' }], Method: 'postnl-point' },
    }),
    made: rowsIn('returns'),
  },
  sendVerifySms: {
    prepare: sendingTo('/shopUser/sendVerifySms', () => ({ telephone: `+31 6${20_000_000 + fixtures++}` })),
    made: rowsIn('telephoneVerifications'),
  },
  sendEmailCode: {
    prepare: sendingTo('/shopUser/sendEmailCode', () => ({
      email: `idempotent${fixtures++}@example.com`,
      emailVerifiedBy: null,
      emailVerifiedAt: null,
    })),
    made: rowsIn('emailCodes'),
  },
  sendDeletionCode: {
    prepare: sendingTo('/privacy/deletion-code', () => ({
      email: `leaving${fixtures++}@example.com`,
      emailVerifiedBy: 'code',
      emailVerifiedAt: new Date().toISOString(),
    })),
    made: rowsIn('emailCodes', (rows) => rows.where('purpose', '=', 'delete_account')),
  },
};

type IdempotentName = {
  [N in EndpointName]: (typeof endpoints)[N] extends { idempotencyKey: true } ? N : never;
}[EndpointName];

const post = (browser: TestBrowser, request: { url: string; body: unknown }, key?: string) =>
  browser.request({ method: 'POST', ...request, headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key } });

describe(`Idempotency-Key on every create call (${databaseKind})`, () => {
  it('the create calls are exactly those the contract marks', () => {
    const marked = Object.entries(endpoints)
      .filter(([, e]) => 'idempotencyKey' in e)
      .map(([name]) => name);
    expect(marked.sort()).toEqual(Object.keys(CREATE_CALLS).sort());
  });

  it('the OpenAPI document names the Idempotency-Key header on every create call, and only there', async () => {
    const document = (await server.app.inject('/account/api/docs/account.json')).json() as {
      paths: Record<string, Record<string, { operationId?: string; parameters?: { in: string; name: string }[] }>>;
    };
    const withHeader = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER))
      .map((operation) => operation.operationId);
    expect(withHeader.sort()).toEqual(Object.keys(CREATE_CALLS).sort());
  });

  for (const [name, call] of Object.entries(CREATE_CALLS)) {
    it(`§7 ${name}: a repeated request with the same Idempotency-Key answers the first result and creates nothing new`, async () => {
      const { browser, id } = await shopper();
      const request = await call.prepare(id);
      const key = newKey();
      const first = await post(browser, request, key);
      expect(first.statusCode, first.body).toBe(200);
      const repeat = await post(browser, request, key);
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect(repeat.json()).toEqual(first.json());
      expect(await call.made(id)).toBe(1);
    });

    it(`§7 ${name}: two requests with the same Idempotency-Key at once (a double submit) create once and answer alike`, async () => {
      const { browser, id } = await shopper();
      const request = await call.prepare(id);
      const key = newKey();
      const [one, two] = await Promise.all([post(browser, request, key), post(browser, request, key)]);
      expect([one?.statusCode, two?.statusCode], `${one?.body} ${two?.body}`).toEqual([200, 200]);
      expect(two?.json()).toEqual(one?.json());
      expect(await call.made(id)).toBe(1);
    });
  }

  it('§7 POST /address: a new key is a new submission and adds another address', async () => {
    const { browser, id } = await shopper();
    const request = await CREATE_CALLS.createAddress.prepare(id);
    expect((await post(browser, request, newKey())).statusCode).toBe(200);
    expect((await post(browser, request, newKey())).statusCode).toBe(200);
    expect((await post(browser, request)).statusCode).toBe(200);
    expect(await CREATE_CALLS.createAddress.made(id)).toBe(3);
  });

  it('§7 POST /address: the same key with a different request is a 422 naming the problem, and creates nothing', async () => {
    const { browser, id } = await shopper();
    const key = newKey();
    expect((await post(browser, { url: api('/address'), body: PRIVATE_ADDRESS }, key)).statusCode).toBe(200);
    const other = await post(browser, { url: api('/address'), body: { ...PRIVATE_ADDRESS, City: 'Utrecht' } }, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
    expect(await CREATE_CALLS.createAddress.made(id)).toBe(1);
  });

  it('§7 POST /address: a failed request keeps nothing, so the corrected one with the same key creates', async () => {
    const { browser, id } = await shopper();
    const key = newKey();
    const invalid = await post(browser, { url: api('/address'), body: { ...PRIVATE_ADDRESS, City: '' } }, key);
    expect(invalid.statusCode).toBe(400);
    const valid = await post(browser, { url: api('/address'), body: PRIVATE_ADDRESS }, key);
    expect(valid.statusCode, valid.body).toBe(200);
    expect(await CREATE_CALLS.createAddress.made(id)).toBe(1);
  });

  it('§7 POST /address: keys are per shopper: another shopper’s same key creates their own address', async () => {
    const key = newKey();
    const anna = await shopper();
    const ben = await shopper();
    const request = { url: api('/address'), body: PRIVATE_ADDRESS };
    const annas = await post(anna.browser, request, key);
    const bens = await post(ben.browser, request, key);
    expect(bens.statusCode).toBe(200);
    expect(bens.json()).not.toEqual(annas.json());
    expect(await CREATE_CALLS.createAddress.made(ben.id)).toBe(1);
  });

  it('§7 POST /address: an expired key is free again', async () => {
    const { browser, id } = await shopper();
    const key = newKey();
    const request = { url: api('/address'), body: PRIVATE_ADDRESS };
    expect((await post(browser, request, key)).statusCode).toBe(200);
    await db()
      .updateTable('idempotencyKeys')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('shopperId', '=', id)
      .execute();
    expect((await post(browser, request, key)).statusCode).toBe(200);
    expect(await CREATE_CALLS.createAddress.made(id)).toBe(2);
  });

  it('§7 POST /address: a malformed key is a 400 and creates nothing', async () => {
    const { browser, id } = await shopper();
    const response = await post(browser, { url: api('/address'), body: PRIVATE_ADDRESS }, 'x'.repeat(101));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await CREATE_CALLS.createAddress.made(id)).toBe(0);
  });
});
