/**
 * Phone verification by SMS code (spec §4 Telephone and Phone verify popup, §5 Verification code,
 * §7 POST /shopUser/sendVerifySms and /shopUser/verifyTelephoneNumber, §8 wrong or expired code,
 * §9 Verification; issue 10 Phone verification, server part), with the demo outbox transport.
 */
import { Account, FEATURES } from '@account/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shippedMessages } from '../src/i18n/catalogues.js';
import { type PhoneRepository, phoneRepository } from '../src/modules/phone/repository.js';
import { phoneVerificationService } from '../src/modules/phone/service.js';
import { TestBrowser } from './support/browser.js';
import { signIn } from './support/sign-in.js';
import { databaseKind, startServer, switchOff, type TestServer } from './support/test-app.js';

const SEND = '/account/api/v1/shopUser/sendVerifySms';
const VERIFY = '/account/api/v1/shopUser/verifyTelephoneNumber';
const ME = '/account/api/v1/shopuser/me';
const UPDATE = '/account/api/v1/shopUser/updateAccount';
const SOFIA_PHONE = '+32 470123456';
const SOFIA_EMAIL = 'sofia.jansen@example.com';
const NOAH_EMAIL = 'noah.visser@example.com';
const INVALID = { Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired' };

/** Codes without the 30 s gap, so one test can ask for several. */
let server: TestServer;
/** The default settings: the 30 s gap between two codes. */
let gapServer: TestServer;
/** TelephoneNumberVerification switched off before first use. */
let featureOffServer: TestServer;
/** Low caps on codes per client address and in all. */
let capServer: TestServer;
const CODES_PER_ADDRESS = 3;
const CODES_IN_ALL = 5;

beforeAll(async () => {
  [server, gapServer, featureOffServer, capServer] = await Promise.all([
    startServer({ env: { PHONE_CODE_RESEND_INTERVAL: '0' } }),
    startServer(),
    startServer(),
    startServer({
      env: {
        PHONE_CODE_RESEND_INTERVAL: '0',
        PHONE_CODE_IP_LIMIT: String(CODES_PER_ADDRESS),
        PHONE_CODE_GLOBAL_LIMIT: String(CODES_IN_ALL),
      },
    }),
  ]);
  await switchOff(featureOffServer, FEATURES.telephoneNumberVerification);
});
afterAll(async () => {
  await Promise.all([server?.close(), gapServer?.close(), featureOffServer?.close(), capServer?.close()]);
});

const db = (s: TestServer = server) => s.app.db.kysely;

async function shopperId(email: string, s: TestServer = server): Promise<number> {
  const row = await db(s).selectFrom('shoppers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** Sofia as seeded (unverified number, no codes), Noah without a number, and no rate-limit counts. */
async function reset(s: TestServer = server): Promise<void> {
  await db(s).deleteFrom('telephoneVerifications').execute();
  await db(s).deleteFrom('rateLimits').execute();
  await db(s)
    .updateTable('shoppers')
    .set({ telephone: SOFIA_PHONE, telephoneVerifyDate: null })
    .where('email', '=', SOFIA_EMAIL)
    .execute();
  await db(s)
    .updateTable('shoppers')
    .set({ telephone: '', telephoneVerifyDate: null })
    .where('email', '=', NOAH_EMAIL)
    .execute();
}

async function signedIn(subject = 'demo-sofia', s: TestServer = server): Promise<TestBrowser> {
  const browser = new TestBrowser(s.app);
  await signIn(browser, subject);
  return browser;
}

const send = (browser: TestBrowser) => browser.request({ method: 'POST', url: SEND, body: {} });
const verify = (browser: TestBrowser, code: string) =>
  browser.request({ method: 'POST', url: VERIFY, body: { Code: code } });
const account = async (browser: TestBrowser) => Account.parse((await browser.request(ME)).json());

/** A new account (they cost nothing) with a number of its own, signed in from the given address or its own. */
async function newShopperWithNumber(s: TestServer, n: number, clientAddress?: string): Promise<TestBrowser> {
  const browser = new TestBrowser(s.app, clientAddress === undefined ? {} : { clientAddress });
  await signIn(browser, 'new');
  const telephone = `+31 6${String(20_000_000 + n)}`;
  const saved = await browser.request({ method: 'POST', url: UPDATE, body: { Telephone: telephone } });
  expect(saved.statusCode, saved.body).toBe(200);
  return browser;
}

const expectLimited = (response: Awaited<ReturnType<typeof send>>) => {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ status: 429, code: 'rate_limited' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
};

/** The newest text to a number in the letterbox, and the code in it. */
async function lastText(telephone = SOFIA_PHONE, s: TestServer = server) {
  const row = await db(s)
    .selectFrom('smsOutbox')
    .select(['body', 'telephone', 'createdAt'])
    .where('telephone', '=', telephone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!row || !code) throw new Error(`no code sent to ${telephone}`);
  return { ...row, code };
}

const outboxCount = async (s: TestServer = server) =>
  Number(
    (
      await db(s)
        .selectFrom('smsOutbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Sends a code and returns it, read from the outbox. */
async function sendCode(browser: TestBrowser, s: TestServer = server): Promise<string> {
  const response = await send(browser);
  expect(response.statusCode).toBe(200);
  return (await lastText(SOFIA_PHONE, s)).code;
}

/** Another valid-looking code that is certainly not this one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const expectInvalid = (response: Awaited<ReturnType<typeof verify>>) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ status: 400, code: 'validation_failed', fields: INVALID });
};

beforeEach(async () => {
  await reset();
});

describe(`§7 POST /shopUser/sendVerifySms and /shopUser/verifyTelephoneNumber: success (${databaseKind})`, () => {
  it('§4 Telephone: a code sent by SMS verifies the number; the account says so', async () => {
    const browser = await signedIn();
    const before = await account(browser);
    expect(before).toMatchObject({
      telephone: SOFIA_PHONE,
      isTelephoneVerified: false,
      hasValidTelephoneVerificationCode: false,
      telephoneVerifyExpireIn: null,
    });

    const sent = await send(browser);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ telephoneVerifyExpireIn: 600 });
    const text = await lastText();
    // Sofia reads the shop in Dutch; the text names the shop and how long the code lives.
    expect(text.body).toBe(`Je verificatiecode voor Fjord & Pine is ${text.code}. De code verloopt over 10 minuten.`);

    const verified = await verify(browser, text.code);
    expect(verified.statusCode).toBe(200);
    const body = Account.parse(verified.json());
    expect(body).toMatchObject({
      id: await shopperId(SOFIA_EMAIL),
      isTelephoneVerified: true,
      hasValidTelephoneVerificationCode: false,
      telephoneVerifyExpireIn: null,
    });
    expect(Date.now() - Date.parse(body.telephoneVerifyDate!)).toBeLessThan(60_000);
    expect(await account(browser)).toMatchObject({ isTelephoneVerified: true });
  });

  it('issue 45: the text follows the shop’s own translation of its catalogue key', async () => {
    const override = { languageCode: 'nl', key: 'ac_SmsVerificationCode', value: '{company}: {code} ({duration})' };
    await db().insertInto('translations').values(override).execute();
    try {
      const browser = await signedIn();
      expect((await send(browser)).statusCode).toBe(200);
      const text = await lastText();
      expect(text.body).toBe(`Fjord & Pine: ${text.code} (10 minuten)`);
    } finally {
      await db().deleteFrom('translations').where('key', '=', override.key).execute();
    }
  });

  it('§9 Verification: the code is six digits from the full range, stored only as a keyed hash with its expiry', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await db().selectFrom('telephoneVerifications').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      shopperId: await shopperId(SOFIA_EMAIL),
      telephone: SOFIA_PHONE,
      attempts: 0,
      used: 0,
    });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(600_000);
  });

  it('§3 Account: hasValidTelephoneVerificationCode and telephoneVerifyExpireIn follow the live code', async () => {
    const browser = await signedIn();
    await sendCode(browser);
    const live = await account(browser);
    expect(live.hasValidTelephoneVerificationCode).toBe(true);
    expect(live.telephoneVerifyExpireIn).toBeGreaterThan(590);
    expect(live.telephoneVerifyExpireIn).toBeLessThanOrEqual(600);

    // Two minutes later the countdown has moved on by as much.
    await db()
      .updateTable('telephoneVerifications')
      .set({ expiresAt: new Date(Date.now() + 480_000).toISOString() })
      .execute();
    const later = await account(browser);
    expect(later.telephoneVerifyExpireIn).toBeGreaterThan(470);
    expect(later.telephoneVerifyExpireIn).toBeLessThanOrEqual(480);
  });

  it('§4 Phone verify popup: a wrong code is refused with the invalid-or-expired key, then the right one works', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    expectInvalid(await verify(browser, wrong(code)));
    expect(await account(browser)).toMatchObject({
      isTelephoneVerified: false,
      hasValidTelephoneVerificationCode: true,
    });
    expect((await verify(browser, code)).statusCode).toBe(200);
  });

  it('§9 Verification: four wrong attempts leave the code alive', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    for (let i = 0; i < 4; i++) expectInvalid(await verify(browser, wrong(code)));
    expect((await verify(browser, code)).statusCode).toBe(200);
  });
});

describe(`Phone verification: refused codes (${databaseKind})`, () => {
  it('§9 Verification: after 5 wrong attempts the code is dead, even the right code fails', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    for (let i = 0; i < 5; i++) expectInvalid(await verify(browser, wrong(code)));
    expect(await account(browser)).toMatchObject({
      hasValidTelephoneVerificationCode: false,
      telephoneVerifyExpireIn: null,
    });
    expectInvalid(await verify(browser, code));
    expect(await account(browser)).toMatchObject({ isTelephoneVerified: false, telephoneVerifyDate: null });
  });

  it('§8 an expired code is refused', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    await db()
      .updateTable('telephoneVerifications')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await account(browser)).toMatchObject({
      hasValidTelephoneVerificationCode: false,
      telephoneVerifyExpireIn: null,
    });
    expectInvalid(await verify(browser, code));
    expect(await account(browser)).toMatchObject({ isTelephoneVerified: false });
  });

  it('§9 Verification: a code is single use: the right code a second time fails', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    expect((await verify(browser, code)).statusCode).toBe(200);
    // Unverify directly so only the single-use rule can refuse the second submission.
    await db().updateTable('shoppers').set({ telephoneVerifyDate: null }).where('email', '=', SOFIA_EMAIL).execute();
    expectInvalid(await verify(browser, code));
    expect(await account(browser)).toMatchObject({ isTelephoneVerified: false });
  });

  it('§9 Verification: two simultaneous submissions of the right code verify once', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    const answers = await Promise.all([verify(browser, code), verify(browser, code), verify(browser, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const rows = await db().selectFrom('telephoneVerifications').select(['used']).execute();
    expect(rows).toEqual([{ used: 1 }]);
  });

  it('§4 Phone verify popup: a new code (Resend) retires the old one', async () => {
    const browser = await signedIn();
    const first = await sendCode(browser);
    let second = await sendCode(browser);
    // One in a million the same six digits come up again; ask once more then.
    if (second === first) second = await sendCode(browser);
    expectInvalid(await verify(browser, first));
    expect((await verify(browser, second)).statusCode).toBe(200);
  });

  it('§4 Phone verify popup: a retired code stays retired when the newer one dies', async () => {
    const browser = await signedIn();
    const first = await sendCode(browser);
    let second = await sendCode(browser);
    if (second === first) second = await sendCode(browser);
    let guess = second;
    for (let i = 0; i < 5; i++) {
      do guess = wrong(guess);
      while (guess === first || guess === second);
      expectInvalid(await verify(browser, guess));
    }
    expect(await account(browser)).toMatchObject({ hasValidTelephoneVerificationCode: false });
    expectInvalid(await verify(browser, first));
    expect(await account(browser)).toMatchObject({ isTelephoneVerified: false });
  });

  it('§4 Telephone: a code proves only the number it was sent to; after a number change it fails', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    await db().updateTable('shoppers').set({ telephone: '+32 471999888' }).where('email', '=', SOFIA_EMAIL).execute();
    expect(await account(browser)).toMatchObject({ hasValidTelephoneVerificationCode: false });
    expectInvalid(await verify(browser, code));
    expect(await account(browser)).toMatchObject({ telephone: '+32 471999888', isTelephoneVerified: false });
  });

  it('§4 Telephone: a number changed while the right code is checked is not verified (the change wins)', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    const repository = phoneRepository(db());
    // A profile save lands between reading the number and the verification transaction.
    const racing: PhoneRepository = {
      ...repository,
      transaction: async (work) => {
        await db()
          .updateTable('shoppers')
          .set({ telephone: '+32 471999888' })
          .where('email', '=', SOFIA_EMAIL)
          .execute();
        return repository.transaction(work);
      },
    };
    const phone = phoneVerificationService(racing, {
      secret: server.config.sessionSecret,
      codeTtlSeconds: 600,
      transport: { name: 'unused', send: async () => {} },
      companyName: async () => 'Fjord & Pine',
      texts: async (preference) => shippedMessages(preference),
    });
    const error = await phone.verify(await shopperId(SOFIA_EMAIL), code).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400, fields: INVALID });
    expect(await account(browser)).toMatchObject({ telephone: '+32 471999888', isTelephoneVerified: false });
    // The whole verification was undone: the code was not used up.
    expect(await db().selectFrom('telephoneVerifications').select('used').execute()).toEqual([{ used: 0 }]);
  });

  it('§5 Verification code: a code that is not exactly 6 digits gives the invalid-or-expired key', async () => {
    const browser = await signedIn();
    await sendCode(browser);
    for (const code of ['12345', '1234567', '12a456']) expectInvalid(await verify(browser, code));
  });

  it('§8 with no code sent, any code is refused', async () => {
    const browser = await signedIn();
    expectInvalid(await verify(browser, '123456'));
  });
});

describe(`Phone verification: sending is refused (${databaseKind})`, () => {
  it('§4 Telephone: a verified number gets no code (409)', async () => {
    const browser = await signedIn('demo-emma');
    const before = await outboxCount();
    const response = await send(browser);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, code: 'conflict' });
    expect(await outboxCount()).toBe(before);
  });

  it('§5 Profile: without a telephone the send answers 400 with Telephone: ac_TelephoneRequiredMessage', async () => {
    const browser = await signedIn('demo-noah');
    const response = await send(browser);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { Telephone: 'ac_TelephoneRequiredMessage' } });
    expect(await db().selectFrom('telephoneVerifications').select('id').execute()).toEqual([]);
  });
});

describe(`Phone verification: rate limits (${databaseKind})`, () => {
  it('DESIGN §6: at most 5 codes per hour per shopper, then 429 with Retry-After and no text', async () => {
    const browser = await signedIn();
    // A new number each time, so only the shopper's own count can refuse the sixth.
    const renumber = (i: number) =>
      db()
        .updateTable('shoppers')
        .set({ telephone: `+32 47100000${i}` })
        .where('email', '=', SOFIA_EMAIL)
        .execute();
    for (let i = 0; i < 5; i++) {
      await renumber(i);
      expect((await send(browser)).statusCode).toBe(200);
    }
    await renumber(5);
    const before = await outboxCount();
    const refused = await send(browser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await outboxCount()).toBe(before);
  });

  it('DESIGN §6: at most 5 codes per hour per number, whichever shopper asks', async () => {
    const sofia = await signedIn();
    for (let i = 0; i < 5; i++) expect((await send(sofia)).statusCode).toBe(200);
    // Noah takes the same number (spaced differently): it has had its texts for this hour.
    await db().updateTable('shoppers').set({ telephone: '+32 470 12 34 56' }).where('email', '=', NOAH_EMAIL).execute();
    const noah = await signedIn('demo-noah');
    const refused = await send(noah);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('DESIGN §6: a second code within 30 s is refused with Retry-After; §8 the first one lives on', async () => {
    await reset(gapServer);
    const browser = await signedIn('demo-sofia', gapServer);
    const first = await send(browser);
    expect(first.statusCode).toBe(200);
    const before = await outboxCount(gapServer);
    const second = await send(browser);
    expect(second.statusCode).toBe(429);
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await outboxCount(gapServer)).toBe(before);
    // The account still reports the first code's time left: the popup counts that down (§8).
    const live = await account(browser);
    expect(live.hasValidTelephoneVerificationCode).toBe(true);
    expect(live.telephoneVerifyExpireIn).toBeGreaterThan(590);
    expect(live.telephoneVerifyExpireIn).toBeLessThanOrEqual(600);
  });

  it('DESIGN §6: at most PHONE_CODE_IP_LIMIT codes per hour per client address, however many new accounts ask', async () => {
    await reset(capServer);
    const address = '203.0.113.60';
    for (let i = 0; i < CODES_PER_ADDRESS; i++) {
      expect((await send(await newShopperWithNumber(capServer, i, address))).statusCode).toBe(200);
    }
    const oneMore = await newShopperWithNumber(capServer, CODES_PER_ADDRESS, address);
    const before = await outboxCount(capServer);
    expectLimited(await send(oneMore));
    expect(await outboxCount(capServer)).toBe(before);
    // Another address is not held up.
    expect((await send(await newShopperWithNumber(capServer, 9))).statusCode).toBe(200);
  });

  it('DESIGN §6: at most PHONE_CODE_GLOBAL_LIMIT codes per hour in all, whichever address asks', async () => {
    await reset(capServer);
    // Each shopper on an address of their own: only the count over everyone can refuse the last.
    for (let i = 0; i < CODES_IN_ALL; i++) {
      expect((await send(await newShopperWithNumber(capServer, 10 + i))).statusCode).toBe(200);
    }
    const oneMore = await newShopperWithNumber(capServer, 10 + CODES_IN_ALL);
    const before = await outboxCount(capServer);
    expectLimited(await send(oneMore));
    expect(await outboxCount(capServer)).toBe(before);
  });

  it('DESIGN §6: code submissions are limited per shopper (30 per hour)', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    for (let i = 0; i < 30; i++) expect((await verify(browser, wrong(code))).statusCode).toBe(400);
    const refused = await verify(browser, code);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`Phone verification: access (${databaseKind})`, () => {
  it('§6 both calls need sign-in (401)', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    for (const response of [await send(browser), await verify(browser, '123456')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('§7 both calls need the cross-site request token (403) and do nothing without it', async () => {
    const browser = await signedIn();
    const before = await outboxCount();
    for (const url of [SEND, VERIFY]) {
      const response = await browser.request({ method: 'POST', url, body: { Code: '123456' }, withoutXsrf: true });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'xsrf_token_invalid' });
    }
    expect(await outboxCount()).toBe(before);
  });

  it('§6 Phone verification needs the feature TelephoneNumberVerification (404 without it)', async () => {
    await reset(featureOffServer);
    const browser = await signedIn('demo-sofia', featureOffServer);
    const config = (await browser.request('/account/api/v1/setting')).json() as { enableFeatures: string[] };
    expect(config.enableFeatures).not.toContain('TelephoneNumberVerification');
    for (const response of [await send(browser), await verify(browser, '123456')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'feature_disabled' });
    }
    expect(await outboxCount(featureOffServer)).toBe(0);
  });
});

describe(`Demo SMS letterbox page (${databaseKind})`, () => {
  it('GET /demo-sms lists the newest texts, HTML-escaped, marked demo only and not cached', async () => {
    const browser = await signedIn();
    const code = await sendCode(browser);
    await db()
      .insertInto('smsOutbox')
      .values({
        telephone: '+31 6<b>1</b>',
        body: '<script>alert(1)</script> & more',
        createdAt: new Date().toISOString(),
      })
      .execute();
    const page = await new TestBrowser(server.app).request('/demo-sms');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Demo only');
    expect(page.body).toContain(SOFIA_PHONE);
    expect(page.body).toContain(code);
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<b>1</b>');
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; more');
    // Newest first.
    expect(page.body.indexOf('alert(1)')).toBeLessThan(page.body.indexOf(code));
    const css = await new TestBrowser(server.app).request('/demo-sms/style.css');
    expect(css.statusCode).toBe(200);
  });

  it('GET /demo-sms/latest?telephone= answers the newest text to that number with its code', async () => {
    const browser = await signedIn();
    await sendCode(browser);
    const code = await sendCode(browser);
    const visitor = new TestBrowser(server.app);
    const latest = await visitor.request(`/demo-sms/latest?telephone=${encodeURIComponent(SOFIA_PHONE)}`);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-store');
    expect(latest.json()).toEqual({
      telephone: SOFIA_PHONE,
      body: expect.stringContaining(code),
      code,
      createdAt: expect.any(String),
    });
    // However the number is written ('+' in a query is a space).
    expect((await visitor.request('/demo-sms/latest?telephone=+32470123456')).json()).toMatchObject({ code });
    expect((await visitor.request('/demo-sms/latest?telephone=%2B99%20123')).statusCode).toBe(404);
    expect((await visitor.request('/demo-sms/latest')).statusCode).toBe(400);
  });

  it('is not there outside demo mode', async () => {
    const plain = await startServer({ demo: false });
    try {
      const browser = new TestBrowser(plain.app);
      expect((await browser.request('/demo-sms')).statusCode).toBe(404);
      expect((await browser.request('/demo-sms/latest?telephone=1')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
