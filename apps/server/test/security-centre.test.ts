/**
 * The account security centre (issue 20), on SQLite and PostgreSQL: sessions and devices (each
 * session notes how and from what it was made; the shopper sees them all and signs others out,
 * at once on this instance and on the others as soon as the database's notice reaches them), sign-in methods (linking a provider through its own sign-in in link
 * mode, removal, and never removing the last way in), passkeys through the full WebAuthn ceremony
 * with a software authenticator (single-use challenges, counters), and the security notices of
 * each change through a real SMTP server.
 */
import { Account, SessionList, SignInMethods } from '@account/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { ReceivedMail } from './fixtures/smtp-server.js';
import { SoftwareAuthenticator } from './support/authenticator.js';
import { TestBrowser } from './support/browser.js';
import { securityCentreSuite, TELEGRAM_BOT_TOKEN, telegramLogin } from './support/security.js';
import { signIn, signInByEmail } from './support/sign-in.js';
import { signTelegramLogin } from './support/stand-ins/telegram.js';
import { api, databaseKind, sessionsChanged, startServer } from './support/test-app.js';

const ME = api('/shopuser/me');
const SESSIONS = api('/security/sessions');
const METHODS = api('/security/sign-in-methods');
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const { server, smtp } = securityCentreSuite();

const post = (browser: TestBrowser, url: string, body: unknown = {}) => browser.request({ method: 'POST', url, body });
const del = (browser: TestBrowser, url: string) => browser.request({ method: 'DELETE', url });
const sessionsOf = async (browser: TestBrowser) => SessionList.parse((await browser.request(SESSIONS)).json()).sessions;
const methodsOf = async (browser: TestBrowser) => SignInMethods.parse((await browser.request(METHODS)).json());

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status, code });
};

/** A browser signed in to a brand-new account made by a Telegram sign-in: one identity, no email. */
async function newTelegramShopper(options: ConstructorParameters<typeof TestBrowser>[1] = {}) {
  const browser = new TestBrowser(server().app, options);
  await browser.open();
  const login = telegramLogin();
  const response = await post(browser, api('/login/telegram'), login);
  expect(response.statusCode, response.body).toBe(200);
  return { browser, telegramId: login.id, shopperId: Account.parse(response.json()).id };
}

/** Waits for the next mail to a shopper's address after `since` whose text holds `text`. */
async function noticeTo(address: string, since: number, text: string): Promise<ReceivedMail> {
  for (let count = since + 1; ; count++) {
    await smtp().waitFor(count);
    const found = smtp()
      .messages.slice(since)
      .find((m) => m.envelope.to.includes(address.toLowerCase()) && (m.mail.text ?? '').includes(text));
    if (found) return found;
  }
}

describe(`issue 20: sessions and devices (${databaseKind})`, () => {
  it('a session notes its browser, system, device, sign-in method and the client network, never the address itself', async () => {
    const email = `devices.${Date.now()}@example.com`;
    const mac = new TestBrowser(server().app, { userAgent: FIREFOX_MAC, clientAddress: '198.51.100.77' });
    await signInByEmail(mac, email);
    const [session] = await sessionsOf(mac);
    expect(session).toMatchObject({
      current: true,
      browser: 'Firefox 133',
      os: 'macOS Sonoma',
      device: 'desktop',
      method: 'sso',
      clientAddress: '198.51.100.0/24',
    });
    expect(JSON.stringify(await sessionsOf(mac))).not.toContain('198.51.100.77');
  });

  it('the list holds every live session of the shopper, this one first and marked, then newest activity first', async () => {
    const email = `two.${Date.now()}@example.com`;
    const phone = new TestBrowser(server().app, { userAgent: SAFARI_IPHONE });
    const mac = new TestBrowser(server().app, { userAgent: FIREFOX_MAC });
    await signInByEmail(phone, email);
    await signInByEmail(mac, email);
    const seenFromMac = await sessionsOf(mac);
    expect(seenFromMac.map((s) => [s.current, s.browser, s.device])).toEqual([
      [true, 'Firefox 133', 'desktop'],
      [false, 'Safari 17', 'mobile'],
    ]);
    const seenFromPhone = await sessionsOf(phone);
    expect(seenFromPhone.map((s) => [s.current, s.browser])).toEqual([
      [true, 'Safari 17'],
      [false, 'Firefox 133'],
    ]);
    // A public id is neither the cookie's token nor the stored hash of it.
    const token = mac.cookies.get('account_session') ?? '';
    const stored = await server().app.db.kysely.selectFrom('sessions').select('id').execute();
    for (const session of seenFromMac) {
      expect(session.id).not.toBe(token);
      expect(stored.map((row) => row.id)).not.toContain(session.id);
    }
  });

  it('signing out another session ends it: its next call is a 401, on another instance once it heard the database', async () => {
    const { browser: mine, telegramId } = await newTelegramShopper();
    // The other browser talks to a second instance on the same database.
    const second: FastifyInstance = await buildApp(server().config, { logger: false });
    try {
      const other = new TestBrowser(second);
      await other.open();
      const again = signTelegramLogin(TELEGRAM_BOT_TOKEN, {
        id: Number(telegramId),
        // Other signed data than the first sign-in's, which may not be replayed.
        first_name: 'Tess again',
        auth_date: Math.floor(Date.now() / 1000),
      });
      expect((await post(other, api('/login/telegram'), again)).statusCode).toBe(200);
      expect((await other.request(ME)).statusCode).toBe(200);
      const target = (await sessionsOf(mine)).find((s) => !s.current);
      expect(target).toBeDefined();
      expect((await del(mine, `${SESSIONS}/${target?.id}`)).statusCode).toBe(204);
      await sessionsChanged(second);
      expectError(await other.request(ME), 401, 'unauthenticated');
      expect((await sessionsOf(mine)).map((s) => s.current)).toEqual([true]);
    } finally {
      await second.close();
    }
  });

  it('this session is not ended by id (409: sign out with logout); an unknown or another shopper’s id is a 404', async () => {
    const me = new TestBrowser(server().app);
    await signInByEmail(me, `self.${Date.now()}@example.com`);
    const [current] = await sessionsOf(me);
    expectError(await del(me, `${SESSIONS}/${current?.id}`), 409, 'conflict');
    expect((await me.request(ME)).statusCode).toBe(200);

    const stranger = new TestBrowser(server().app);
    await signInByEmail(stranger, `stranger.${Date.now()}@example.com`);
    expectError(await del(stranger, `${SESSIONS}/${current?.id}`), 404, 'not_found');
    expectError(await del(stranger, `${SESSIONS}/no-such-session-0123`), 404, 'not_found');
    expect((await me.request(ME)).statusCode).toBe(200);
  });

  it('“sign out everywhere else” ends every other session and keeps this one; it needs others=true', async () => {
    const email = `everywhere.${Date.now()}@example.com`;
    const browsers = [new TestBrowser(server().app), new TestBrowser(server().app), new TestBrowser(server().app)];
    for (const browser of browsers) await signInByEmail(browser, email);
    const [keep, ...others] = browsers as [TestBrowser, ...TestBrowser[]];
    expectError(await del(keep, `${SESSIONS}?others=yes`), 400, 'validation_failed');
    expectError(await del(keep, SESSIONS), 400, 'validation_failed');
    expect((await del(keep, `${SESSIONS}?others=true`)).statusCode).toBe(204);
    for (const other of others) expectError(await other.request(ME), 401, 'unauthenticated');
    expect((await keep.request(ME)).statusCode).toBe(200);
    expect(await sessionsOf(keep)).toHaveLength(1);
  });
});

describe(`issue 20: sign-in methods (${databaseKind})`, () => {
  it('lists the linked identities with what the provider tells of them, and the enabled providers not linked yet', async () => {
    const email = `methods.${Date.now()}@example.com`;
    const browser = new TestBrowser(server().app);
    await signInByEmail(browser, email);
    const methods = await methodsOf(browser);
    expect(methods.identities).toEqual([
      {
        id: expect.any(Number),
        provider: 'sso',
        label: email,
        linkedAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    expect(methods.linkable).toEqual(['google', 'facebook', 'apple', 'auth0', 'steam', 'telegram']);
    // The demo provider asserts the address verified, and the shop can send email.
    expect(methods.emailSignIn).toBe(email);
    expect(methods.passkeys).toEqual([]);
  });

  it('linking a token provider: its sign-in in link mode adds the identity to this account and signs nobody in; the email hears of it', async () => {
    const email = `link.${Date.now()}@example.com`;
    const browser = new TestBrowser(server().app);
    await signInByEmail(browser, email);
    const me = Account.parse((await browser.request(ME)).json());
    const session = browser.cookies.get('account_session');
    const { state } = (await post(browser, api('/security/identities/link/telegram'))).json() as { state: string };
    const before = smtp().messages.length;
    const linked = await post(browser, api('/login/telegram'), { ...telegramLogin(), state });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(Account.parse(linked.json()).id).toBe(me.id);
    // Still the same session: a link is no sign-in.
    expect(browser.cookies.get('account_session')).toBe(session);
    expect((await methodsOf(browser)).identities.map((i) => i.provider)).toEqual(['sso', 'telegram']);
    const notice = await noticeTo(email, before, 'Telegram');
    expect(notice.mail.subject).toBe('A sign-in method was added');
    // The intent was used up: signed in, the next Telegram data is refused as before.
    expectError(await post(browser, api('/login/telegram'), { ...telegramLogin(), state }), 401, 'sign_in_rejected');
  });

  it('Telegram data in link mode must bring back the link’s state: a crafted widget URL cannot link a stranger’s account', async () => {
    const { browser } = await newTelegramShopper();
    expect((await post(browser, api('/security/identities/link/telegram'))).statusCode).toBe(200);
    const crafted = telegramLogin();
    expectError(await post(browser, api('/login/telegram'), crafted), 401, 'sign_in_rejected');
    expectError(
      await post(browser, api('/login/telegram'), { ...telegramLogin(), state: 'guessed-state' }),
      401,
      'sign_in_rejected',
    );
    expect((await methodsOf(browser)).identities).toHaveLength(1);
  });

  it('linking a redirect provider: the callback adds the identity and returns to the security page', async () => {
    const { browser, shopperId } = await newTelegramShopper();
    expect((await post(browser, api('/security/identities/link/sso'))).statusCode).toBe(200);
    const landed = await signInByEmail(browser, `redirect.link.${Date.now()}@example.com`);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/account/security?linked=sso');
    expect(Account.parse((await browser.request(ME)).json()).id).toBe(shopperId);
    expect((await methodsOf(browser)).identities.map((i) => i.provider)).toEqual(['telegram', 'sso']);
  });

  it('an identity that belongs to another account is refused and changes nothing (token and redirect providers)', async () => {
    const owner = await newTelegramShopper();
    const ownerEmail = `owner.${Date.now()}@example.com`;
    expect((await post(owner.browser, api('/security/identities/link/sso'))).statusCode).toBe(200);
    await signInByEmail(owner.browser, ownerEmail);

    const { browser, shopperId } = await newTelegramShopper();
    const session = browser.cookies.get('account_session');
    // The owner's Telegram identity, signed again (a fresh auth_date) as its owner would.
    const { state } = (await post(browser, api('/security/identities/link/telegram'))).json() as { state: string };
    const taken = await post(browser, api('/login/telegram'), {
      ...signTelegramLogin(TELEGRAM_BOT_TOKEN, {
        id: Number(owner.telegramId),
        // Other signed data than the first sign-in's, which may not be replayed.
        first_name: 'Tess again',
        auth_date: Math.floor(Date.now() / 1000),
      }),
      state,
    });
    expectError(taken, 409, 'identity_taken');
    expect((await post(browser, api('/security/identities/link/sso'))).statusCode).toBe(200);
    const redirected = await signInByEmail(browser, ownerEmail);
    expect(redirected.headers.location).toBe('/account/security?link=taken&provider=sso');
    expect(browser.cookies.get('account_session')).toBe(session);
    expect(Account.parse((await browser.request(ME)).json()).id).toBe(shopperId);
    expect((await methodsOf(browser)).identities.map((i) => i.provider)).toEqual(['telegram']);
    expect((await methodsOf(owner.browser)).identities.map((i) => i.provider)).toEqual(['telegram', 'sso']);
  });

  it('a link intent works only in the session that asked for it: another session’s sign-in is refused, not linked', async () => {
    const { browser } = await newTelegramShopper();
    const { state } = (await post(browser, api('/security/identities/link/telegram'))).json() as { state: string };
    const intent = browser.cookies.get('account_link');
    expect(intent).toBeDefined();
    // Another signed-in browser carrying the intent (say, a stolen cookie) and its state.
    const other = await newTelegramShopper();
    other.browser.cookies.set('account_link', intent ?? '');
    expectError(
      await post(other.browser, api('/login/telegram'), { ...telegramLogin(), state }),
      401,
      'sign_in_rejected',
    );
    expect((await methodsOf(other.browser)).identities).toHaveLength(1);
    expect((await methodsOf(browser)).identities).toHaveLength(1);
  });

  it('a provider the shop has not enabled cannot be linked (404), nor a made-up one (400)', async () => {
    const { browser } = await newTelegramShopper();
    // Every provider is enabled on this server; a server without Steam answers its link with a 404.
    expect((await post(browser, api('/security/identities/link/steam'))).statusCode).toBe(200);
    expectError(await post(browser, api('/security/identities/link/myspace')), 400, 'validation_failed');
    const plain = await startServer();
    try {
      const shopper = new TestBrowser(plain.app);
      await signIn(shopper, 'demo-emma');
      expectError(await post(shopper, api('/security/identities/link/steam')), 404, 'not_found');
      expect((await post(shopper, api('/security/identities/link/sso'))).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('removing an identity is refused while it is the last way to sign in, and allowed once there is another', async () => {
    const { browser } = await newTelegramShopper();
    const [identity] = (await methodsOf(browser)).identities;
    expectError(await del(browser, api(`/security/identities/${identity?.id}`)), 409, 'last_sign_in_method');
    expect((await post(browser, api('/security/identities/link/sso'))).statusCode).toBe(200);
    await signInByEmail(browser, `second.way.${Date.now()}@example.com`);
    expect((await del(browser, api(`/security/identities/${identity?.id}`))).statusCode).toBe(204);
    expect((await methodsOf(browser)).identities.map((i) => i.provider)).toEqual(['sso']);
  });

  it('with sign-in by emailed code on, a verified email is a way in: the last identity may go', async () => {
    const browser = new TestBrowser(server().app);
    await signInByEmail(browser, `email.only.${Date.now()}@example.com`);
    const [identity] = (await methodsOf(browser)).identities;
    expect((await del(browser, api(`/security/identities/${identity?.id}`))).statusCode).toBe(204);
    expect(await methodsOf(browser)).toMatchObject({ identities: [], emailSignIn: expect.any(String) });
  });
});

describe(`issue 20: passkeys (${databaseKind})`, () => {
  const origin = () => server().baseUrl;

  async function addPasskey(browser: TestBrowser, authenticator: SoftwareAuthenticator, name = 'MacBook') {
    const started = await post(browser, api('/security/passkeys/options'));
    expect(started.statusCode, started.body).toBe(200);
    const { options } = started.json() as { options: Record<string, unknown> };
    return post(browser, api('/security/passkeys'), { name, credential: authenticator.create(options) });
  }

  async function passkeySignIn(browser: TestBrowser, authenticator: SoftwareAuthenticator) {
    await browser.open();
    const started = await post(browser, api('/login/passkey/options'));
    expect(started.statusCode, started.body).toBe(200);
    const { options } = started.json() as { options: Record<string, unknown> };
    const credential = authenticator.get(options);
    return { response: await post(browser, api('/login/passkey'), { credential }), credential, options };
  }

  it('adds a passkey (relying party from PUBLIC_URL, discoverable, user verification preferred), lists, renames and signs in with it', async () => {
    const { browser, shopperId } = await newTelegramShopper();
    const started = await post(browser, api('/security/passkeys/options'));
    const { options } = started.json() as { options: Record<string, unknown> };
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Fjord & Pine' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    const authenticator = new SoftwareAuthenticator(origin());
    const added = await post(browser, api('/security/passkeys'), {
      name: '  MacBook  ',
      credential: authenticator.create(options),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ name: 'MacBook', lastUsedAt: null });
    const [passkey] = (await methodsOf(browser)).passkeys;
    expect(passkey?.name).toBe('MacBook');

    const renamed = await browser.request({
      method: 'PATCH',
      url: api(`/security/passkeys/${passkey?.id}`),
      body: { name: 'Work laptop' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Work laptop' });
    expectError(
      await browser.request({ method: 'PATCH', url: api(`/security/passkeys/${passkey?.id}`), body: { name: ' ' } }),
      400,
      'validation_failed',
    );

    const visitor = new TestBrowser(server().app);
    const { response } = await passkeySignIn(visitor, authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(Account.parse(response.json()).id).toBe(shopperId);
    const [session] = await sessionsOf(visitor);
    expect(session?.method).toBe('passkey');
    expect((await methodsOf(visitor)).passkeys[0]?.lastUsedAt).not.toBeNull();
  });

  it('a challenge is answered once: replaying a signed answer is refused (401), so is another browser’s challenge', async () => {
    const { browser } = await newTelegramShopper();
    const authenticator = new SoftwareAuthenticator(origin());
    expect((await addPasskey(browser, authenticator)).statusCode).toBe(200);

    const visitor = new TestBrowser(server().app);
    const { response, credential } = await passkeySignIn(visitor, authenticator);
    expect(response.statusCode).toBe(200);
    const replayer = new TestBrowser(server().app);
    await replayer.open();
    await post(replayer, api('/login/passkey/options'));
    expectError(await post(replayer, api('/login/passkey'), { credential }), 401, 'sign_in_rejected');

    // A challenge asked for by one browser, answered from another (login CSRF).
    const asker = new TestBrowser(server().app);
    await asker.open();
    const { options } = (await post(asker, api('/login/passkey/options'))).json() as {
      options: Record<string, unknown>;
    };
    const thief = new TestBrowser(server().app);
    await thief.open();
    await post(thief, api('/login/passkey/options'));
    expectError(
      await post(thief, api('/login/passkey'), { credential: authenticator.get(options) }),
      401,
      'sign_in_rejected',
    );
  });

  it('a signature counter that did not move forward is refused (a cloned authenticator)', async () => {
    const { browser } = await newTelegramShopper();
    const authenticator = new SoftwareAuthenticator(origin());
    expect((await addPasskey(browser, authenticator)).statusCode).toBe(200);
    expect((await passkeySignIn(new TestBrowser(server().app), authenticator)).response.statusCode).toBe(200);
    const [credential] = authenticator.credentials;
    if (credential) credential.counter = 0;
    const cloned = await passkeySignIn(new TestBrowser(server().app), authenticator);
    expectError(cloned.response, 401, 'sign_in_rejected');
  });

  it('a registration must answer this shopper’s own, unused challenge from our origin', async () => {
    const { browser } = await newTelegramShopper();
    const other = await newTelegramShopper();
    const authenticator = new SoftwareAuthenticator(origin());
    const { options } = (await post(other.browser, api('/security/passkeys/options'))).json() as {
      options: Record<string, unknown>;
    };
    const notAdded = { Credential: 'ac_PasskeyNotAdded' };
    const stolen = await post(browser, api('/security/passkeys'), {
      name: 'x',
      credential: authenticator.create(options),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toEqual(notAdded);

    const { options: mine } = (await post(browser, api('/security/passkeys/options'))).json() as {
      options: Record<string, unknown>;
    };
    const phishing = authenticator.create(mine, 'https://account-area.example.net');
    const refused = await post(browser, api('/security/passkeys'), { name: 'x', credential: phishing });
    expect(refused.json().fields).toEqual(notAdded);
    // The challenge was used up by that answer, right or wrong.
    const late = await post(browser, api('/security/passkeys'), { name: 'x', credential: authenticator.create(mine) });
    expect(late.json().fields).toEqual(notAdded);
    expect((await methodsOf(browser)).passkeys).toEqual([]);
  });

  it('a passkey is a way in: with one the last identity may go, and then the passkey itself may not; the email hears of both changes', async () => {
    const browser = new TestBrowser(server().app);
    const email = `passkey.only.${Date.now()}@example.com`;
    await signInByEmail(browser, email);
    // No email sign-in for this test: the address is made unverified.
    await server()
      .app.db.kysely.updateTable('shoppers')
      .set({ emailVerifiedBy: null })
      .where('email', '=', email)
      .execute();
    const authenticator = new SoftwareAuthenticator(origin());
    expect((await addPasskey(browser, authenticator, 'Phone')).statusCode).toBe(200);
    const [identity] = (await methodsOf(browser)).identities;
    expect((await del(browser, api(`/security/identities/${identity?.id}`))).statusCode).toBe(204);
    const [passkey] = (await methodsOf(browser)).passkeys;
    expectError(await del(browser, api(`/security/passkeys/${passkey?.id}`)), 409, 'last_sign_in_method');
    expect((await passkeySignIn(new TestBrowser(server().app), authenticator)).response.statusCode).toBe(200);
  });

  it('passkey changes are told to the verified email', async () => {
    const browser = new TestBrowser(server().app);
    const email = `passkey.notice.${Date.now()}@example.com`;
    await signInByEmail(browser, email);
    const before = smtp().messages.length;
    expect((await addPasskey(browser, new SoftwareAuthenticator(origin()), 'Tablet')).statusCode).toBe(200);
    expect((await noticeTo(email, before, 'Tablet')).mail.subject).toBe('A sign-in method was added');
    const [passkey] = (await methodsOf(browser)).passkeys;
    const after = smtp().messages.length;
    expect((await del(browser, api(`/security/passkeys/${passkey?.id}`))).statusCode).toBe(204);
    expect((await noticeTo(email, after, 'Tablet')).mail.subject).toBe('A sign-in method was removed');
  });
});

describe(`issue 19 + 20: the new-browser notice points to the sessions (${databaseKind})`, () => {
  it('a sign-in from a browser not seen before links to the security page', async () => {
    const email = `new.browser.${Date.now()}@example.com`;
    await signInByEmail(new TestBrowser(server().app), email);
    const before = smtp().messages.length;
    await signInByEmail(new TestBrowser(server().app, { userAgent: SAFARI_IPHONE }), email);
    const notice = await noticeTo(email, before, 'Safari 17 on iOS 17.1');
    expect(notice.mail.text).toContain(`${server().baseUrl}/account/security`);
  });
});
