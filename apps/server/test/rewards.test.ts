/**
 * §7 POST /achievement/claim/{achievementId}, POST /voucher/claim/{code}, POST /voucher/claimById/{id}
 * and DELETE /shopUser/removeWishlist on the real server and database: each claim happens once,
 * also when sent twice at the same moment; pool codes are never handed out twice; another
 * shopper's vouchers are a 404; and the account (GET /shopuser/me) reflects every change (§7:
 * after wishlist removal and achievement claim the account is reloaded).
 */
import { Achievement, FEATURES, Voucher, VoucherClaimResult } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_CODE_LIMITS } from '../src/modules/rewards/routes.js';
import { TestBrowser } from './support/browser.js';
import { accountOf, signIn } from './support/sign-in.js';
import { api, databaseKind, startServer, switchOff, type TestServer } from './support/test-app.js';

/** The demo shop with every feature. */
let server: TestServer;
/** Achievements, MyVouchers and MyWishlist switched off before first use. */
let featureOffServer: TestServer;

const REWARD_FEATURES = [FEATURES.achievements, FEATURES.myVouchers, FEATURES.myWishlist];

beforeAll(async () => {
  [server, featureOffServer] = await Promise.all([startServer(), startServer()]);
  // Before the first settings read, so that no cached copy hides the change.
  await switchOff(featureOffServer, ...REWARD_FEATURES);
});
afterAll(async () => {
  await Promise.all([server?.close(), featureOffServer?.close()]);
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const claimAchievement = (browser: TestBrowser, id: number | string, withoutXsrf = false) =>
  browser.request({ method: 'POST', url: api(`/achievement/claim/${id}`), body: {}, withoutXsrf });
const claimByCode = (browser: TestBrowser, code: string, withoutXsrf = false) =>
  browser.request({ method: 'POST', url: api(`/voucher/claim/${encodeURIComponent(code)}`), body: {}, withoutXsrf });
const claimById = (browser: TestBrowser, id: number | string, withoutXsrf = false) =>
  browser.request({ method: 'POST', url: api(`/voucher/claimById/${id}`), body: {}, withoutXsrf });
const removeWishlist = (browser: TestBrowser, ids: string, withoutXsrf = false) =>
  browser.request({ method: 'DELETE', url: api(`/shopUser/removeWishlist?ids=${ids}`), withoutXsrf });

async function signedIn(subject = 'new', s: TestServer = server, clientAddress?: string): Promise<TestBrowser> {
  const browser = new TestBrowser(s.app, clientAddress === undefined ? {} : { clientAddress });
  await signIn(browser, subject);
  return browser;
}

/** A fresh shopper and their id, signed in from the given client address or one of their own. */
async function newShopper(clientAddress?: string): Promise<{ browser: TestBrowser; id: number }> {
  const browser = await signedIn('new', server, clientAddress);
  return { browser, id: (await accountOf(browser)).id };
}

/** The one error body with the status and code. */
function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ status, code, message: expect.any(String) });
}

/** Asserts the timestamp lies between `before` and now. */
function expectNow(timestamp: string | null, before: number): void {
  expect(timestamp).not.toBeNull();
  const at = Date.parse(timestamp!);
  expect(at).toBeGreaterThanOrEqual(before);
  expect(at).toBeLessThanOrEqual(Date.now());
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

// ---- Fixtures written straight to the database ---------------------------------------------

let fixtures = 0;

/** A shop achievement of its own, so no other test touches it. */
async function achievementOf(totalProgress: number, s: TestServer = server): Promise<number> {
  fixtures++;
  const { id } = await s.app.db.kysely
    .insertInto('achievements')
    .values({
      name: `Test achievement ${fixtures}`,
      detail: null,
      description: 'Reach the goal.',
      reward: '10 points',
      icon: null,
      scaleType: 1,
      totalProgress,
      currency: null,
      viewOrder: 1000 + fixtures,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function progress(shopperId: number, achievementId: number, value: number, claimDate: string | null = null) {
  await server.app.db.kysely
    .insertInto('shopperAchievements')
    .values({ shopperId, achievementId, progress: value, claimDate })
    .execute();
}

const progressRow = (shopperId: number, achievementId: number, s: TestServer = server) =>
  s.app.db.kysely
    .selectFrom('shopperAchievements')
    .selectAll()
    .where('shopperId', '=', shopperId)
    .where('achievementId', '=', achievementId)
    .executeTakeFirst();

interface CampaignFixture {
  id: number;
  claimCode: string;
  codes: string[];
}

/** A voucher campaign with its own claim code and a pool of `codes` free codes. */
async function campaignOf(options: { codes: number; expireDate?: string | null }): Promise<CampaignFixture> {
  fixtures++;
  const db = server.app.db.kysely;
  const claimCode = `TestCode${fixtures}`;
  const { id } = await db
    .insertInto('voucherCampaigns')
    .values({
      name: `Test campaign ${fixtures}`,
      claimCode,
      discountPercentage: 15,
      discountAmountE4: 0,
      currency: 'EUR',
      limited: 1,
      expireDate: options.expireDate === undefined ? inDays(30) : options.expireDate,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const codes = Array.from({ length: options.codes }, (_, i) => `TEST-${fixtures}-${i}`);
  if (codes.length > 0) {
    await db
      .insertInto('voucherCodes')
      .values(codes.map((code) => ({ campaignId: id, code, voucherId: null })))
      .execute();
  }
  return { id, claimCode, codes };
}

/** An unclaimed voucher of the campaign for the shopper (as the shop hands them out). */
async function voucherOf(
  shopperId: number,
  campaignId: number,
  over: { code?: string | null; claimDate?: string | null; expireDate?: string | null } = {},
): Promise<number> {
  const { id } = await server.app.db.kysely
    .insertInto('vouchers')
    .values({
      campaignId,
      shopperId,
      code: over.code ?? null,
      used: 0,
      redeemDate: null,
      claimDate: over.claimDate ?? null,
      expireDate: over.expireDate ?? null,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const voucherRows = (shopperId: number, s: TestServer = server) =>
  s.app.db.kysely.selectFrom('vouchers').selectAll().where('shopperId', '=', shopperId).orderBy('id').execute();

const poolOf = (campaignId: number) =>
  server.app.db.kysely
    .selectFrom('voucherCodes')
    .select(['code', 'voucherId'])
    .where('campaignId', '=', campaignId)
    .orderBy('id')
    .execute();

async function productIds(count: number): Promise<number[]> {
  const rows = await server.app.db.kysely.selectFrom('products').select('id').orderBy('id').limit(count).execute();
  expect(rows).toHaveLength(count);
  return rows.map((r) => r.id);
}

async function wish(shopperId: number, ids: number[]) {
  await server.app.db.kysely
    .insertInto('wishlistItems')
    .values(
      ids.map((productId, i) => ({ shopperId, productId, addedAt: new Date(Date.now() - i * 1000).toISOString() })),
    )
    .execute();
}

const wishIds = async (browser: TestBrowser) => (await accountOf(browser)).wishProducts.map((p) => p.productId);

// ---- The demo shop -------------------------------------------------------------------------

describe(`§2 the demo shop offers every state of the reward screens (${databaseKind})`, () => {
  it('§2 Achievements page: Emma has claimable, claimed, in-progress, unstarted ones, with and without icon', async () => {
    const { achievements } = await accountOf(await signedIn('demo-emma'));
    expect(achievements.some((a) => a.canClaim && a.claimDate === null)).toBe(true);
    expect(achievements.some((a) => a.canClaim && a.reward === null)).toBe(true);
    expect(achievements.some((a) => a.claimDate !== null && !a.canClaim)).toBe(true);
    expect(achievements.some((a) => a.progressPercentage > 0 && a.progressPercentage < 100)).toBe(true);
    expect(achievements.some((a) => a.progress === 0)).toBe(true);
    expect(achievements.some((a) => a.icon !== null)).toBe(true);
    expect(achievements.some((a) => a.icon === null)).toBe(true);
    expect(new Set(achievements.map((a) => a.scaleType))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('§2 Vouchers: Emma has unclaimed, claimed, expired, used (limited and counted), percentage, amount and neither', async () => {
    const { vouchers } = await accountOf(await signedIn('demo-emma'));
    expect(vouchers.some((v) => v.claimDate === null && v.code === null && !v.isExpired)).toBe(true);
    expect(vouchers.some((v) => v.claimDate !== null && v.code !== null && !v.isExpired)).toBe(true);
    expect(vouchers.some((v) => v.isExpired && v.claimDate === null)).toBe(true);
    expect(vouchers.some((v) => v.isExpired && v.claimDate !== null)).toBe(true);
    expect(vouchers.some((v) => v.used > 0 && v.limited)).toBe(true);
    expect(vouchers.some((v) => v.used > 1 && !v.limited)).toBe(true);
    expect(vouchers.some((v) => v.used === 0 && v.redeemDate !== null)).toBe(true);
    expect(vouchers.some((v) => v.used === 0 && v.redeemDate === null)).toBe(true);
    expect(vouchers.some((v) => v.expireDate === null)).toBe(true);
    expect(vouchers.some((v) => v.discount.percentage > 0)).toBe(true);
    expect(vouchers.some((v) => v.discount.percentage === 0 && v.discount.amount > 0)).toBe(true);
    expect(vouchers.some((v) => v.discount.percentage === 0 && v.discount.amount === 0)).toBe(true);
  });

  it('§2 Wishlist: Emma has several products with a price', async () => {
    const { wishProducts } = await accountOf(await signedIn('demo-emma'));
    expect(wishProducts.length).toBeGreaterThanOrEqual(3);
    for (const product of wishProducts) expect(product.price.amount).toBeGreaterThan(0);
  });

  it('§7 claim by code: the README’s campaign codes work; Emma’s unclaimed vouchers have pool codes to hand out', async () => {
    const emma = await signedIn('demo-emma');
    const pine = await claimByCode(emma, 'PINE5');
    expect(pine.statusCode, pine.body).toBe(200);
    expect(Voucher.parse(pine.json())).toMatchObject({
      campaign: 'Newsletter reader: €5 off',
      code: expect.any(String),
    });
    // Emma holds the trail club's vouchers already.
    expectError(await claimByCode(emma, 'TRAIL2026'), 409, 'conflict');
    expect((await claimByCode(await signedIn('demo-noah'), 'trail2026')).statusCode).toBe(200);

    const unclaimed = (await accountOf(emma)).vouchers.find((v) => v.claimDate === null && !v.isExpired)!;
    const claimed = await claimById(emma, unclaimed.id);
    expect(claimed.statusCode, claimed.body).toBe(200);
  });
});

// ---- Achievements --------------------------------------------------------------------------

describe(`§7 POST /achievement/claim/{achievementId} (${databaseKind})`, () => {
  it('§4 Achievement: a claimable achievement is claimed: the claim date is set and the achievement answered', async () => {
    const { browser, id } = await newShopper();
    const achievementId = await achievementOf(6);
    await progress(id, achievementId, 6);
    expect((await accountOf(browser)).achievements.find((a) => a.achievementId === achievementId)).toMatchObject({
      canClaim: true,
      disableClaim: false,
      claimDate: null,
    });

    const before = Date.now();
    const response = await claimAchievement(browser, achievementId);
    expect(response.statusCode, response.body).toBe(200);
    const claimed = Achievement.parse(response.json());
    expectNow(claimed.claimDate, before);
    expect(claimed).toMatchObject({
      achievementId,
      progress: 6,
      totalProgress: 6,
      progressPercentage: 100,
      canClaim: false,
      disableClaim: true,
    });
    expect((await progressRow(id, achievementId))?.claimDate).toBe(claimed.claimDate);
  });

  it('§7 after the achievement claim the reloaded account shows it claimed', async () => {
    const { browser, id } = await newShopper();
    const achievementId = await achievementOf(3);
    await progress(id, achievementId, 3);
    const claimed = Achievement.parse((await claimAchievement(browser, achievementId)).json());
    const listed = (await accountOf(browser)).achievements.find((a) => a.achievementId === achievementId);
    expect(listed).toEqual(claimed);
  });

  it('§3 Achievement: progress beyond the total (over 100%) is claimable too', async () => {
    const { browser, id } = await newShopper();
    const achievementId = await achievementOf(3);
    await progress(id, achievementId, 4);
    const response = await claimAchievement(browser, achievementId);
    expect(response.statusCode, response.body).toBe(200);
    expect(Achievement.parse(response.json()).progressPercentage).toBeGreaterThan(100);
  });

  it('§4 Achievement: claiming twice is a 409 and keeps the first claim date', async () => {
    const { browser, id } = await newShopper();
    const achievementId = await achievementOf(1);
    await progress(id, achievementId, 1);
    const first = Achievement.parse((await claimAchievement(browser, achievementId)).json());
    expectError(await claimAchievement(browser, achievementId), 409, 'conflict');
    expect((await progressRow(id, achievementId))?.claimDate).toBe(first.claimDate);
  });

  it('§3 Achievement: an unfinished achievement (below 100%), one not started, or one without a total is a 409', async () => {
    const { browser, id } = await newShopper();
    const unfinished = await achievementOf(10);
    await progress(id, unfinished, 9);
    const unstarted = await achievementOf(10);
    const noTotal = await achievementOf(0);
    await progress(id, noTotal, 0);
    for (const achievementId of [unfinished, unstarted, noTotal]) {
      expectError(await claimAchievement(browser, achievementId), 409, 'conflict');
    }
    expect((await progressRow(id, unfinished))?.claimDate).toBeNull();
    expect(await progressRow(id, unstarted)).toBeUndefined();
    const listed = (await accountOf(browser)).achievements.filter((a) =>
      [unfinished, unstarted].includes(a.achievementId),
    );
    expect(listed.map((a) => a.claimDate)).toEqual([null, null]);
  });

  it('DESIGN §4 an unknown achievement is a 404', async () => {
    const { browser } = await newShopper();
    expectError(await claimAchievement(browser, 2_000_000), 404, 'not_found');
  });

  it('§4 Achievement: one shopper’s claim leaves another shopper’s progress on it claimable', async () => {
    const a = await newShopper();
    const b = await newShopper();
    const achievementId = await achievementOf(2);
    await progress(a.id, achievementId, 2);
    await progress(b.id, achievementId, 2);
    expect((await claimAchievement(a.browser, achievementId)).statusCode).toBe(200);
    expect((await progressRow(b.id, achievementId))?.claimDate).toBeNull();
    expect((await accountOf(b.browser)).achievements.find((x) => x.achievementId === achievementId)?.canClaim).toBe(
      true,
    );
  });

  it('§4 Achievement: concurrent claims of one achievement give exactly one success', async () => {
    const { browser, id } = await newShopper();
    const achievementId = await achievementOf(5);
    await progress(id, achievementId, 5);
    const responses = await Promise.all(Array.from({ length: 6 }, () => claimAchievement(browser, achievementId)));
    expect(statuses(responses)).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = Achievement.parse(responses.find((r) => r.statusCode === 200)!.json());
    expect((await progressRow(id, achievementId))?.claimDate).toBe(winner.claimDate);
  });
});

// ---- Voucher by id -------------------------------------------------------------------------

describe(`§7 POST /voucher/claimById/{id} (${databaseKind})`, () => {
  it('§4 Voucher: an unclaimed voucher gets a pool code and a claim date; §7 the response carries both', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 3 });
    const voucherId = await voucherOf(id, campaign.id);

    const before = Date.now();
    const response = await claimById(browser, voucherId);
    expect(response.statusCode, response.body).toBe(200);
    const result = VoucherClaimResult.parse(response.json());
    expect(response.json()).toEqual({ code: result.code, claimDate: result.claimDate });
    expect(campaign.codes).toContain(result.code);
    expectNow(result.claimDate, before);

    const pool = await poolOf(campaign.id);
    expect(pool.filter((c) => c.voucherId === voucherId)).toEqual([{ code: result.code, voucherId }]);
    expect(pool.filter((c) => c.voucherId === null)).toHaveLength(2);
    expect((await accountOf(browser)).vouchers.find((v) => v.id === voucherId)).toMatchObject({
      code: result.code,
      claimDate: result.claimDate,
      isExpired: false,
    });
  });

  it('§4 Voucher: a claimed voucher cannot be claimed again (409); its code stays', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 3 });
    const voucherId = await voucherOf(id, campaign.id);
    const first = VoucherClaimResult.parse((await claimById(browser, voucherId)).json());
    expectError(await claimById(browser, voucherId), 409, 'conflict');
    expect(await voucherRows(id)).toMatchObject([{ id: voucherId, code: first.code, claimDate: first.claimDate }]);
    expect((await poolOf(campaign.id)).filter((c) => c.voucherId !== null)).toHaveLength(1);
  });

  it('§4 Voucher: an expired voucher (its own expiry or its campaign’s) is a 409 and stays unclaimed', async () => {
    const { browser, id } = await newShopper();
    const running = await campaignOf({ codes: 3 });
    const ended = await campaignOf({ codes: 3, expireDate: inDays(-1) });
    const ownExpiry = await voucherOf(id, running.id, { expireDate: inDays(-2) });
    const campaignExpiry = await voucherOf(id, ended.id);
    for (const voucherId of [ownExpiry, campaignExpiry]) {
      expectError(await claimById(browser, voucherId), 409, 'conflict');
    }
    expect((await voucherRows(id)).map((v) => [v.code, v.claimDate])).toEqual([
      [null, null],
      [null, null],
    ]);
    const listed = (await accountOf(browser)).vouchers;
    expect(listed.map((v) => v.isExpired)).toEqual([true, true]);
  });

  it('§4 Voucher: a voucher whose own expiry lies ahead may be claimed although its campaign has ended', async () => {
    const { browser, id } = await newShopper();
    const ended = await campaignOf({ codes: 1, expireDate: inDays(-1) });
    const voucherId = await voucherOf(id, ended.id, { expireDate: inDays(5) });
    expect((await claimById(browser, voucherId)).statusCode).toBe(200);
  });

  it('DESIGN §4 another shopper’s voucher, or an unknown one, is a 404 and nothing changes', async () => {
    const owner = await newShopper();
    const campaign = await campaignOf({ codes: 3 });
    const voucherId = await voucherOf(owner.id, campaign.id);
    const other = await newShopper();
    expectError(await claimById(other.browser, voucherId), 404, 'not_found');
    expectError(await claimById(other.browser, 2_000_000), 404, 'not_found');
    expect(await voucherRows(owner.id)).toMatchObject([{ id: voucherId, code: null, claimDate: null }]);
    expect((await poolOf(campaign.id)).every((c) => c.voucherId === null)).toBe(true);
  });

  it('§4 Voucher: with the campaign’s pool used up the claim is a 409 and the voucher stays unclaimed', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 1 });
    const [a, b] = [await voucherOf(id, campaign.id), await voucherOf(id, campaign.id)];
    expect((await claimById(browser, a)).statusCode).toBe(200);
    expectError(await claimById(browser, b), 409, 'conflict');
    expect((await voucherRows(id)).find((v) => v.id === b)).toMatchObject({ code: null, claimDate: null });
    expect((await accountOf(browser)).vouchers.find((v) => v.id === b)?.claimDate).toBeNull();
  });

  it('§4 Voucher: a voucher the shop gave a code already keeps it; the pool is not touched', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 2 });
    const voucherId = await voucherOf(id, campaign.id, { code: `GIVEN-${campaign.id}` });
    const response = await claimById(browser, voucherId);
    expect(response.statusCode, response.body).toBe(200);
    expect(VoucherClaimResult.parse(response.json()).code).toBe(`GIVEN-${campaign.id}`);
    expect((await poolOf(campaign.id)).every((c) => c.voucherId === null)).toBe(true);
  });

  it('§4 Voucher: concurrent claims of one voucher (a double click) give one success and hand out one code', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 5 });
    const voucherId = await voucherOf(id, campaign.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => claimById(browser, voucherId)));
    expect(statuses(responses)).toEqual([200, 409, 409, 409, 409]);
    const winner = VoucherClaimResult.parse(responses.find((r) => r.statusCode === 200)!.json());
    expect((await poolOf(campaign.id)).filter((c) => c.voucherId !== null)).toEqual([{ code: winner.code, voucherId }]);
    expect(await voucherRows(id)).toMatchObject([{ code: winner.code, claimDate: winner.claimDate }]);
  });

  it('§4 Voucher: concurrent claims by different shoppers never get the same pool code', async () => {
    const campaign = await campaignOf({ codes: 4 });
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => newShopper()));
    const vouchers = await Promise.all(shoppers.map((s) => voucherOf(s.id, campaign.id)));
    const responses = await Promise.all(shoppers.map((s, i) => claimById(s.browser, vouchers[i]!)));
    expect(statuses(responses)).toEqual([200, 200, 200, 200, 409, 409]);
    const codes = responses.filter((r) => r.statusCode === 200).map((r) => VoucherClaimResult.parse(r.json()).code);
    expect(new Set(codes).size).toBe(4);
    const pool = await poolOf(campaign.id);
    expect(pool.every((c) => c.voucherId !== null)).toBe(true);
    expect(new Set(pool.map((c) => c.voucherId)).size).toBe(4);
  });
});

// ---- Voucher by campaign code --------------------------------------------------------------

describe(`§7 POST /voucher/claim/{code} (${databaseKind})`, () => {
  it('§7 claim by code: adds a claimed voucher of the campaign with a pool code; the account lists it', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 2 });
    const before = Date.now();
    const response = await claimByCode(browser, campaign.claimCode);
    expect(response.statusCode, response.body).toBe(200);
    const voucher = Voucher.parse(response.json());
    expect(voucher).toMatchObject({
      campaignId: campaign.id,
      campaign: expect.stringMatching(/^Test campaign/),
      used: 0,
      limited: true,
      redeemDate: null,
      isExpired: false,
      discount: { percentage: 15, amount: 0, currency: 'EUR' },
    });
    expect(campaign.codes).toContain(voucher.code);
    expectNow(voucher.claimDate, before);
    expect((await accountOf(browser)).vouchers).toEqual([voucher]);
    expect((await poolOf(campaign.id)).filter((c) => c.voucherId !== null)).toEqual([
      { code: voucher.code, voucherId: voucher.id },
    ]);
    expect(await voucherRows(id)).toHaveLength(1);
  });

  it('§7 claim by code: the code is matched case-insensitively, surrounding blanks ignored', async () => {
    const { browser } = await newShopper();
    const campaign = await campaignOf({ codes: 2 });
    const response = await claimByCode(browser, `  ${campaign.claimCode.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(Voucher.parse(response.json()).campaignId).toBe(campaign.id);
  });

  it('§7 claim by code: an unknown code is a 404; a voucher’s own pool code is not a campaign code', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 1 });
    expectError(await claimByCode(browser, 'NO-SUCH-CODE'), 404, 'not_found');
    expectError(await claimByCode(browser, campaign.codes[0]!), 404, 'not_found');
    expect(await voucherRows(id)).toEqual([]);
  });

  it('§7 claim by code: the code of an ended campaign is a 404, like an unknown one, and adds nothing', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 2, expireDate: inDays(-1) });
    expectError(await claimByCode(browser, campaign.claimCode), 404, 'not_found');
    expect(await voucherRows(id)).toEqual([]);
  });

  it('§7 claim by code: a shopper who holds a voucher of the campaign (claimed or not) gets no second one (409)', async () => {
    const { browser, id } = await newShopper();
    const claimedBefore = await campaignOf({ codes: 3 });
    expect((await claimByCode(browser, claimedBefore.claimCode)).statusCode).toBe(200);
    expectError(await claimByCode(browser, claimedBefore.claimCode), 409, 'conflict');

    const handedOut = await campaignOf({ codes: 3 });
    await voucherOf(id, handedOut.id);
    expectError(await claimByCode(browser, handedOut.claimCode), 409, 'conflict');
    expect(await voucherRows(id)).toHaveLength(2);
    expect((await accountOf(browser)).vouchers).toHaveLength(2);
  });

  it('§7 claim by code: with the pool used up it is a 404, like an unknown code, and no voucher is added', async () => {
    const first = await newShopper();
    const second = await newShopper();
    const campaign = await campaignOf({ codes: 1 });
    expect((await claimByCode(first.browser, campaign.claimCode)).statusCode).toBe(200);
    expectError(await claimByCode(second.browser, campaign.claimCode), 404, 'not_found');
    expect(await voucherRows(second.id)).toEqual([]);
    const empty = await campaignOf({ codes: 0 });
    expectError(await claimByCode(second.browser, empty.claimCode), 404, 'not_found');
    expect(await voucherRows(second.id)).toEqual([]);
  });

  it('§7 claim by code: concurrent claims by one shopper (a double click) add exactly one voucher', async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 5 });
    const responses = await Promise.all(Array.from({ length: 5 }, () => claimByCode(browser, campaign.claimCode)));
    expect(statuses(responses)).toEqual([200, 409, 409, 409, 409]);
    expect(await voucherRows(id)).toHaveLength(1);
    expect((await poolOf(campaign.id)).filter((c) => c.voucherId !== null)).toHaveLength(1);
  });

  it('§7 claim by code: concurrent claims by different shoppers never get the same pool code', async () => {
    const campaign = await campaignOf({ codes: 4 });
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => newShopper()));
    const responses = await Promise.all(shoppers.map((s) => claimByCode(s.browser, campaign.claimCode)));
    expect(statuses(responses)).toEqual([200, 200, 200, 200, 404, 404]);
    const codes = responses.filter((r) => r.statusCode === 200).map((r) => Voucher.parse(r.json()).code);
    expect(new Set(codes).size).toBe(4);
    for (const shopper of shoppers) expect((await voucherRows(shopper.id)).length).toBeLessThanOrEqual(1);
    expect((await poolOf(campaign.id)).every((c) => c.voucherId !== null)).toBe(true);
  });
});

describe(`DESIGN §4, §6 POST /voucher/claim/{code} gives code guessing nothing to go on (${databaseKind})`, () => {
  const { perShopper, perAddress } = VOUCHER_CODE_LIMITS;

  /** A clear 429 whose Retry-After lies within the limit's window. */
  function expectLimited(response: LightMyRequestResponse, windowSeconds: number) {
    expectError(response, 429, 'rate_limited');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }

  it('DESIGN §4 claim by code: unknown, ended, used-up (held by someone else) and another shopper’s pool codes answer identically', async () => {
    const { browser, id } = await newShopper();
    const other = await newShopper();
    const usedUp = await campaignOf({ codes: 1 });
    const taken = await claimByCode(other.browser, usedUp.claimCode);
    expect(taken.statusCode, taken.body).toBe(200);
    const othersPoolCode = Voucher.parse(taken.json()).code!;
    const ended = await campaignOf({ codes: 2, expireDate: inDays(-1) });

    const unknown = await claimByCode(browser, 'NO-SUCH-CODE-42');
    expectError(unknown, 404, 'not_found');
    for (const code of [usedUp.claimCode, othersPoolCode, ended.claimCode]) {
      const response = await claimByCode(browser, code);
      expect(response.statusCode, code).toBe(unknown.statusCode);
      expect(response.json(), code).toEqual(unknown.json());
    }
    expect(await voucherRows(id)).toEqual([]);
  });

  it(`DESIGN §6 claim by code: a shopper's attempt after ${perShopper.points} in 15 minutes is a 429 with Retry-After, from any address, and adds nothing`, async () => {
    const { browser, id } = await newShopper();
    const campaign = await campaignOf({ codes: 2 });
    for (let i = 0; i < perShopper.points; i++) {
      expectError(await claimByCode(browser, `GUESS-${id}-${i}`), 404, 'not_found');
    }
    // A good code is refused as well: the limit counts attempts, whatever they hold.
    expectLimited(await claimByCode(browser, campaign.claimCode), perShopper.windowSeconds);
    // The same session from another address counts for the same shopper.
    const elsewhere = new TestBrowser(server.app);
    for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
    expect(elsewhere.clientAddress).not.toBe(browser.clientAddress);
    expectLimited(await claimByCode(elsewhere, campaign.claimCode), perShopper.windowSeconds);
    expect(await voucherRows(id)).toEqual([]);
    // Another shopper is not held up by it.
    expect((await claimByCode((await newShopper()).browser, campaign.claimCode)).statusCode).toBe(200);
  });

  it(`DESIGN §6 claim by code: shoppers sharing a client address get ${perAddress.points} attempts in 15 minutes together; the next is a 429 with Retry-After`, async () => {
    const address = '203.0.113.45';
    const campaign = await campaignOf({ codes: 2 });
    let attempts = 0;
    while (attempts < perAddress.points) {
      const { browser } = await newShopper(address);
      for (let i = 0; i < perShopper.points && attempts < perAddress.points; i++, attempts++) {
        expectError(await claimByCode(browser, `GUESS-ADDRESS-${attempts}`), 404, 'not_found');
      }
    }
    const next = await newShopper(address);
    expectLimited(await claimByCode(next.browser, campaign.claimCode), perAddress.windowSeconds);
    expect(await voucherRows(next.id)).toEqual([]);
    // A shopper at another address is not held up by it.
    expect((await claimByCode((await newShopper()).browser, campaign.claimCode)).statusCode).toBe(200);
  });
});

// ---- Wishlist ------------------------------------------------------------------------------

describe(`§7 DELETE /shopUser/removeWishlist?ids={comma separated ids} (${databaseKind})`, () => {
  it('§7 removeWishlist: one id removes a single wish; the reloaded account lists the others', async () => {
    const { browser, id } = await newShopper();
    const ids = await productIds(4);
    await wish(id, ids);
    expect(await wishIds(browser)).toEqual(ids);
    const response = await removeWishlist(browser, String(ids[1]));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await wishIds(browser)).toEqual([ids[0], ids[2], ids[3]]);
  });

  it('§4 Wishlist clear: all ids empty the list', async () => {
    const { browser, id } = await newShopper();
    const ids = await productIds(5);
    await wish(id, ids);
    expect((await removeWishlist(browser, ids.join(','))).statusCode).toBe(204);
    expect(await wishIds(browser)).toEqual([]);
  });

  it('§7 removeWishlist: ids not on the list are ignored; another shopper’s list stays as it is', async () => {
    const a = await newShopper();
    const b = await newShopper();
    const ids = await productIds(3);
    await wish(a.id, ids);
    await wish(b.id, ids);
    expect((await removeWishlist(a.browser, `${ids[0]},2000000,${ids[0]}`)).statusCode).toBe(204);
    expect(await wishIds(a.browser)).toEqual([ids[1], ids[2]]);
    expect(await wishIds(b.browser)).toEqual(ids);
    expect((await removeWishlist(a.browser, '2000000')).statusCode).toBe(204);
    expect(await wishIds(a.browser)).toEqual([ids[1], ids[2]]);
  });

  it('§7 removeWishlist: malformed ids are a 400 naming the field, and nothing is removed', async () => {
    const { browser, id } = await newShopper();
    const ids = await productIds(2);
    await wish(id, ids);
    for (const query of ['?ids=abc', '?ids=1,,2', '?ids=', '?ids=0', '?ids=-1', '?ids=1.5', '?ids=99999999999', '']) {
      const response = await browser.request({ method: 'DELETE', url: api(`/shopUser/removeWishlist${query}`) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        code: 'validation_failed',
        message: expect.any(String),
        fields: { Ids: 'ac_FieldInvalidMessage' },
      });
    }
    expect(await wishIds(browser)).toEqual(ids);
  });
});

// ---- Who may do what -----------------------------------------------------------------------

describe(`§6 and DESIGN §4: who may do what (${databaseKind})`, () => {
  /** A shopper with one of each: a claimable achievement, an unclaimed voucher, a wish. */
  async function shopperWithRewards() {
    const shopper = await newShopper();
    const achievementId = await achievementOf(1);
    await progress(shopper.id, achievementId, 1);
    const campaign = await campaignOf({ codes: 3 });
    const voucherId = await voucherOf(shopper.id, campaign.id);
    const [productId] = await productIds(1);
    await wish(shopper.id, [productId!]);
    const snapshot = async () => ({
      achievement: await progressRow(shopper.id, achievementId),
      vouchers: await voucherRows(shopper.id),
      pool: await poolOf(campaign.id),
      wishes: await server.app.db.kysely
        .selectFrom('wishlistItems')
        .selectAll()
        .where('shopperId', '=', shopper.id)
        .execute(),
    });
    return { ...shopper, achievementId, campaign, voucherId, productId: productId!, snapshot };
  }

  it('§6 every reward call needs sign-in (401) and changes nothing', async () => {
    const owner = await shopperWithRewards();
    const before = await owner.snapshot();
    const anonymous = new TestBrowser(server.app);
    await anonymous.open();
    for (const response of [
      await claimAchievement(anonymous, owner.achievementId),
      await claimByCode(anonymous, owner.campaign.claimCode),
      await claimById(anonymous, owner.voucherId),
      await removeWishlist(anonymous, String(owner.productId)),
    ]) {
      expectError(response, 401, 'unauthenticated');
    }
    expect(await owner.snapshot()).toEqual(before);
  });

  it('§7 every reward call needs the cross-site request token (403) and changes nothing', async () => {
    const owner = await shopperWithRewards();
    const before = await owner.snapshot();
    for (const response of [
      await claimAchievement(owner.browser, owner.achievementId, true),
      await claimByCode(owner.browser, owner.campaign.claimCode, true),
      await claimById(owner.browser, owner.voucherId, true),
      await removeWishlist(owner.browser, String(owner.productId), true),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'xsrf_token_invalid' });
    }
    expect(await owner.snapshot()).toEqual(before);
  });

  it('§7 a malformed id or code in the path is a 400 naming the field, never a 5xx', async () => {
    const { browser } = await newShopper();
    for (const [response, field] of [
      [await claimAchievement(browser, 'abc'), 'AchievementId'],
      [await claimAchievement(browser, 0), 'AchievementId'],
      [await claimById(browser, 'abc'), 'Id'],
      [await claimById(browser, '1e3'), 'Id'],
      [await claimByCode(browser, 'C'.repeat(65)), 'Code'],
      [await claimByCode(browser, '   '), 'Code'],
    ] as const) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        fields: { [field]: 'ac_FieldInvalidMessage' },
      });
    }
  });

  it('§6 the reward calls need Achievements, MyVouchers and MyWishlist (404 without them) and change nothing', async () => {
    const browser = await signedIn('demo-emma', featureOffServer);
    const config = (await browser.request(api('/setting'))).json() as { enableFeatures: string[] };
    for (const feature of REWARD_FEATURES) expect(config.enableFeatures).not.toContain(feature);
    const emma = await accountOf(browser);
    const db = featureOffServer.app.db.kysely;
    const snapshot = async () => ({
      achievements: await db.selectFrom('shopperAchievements').selectAll().where('shopperId', '=', emma.id).execute(),
      vouchers: await voucherRows(emma.id, featureOffServer),
      wishes: await db.selectFrom('wishlistItems').selectAll().where('shopperId', '=', emma.id).execute(),
    });
    const before = await snapshot();
    const claimable = emma.achievements.find((a) => a.canClaim)!;
    const unclaimed = emma.vouchers.find((v) => v.claimDate === null && !v.isExpired)!;
    for (const response of [
      await claimAchievement(browser, claimable.achievementId),
      await claimByCode(browser, 'PINE5'),
      await claimById(browser, unclaimed.id),
      await removeWishlist(browser, emma.wishProducts.map((p) => p.productId).join(',')),
    ]) {
      expectError(response, 404, 'feature_disabled');
    }
    expect(await snapshot()).toEqual(before);
  });
});
