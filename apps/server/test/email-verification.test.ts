/**
 * Verified email and sign-in with an emailed code (issue 19), through a real SMTP server in the
 * test process: the account knows whether its email is proven; a changed verified email waits for
 * the code sent to the new address (ASVS 7.5.1: only soon after a sign-in) while the old address
 * hears of it; emails are unique among verified accounts without telling who owns one; a code
 * signs a visitor in (a new address makes a new account) only in the browser that asked; security
 * notices for a new browser and a verified phone.
 */
import { Account } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailThrough, type ReceivedMail, type SmtpTestServer, startSmtpServer } from './fixtures/smtp-server.js';
import { TestBrowser } from './support/browser.js';
import { accountOf, signIn, signInByEmail } from './support/sign-in.js';
import { startServer, type TestServer } from './support/test-app.js';

const ME = '/account/api/v1/shopuser/me';
const UPDATE = '/account/api/v1/shopUser/updateAccount';
const SEND = '/account/api/v1/shopUser/sendEmailCode';
const VERIFY = '/account/api/v1/shopUser/verifyEmail';
const PENDING = '/account/api/v1/shopUser/pendingEmail';
const SIGN_IN_CODE = '/account/api/v1/login/email/code';
const SIGN_IN = '/account/api/v1/login/email';
const SOFIA_EMAIL = 'sofia.jansen@example.com';
const NOAH_EMAIL = 'noah.visser@example.com';
const INVALID = { Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired' };
const CODES_PER_ADDRESS = 3;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let smtp: SmtpTestServer;
let server: TestServer;
/** No mail transport: the email is saved as before, unverified, and sign-in by email is off. */
let noMail: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, noMail] = await Promise.all([
    startServer({
      env: {
        ...mailThrough(smtp),
        EMAIL_CODE_RESEND_INTERVAL: '0',
        EMAIL_CODE_RESENDS: String(CODES_PER_ADDRESS),
      },
    }),
    startServer({ env: { MAIL_TRANSPORT: 'none' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), noMail?.close()]);
  await smtp?.close();
});

const db = (s: TestServer = server) => s.app.db.kysely;

beforeEach(async () => {
  await db().deleteFrom('rateLimits').execute();
  await db().deleteFrom('emailCodes').execute();
  await db()
    .updateTable('shoppers')
    .set({ pendingEmail: null, emailVerifiedBy: 'provider:demo', emailVerifiedAt: '2026-01-01T00:00:00.000Z' })
    .where('email', 'in', [SOFIA_EMAIL, NOAH_EMAIL])
    .execute();
});

async function signedIn(subject: string, s: TestServer = server, userAgent?: string) {
  const browser = new TestBrowser(s.app, userAgent === undefined ? {} : { userAgent });
  await signIn(browser, subject);
  return browser;
}

const post = (browser: TestBrowser, url: string, body: unknown = {}) => browser.request({ method: 'POST', url, body });

/** The mails received to this address since `since` (an index into smtp.messages). */
const mailsTo = (address: string, since = 0) =>
  smtp.messages.slice(since).filter((m) => m.envelope.to.includes(address.toLowerCase()));

const holdsCode = (mail: ReceivedMail) => /\b\d{6}\b/.test(mail.mail.text ?? '');

/**
 * Waits for the next mail to an address after `since` that is a code mail (or, with `notice`, a
 * notice holding that text): sign-ins from the tests' new browsers send notices meanwhile.
 */
async function nextMailTo(address: string, since: number, notice?: string): Promise<ReceivedMail> {
  const wanted = (mail: ReceivedMail) =>
    notice === undefined ? holdsCode(mail) : !holdsCode(mail) && (mail.mail.text ?? '').includes(notice);
  for (let count = since + 1; ; count++) {
    await smtp.waitFor(count);
    const found = mailsTo(address, since).find(wanted);
    if (found) return found;
  }
}

const codeIn = (mail: ReceivedMail) => {
  const code = mail.mail.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in ${mail.mail.subject}`);
  return code;
};

async function askCode(browser: TestBrowser, email: string) {
  await browser.open();
  const before = smtp.messages.length;
  const asked = await post(browser, SIGN_IN_CODE, { Email: email });
  return { asked, before };
}

const expectFieldError = (response: LightMyRequestResponse, fields: Record<string, string>) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().fields).toEqual(fields);
};

describe('verified email (issue 19: the account knows whether its email is proven)', () => {
  it('an unverified email gets a six-digit code by SMTP, as text and HTML, and the code verifies it once', async () => {
    const sofia = await signedIn('demo-sofia');
    await db().updateTable('shoppers').set({ emailVerifiedBy: null }).where('email', '=', SOFIA_EMAIL).execute();
    expect(await accountOf(sofia)).toMatchObject({ email: SOFIA_EMAIL, isEmailVerified: false, pendingEmail: null });

    const before = smtp.messages.length;
    const sent = await post(sofia, SEND);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ emailVerifyExpireIn: 600 });
    const mail = await nextMailTo(SOFIA_EMAIL, before);
    expect(mail.envelope.from).toBe('no-reply@shop.example');
    expect(mail.mail.from?.text).toContain('no-reply@shop.example');
    expect(mail.mail.to && 'text' in mail.mail.to ? mail.mail.to.text : '').toContain(SOFIA_EMAIL);
    expect(mail.mail.messageId).toBeTruthy();
    expect(mail.mail.date).toBeInstanceOf(Date);
    const code = codeIn(mail);
    expect(mail.mail.html || '').toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expectFieldError(await post(sofia, VERIFY, { Code: wrong }), INVALID);
    const verified = await post(sofia, VERIFY, { Code: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(Account.parse(verified.json())).toMatchObject({ email: SOFIA_EMAIL, isEmailVerified: true });
    expectFieldError(await post(sofia, VERIFY, { Code: code }), INVALID);
    expect((await post(sofia, SEND)).statusCode).toBe(409);
  });

  it('changing a verified email keeps the old address until the code sent to the new one confirms it; the old address is told', async () => {
    const sofia = await signedIn('demo-sofia');
    const before = smtp.messages.length;
    const saved = await post(sofia, UPDATE, { Email: 'sofia.new@example.com' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Account.parse(saved.json())).toMatchObject({
      email: SOFIA_EMAIL,
      isEmailVerified: true,
      pendingEmail: 'sofia.new@example.com',
    });
    await nextMailTo(SOFIA_EMAIL, before, 'sofia.new@example.com');

    const sendFrom = smtp.messages.length;
    expect((await post(sofia, SEND)).statusCode).toBe(200);
    const code = codeIn(await nextMailTo('sofia.new@example.com', sendFrom));
    const confirmed = await post(sofia, VERIFY, { Code: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(Account.parse(confirmed.json())).toMatchObject({
      email: 'sofia.new@example.com',
      isEmailVerified: true,
      pendingEmail: null,
    });
    await db()
      .updateTable('shoppers')
      .set({ email: SOFIA_EMAIL })
      .where('email', '=', 'sofia.new@example.com')
      .execute();
  });

  it('a change waiting for its code can be dropped; the account keeps its address', async () => {
    const sofia = await signedIn('demo-sofia');
    await post(sofia, UPDATE, { Email: 'sofia.other@example.com' });
    const dropped = await sofia.request({ method: 'DELETE', url: PENDING });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(Account.parse(dropped.json())).toMatchObject({
      email: SOFIA_EMAIL,
      pendingEmail: null,
      isEmailVerified: true,
    });
  });

  it('ASVS 7.5.1: a verified email is changed only soon after a sign-in (the step-up rule); nothing of the form is saved otherwise', async () => {
    const sofia = await signedIn('demo-sofia');
    const { firstName } = await accountOf(sofia);
    await db().updateTable('sessions').set({ createdAt: '2020-01-01T00:00:00.000Z' }).execute();
    const refused = await post(sofia, UPDATE, { Email: 'sofia.late@example.com' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'recent_sign_in_required' });
    expect(await accountOf(sofia)).toMatchObject({ email: SOFIA_EMAIL, pendingEmail: null, firstName });
  });

  it('emails are unique among verified accounts: a taken address gets the same answer and never a code', async () => {
    const sofia = await signedIn('demo-sofia');
    const saved = await post(sofia, UPDATE, { Email: NOAH_EMAIL.toUpperCase() });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = smtp.messages.length;
    const sent = await post(sofia, SEND);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ emailVerifyExpireIn: 600 });
    // The notice to Sofia's own address may still come; nothing goes to Noah's.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(NOAH_EMAIL, before)).toEqual([]);
    expect(mailsTo(NOAH_EMAIL.toUpperCase(), before)).toEqual([]);
    expectFieldError(await post(sofia, VERIFY, { Code: '123456' }), INVALID);
  });

  it('an address verified by another account meanwhile is refused with a field error naming no owner', async () => {
    const sofia = await signedIn('demo-sofia');
    await post(sofia, UPDATE, { Email: 'shared@example.com' });
    const before = smtp.messages.length;
    await post(sofia, SEND);
    const code = codeIn(await nextMailTo('shared@example.com', before));
    await db().updateTable('shoppers').set({ email: 'shared@example.com' }).where('email', '=', NOAH_EMAIL).execute();
    try {
      expectFieldError(await post(sofia, VERIFY, { Code: code }), { Email: 'ac_EmailCannotBeUsed' });
      expect(await accountOf(sofia)).toMatchObject({ email: SOFIA_EMAIL, pendingEmail: 'shared@example.com' });
    } finally {
      await db().updateTable('shoppers').set({ email: NOAH_EMAIL }).where('email', '=', 'shared@example.com').execute();
    }
  });

  it('without a mail transport the email is saved as before, unverified, and no code can be sent (503 mail_unavailable)', async () => {
    const sofia = await signedIn('demo-sofia', noMail);
    const saved = await post(sofia, UPDATE, { Email: 'sofia.nomail@example.com' });
    expect(Account.parse(saved.json())).toMatchObject({
      email: 'sofia.nomail@example.com',
      isEmailVerified: false,
      pendingEmail: null,
    });
    const sent = await post(sofia, SEND);
    expect(sent.statusCode).toBe(503);
    expect(sent.json()).toMatchObject({ code: 'mail_unavailable' });
    expect(
      (await new TestBrowser(noMail.app).request({ method: 'POST', url: SIGN_IN_CODE, body: { Email: 'a@b.example' } }))
        .statusCode,
    ).toBe(404);
    const settings = (await sofia.request('/account/api/v1/setting')).json();
    expect(settings.emailSignIn).toBe(false);
  });
});

describe('sign in with an emailed code (issue 19)', () => {
  it('a new address gets a code; the code signs in, in this browser only, to a new account with first-time login and a verified email', async () => {
    const visitor = new TestBrowser(server.app);
    const { asked, before } = await askCode(visitor, 'Newcomer@Example.com');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ emailVerifyExpireIn: 600 });
    const code = codeIn(await nextMailTo('newcomer@example.com', before));

    // Another browser (no flow cookie) cannot use the code.
    const other = new TestBrowser(server.app);
    await other.open();
    expectFieldError(await post(other, SIGN_IN, { Email: 'newcomer@example.com', Code: code }), INVALID);

    const signedIn = await post(visitor, SIGN_IN, { Email: 'newcomer@example.com', Code: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.cookies.some((c) => c.name === 'account_session')).toBe(true);
    expect(Account.parse(signedIn.json())).toMatchObject({
      email: 'newcomer@example.com',
      isEmailVerified: true,
      firstTimeLogin: true,
    });
    expect((await visitor.request(ME)).statusCode).toBe(200);
    // Used up: the same code does not sign in again.
    expectFieldError(await post(visitor, SIGN_IN, { Email: 'newcomer@example.com', Code: code }), INVALID);
  });

  it('a passkey prompt started beside the code (the email field offers passkeys) does not void the code, and the sign-in ends every flow', async () => {
    const visitor = new TestBrowser(server.app);
    const { asked, before } = await askCode(visitor, 'autofill@example.com');
    expect(asked.statusCode, asked.body).toBe(200);
    const code = codeIn(await nextMailTo('autofill@example.com', before));

    // The web app asks for passkey options as the email form opens; here its answer comes last.
    const passkeyOptions = await post(visitor, '/account/api/v1/login/passkey/options');
    expect(passkeyOptions.statusCode, passkeyOptions.body).toBe(200);

    const signedIn = await post(visitor, SIGN_IN, { Email: 'autofill@example.com', Code: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Signed in: every flow this browser had under way is ended.
    const ended = signedIn.cookies.filter((c) => c.name.startsWith('account_signin_flow') && c.value === '');
    expect(ended.map((c) => c.name).sort()).toEqual([
      'account_signin_flow',
      'account_signin_flow_email',
      'account_signin_flow_passkey',
    ]);
  });

  it('no account enumeration: a known and an unknown address get the same answer; the known one signs in to its account', async () => {
    const a = await askCode(new TestBrowser(server.app), 'nobody.here@example.com');
    const visitor = new TestBrowser(server.app);
    const b = await askCode(visitor, SOFIA_EMAIL);
    expect(a.asked.statusCode).toBe(b.asked.statusCode);
    expect(a.asked.body).toBe(b.asked.body);
    const code = codeIn(await nextMailTo(SOFIA_EMAIL, b.before));
    const wrong = code === '000000' ? '111111' : '000000';
    expectFieldError(await post(visitor, SIGN_IN, { Email: SOFIA_EMAIL, Code: wrong }), INVALID);
    const signedIn = await post(visitor, SIGN_IN, { Email: SOFIA_EMAIL, Code: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(Account.parse(signedIn.json())).toMatchObject({ email: SOFIA_EMAIL, firstTimeLogin: false });
  });

  it('§9 an expired code, and a code after 5 wrong tries, no longer sign in (the invalid-or-expired key)', async () => {
    const expired = new TestBrowser(server.app);
    const a = await askCode(expired, 'expiring@example.com');
    const code = codeIn(await nextMailTo('expiring@example.com', a.before));
    await db()
      .updateTable('emailCodes')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'expiring@example.com')
      .execute();
    expectFieldError(await post(expired, SIGN_IN, { Email: 'expiring@example.com', Code: code }), INVALID);

    const guessed = new TestBrowser(server.app);
    const b = await askCode(guessed, 'guessed@example.com');
    const right = codeIn(await nextMailTo('guessed@example.com', b.before));
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expectFieldError(await post(guessed, SIGN_IN, { Email: 'guessed@example.com', Code: wrong }), INVALID);
    }
    expectFieldError(await post(guessed, SIGN_IN, { Email: 'guessed@example.com', Code: right }), INVALID);
    expect((await guessed.request(ME)).statusCode).toBe(401);
  });

  it('issue 44: strangers cannot lock an address out: 30 wrong codes from another browser and a code asked by a third leave the shopper’s own code working', async () => {
    const address = `locked.out.${Date.now()}@example.com`;
    const shopper = new TestBrowser(server.app);
    const asked = await askCode(shopper, address);
    const code = codeIn(await nextMailTo(address, asked.before));
    const wrong = code === '000000' ? '111111' : '000000';

    // A browser that never asked for a code: refused, and nothing counted against the address.
    const stranger = new TestBrowser(server.app);
    await stranger.open();
    for (let i = 0; i < 30; i++) {
      expectFieldError(await post(stranger, SIGN_IN, { Email: address, Code: wrong }), INVALID);
    }
    // A browser that asked for a code of its own to the same address: its tries cost only its own code.
    const other = new TestBrowser(server.app);
    const its = await askCode(other, address);
    await nextMailTo(address, its.before);
    for (let i = 0; i < 6; i++) {
      expectFieldError(await post(other, SIGN_IN, { Email: address, Code: wrong }), INVALID);
    }

    const signedIn = await post(shopper, SIGN_IN, { Email: address, Code: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(Account.parse(signedIn.json()).email).toBe(address);
  });

  it("security issue: an address typed into another account never pulls its owner's emailed sign-in into that account", async () => {
    const victim = 'victim.typed@example.com';
    const attacker = await signedIn('demo-noah');
    const typed = await post(attacker, UPDATE, { Email: victim });
    expect(Account.parse(typed.json())).toMatchObject({ email: NOAH_EMAIL, pendingEmail: victim });
    const visitor = new TestBrowser(server.app);
    const { before } = await askCode(visitor, victim);
    const code = codeIn(await nextMailTo(victim, before));
    const signedInVictim = Account.parse((await post(visitor, SIGN_IN, { Email: victim, Code: code })).json());
    expect(signedInVictim).toMatchObject({ email: victim, isEmailVerified: true, firstTimeLogin: true });
    expect(signedInVictim.id).not.toBe((await accountOf(attacker)).id);
    // The attacker can now never confirm the address: another account holds it verified.
    expect((await post(attacker, SEND)).statusCode).toBe(200);
    expectFieldError(await post(attacker, VERIFY, { Code: code }), INVALID);
    await db().updateTable('shoppers').set({ pendingEmail: null }).where('email', '=', NOAH_EMAIL).execute();
  });

  it('codes per address are limited (429 with Retry-After), whatever the case of the address', async () => {
    const visitor = new TestBrowser(server.app);
    await visitor.open();
    for (let i = 0; i < CODES_PER_ADDRESS; i++) {
      expect(
        (await post(visitor, SIGN_IN_CODE, { Email: i % 2 ? 'LIMIT@example.com' : 'limit@example.com' })).statusCode,
      ).toBe(200);
    }
    const limited = await post(visitor, SIGN_IN_CODE, { Email: 'limit@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a bad address is a field error with the translation key', async () => {
    const visitor = new TestBrowser(server.app);
    await visitor.open();
    expectFieldError(await post(visitor, SIGN_IN_CODE, { Email: 'not-an-address' }), {
      Email: 'ac_EmailIsInvalidMessage',
    });
  });
});

describe('security notices (issue 19)', () => {
  it('a sign-in from a browser not seen before on the account is told to its email, with the browser; a known browser is not', async () => {
    await db().deleteFrom('shopperBrowsers').execute();
    const first = await signedIn('demo-sofia');
    const before = smtp.messages.length;
    await signedIn('demo-sofia', server, FIREFOX);
    await nextMailTo(SOFIA_EMAIL, before, 'Firefox 133 on Linux');

    const after = smtp.messages.length;
    await signIn(first, 'demo-sofia');
    // Give the dispatcher time it would need to send one; none is due.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(SOFIA_EMAIL, after).filter((m) => !holdsCode(m))).toEqual([]);
  });

  it('a changed phone number is told to the verified email', async () => {
    const sofia = await signedIn('demo-sofia');
    const before = smtp.messages.length;
    expect((await post(sofia, UPDATE, { Telephone: '+32 470111222' })).statusCode).toBe(200);
    await nextMailTo(SOFIA_EMAIL, before, '+32 470111222');
  });

  it('a first phone number replaces none: no change notice (it is told of once verified)', async () => {
    await db().updateTable('shoppers').set({ telephone: '' }).where('email', '=', NOAH_EMAIL).execute();
    const noah = await signedIn('demo-noah');
    const before = smtp.messages.length;
    expect((await post(noah, UPDATE, { Telephone: '+31 611111111' })).statusCode).toBe(200);
    // A real change after it: once its notice is in, the first number's would have been too.
    expect((await post(noah, UPDATE, { Telephone: '+31 622222222' })).statusCode).toBe(200);
    await nextMailTo(NOAH_EMAIL, before, '+31 622222222');
    const phoneNotices = mailsTo(NOAH_EMAIL, before).filter((m) => (m.mail.text ?? '').includes('phone number'));
    expect(phoneNotices.map((m) => m.mail.text?.includes('+31 611111111'))).toEqual([false]);
  });

  it('a sign-in method added to the account (a provider matched by its verified email) is told to that email', async () => {
    const address = `linked.${Date.now()}@example.com`;
    const visitor = new TestBrowser(server.app);
    const { before } = await askCode(visitor, address);
    const code = codeIn(await nextMailTo(address, before));
    expect((await post(visitor, SIGN_IN, { Email: address, Code: code })).statusCode).toBe(200);
    const after = smtp.messages.length;
    // The demo provider signs in 'with this email address', asserting it verified.
    expect((await signInByEmail(new TestBrowser(server.app), address)).statusCode).toBe(303);
    const notice = await nextMailTo(address, after, 'sign in');
    expect(notice.mail.subject).toBe('A sign-in method was added');
  });

  it('a verified phone number is told to the verified email', async () => {
    const sofia = await signedIn('demo-sofia');
    await db().deleteFrom('telephoneVerifications').execute();
    await post(sofia, UPDATE, { Telephone: '+32 470998877' });
    expect((await post(sofia, '/account/api/v1/shopUser/sendVerifySms')).statusCode).toBe(200);
    const text = await db().selectFrom('smsOutbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = text.body.match(/\b(\d{6})\b/)?.[1];
    const before = smtp.messages.length;
    expect((await post(sofia, '/account/api/v1/shopUser/verifyTelephoneNumber', { Code: code })).statusCode).toBe(200);
    await nextMailTo(SOFIA_EMAIL, before, '+32 470998877');
  });
});
