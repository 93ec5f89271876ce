/**
 * Issue 3, Providers — the Apple-style sign-in: GET /login/apple/nonce, then POST /login/apple
 * {Token} (spec §7, §4 Login success, §8). The server verifies the identity token for real against
 * a local stand-in that publishes its keys (JWKS) and signs like the provider: signature, issuer,
 * audience, expiry, and the nonce it handed this browser (single use). Every refusal is a 401 that
 * leaves the browser signed out.
 */
import { createHash } from 'node:crypto';
import { Account } from '@account/contract';
import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, TestBrowser } from './support/browser.js';
import { expectRejected, expectXsrfRefused, signedIn } from './support/sign-in.js';
import { type AppleStandIn, appleStandIn, type MintOptions } from './support/stand-ins/apple.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { forSuite } from './support/suite.js';
import { api, databaseKind, freePort, startServer, type TestServer } from './support/test-app.js';

const CLIENT_ID = 'com.fjordandpine.account';
const EMMA = 'emma.devries@example.com';
const NONCE_COOKIE = 'apple_signin_nonce';

const me = api('/shopuser/me');

let apple: Served<AppleStandIn>;
let server: TestServer;
let emmaId: number;

beforeAll(async () => {
  apple = await serveStandIn((app) => appleStandIn(app, { clientId: CLIENT_ID }));
  server = await startServer({
    env: { APPLE_CLIENT_ID: CLIENT_ID, APPLE_JWKS_URL: `${apple.baseUrl}${apple.jwksPath}` },
  });
  const emma = await signedIn(server, 'demo-emma');
  emmaId = Account.parse((await emma.request(me)).json()).id;
});
afterAll(async () => {
  await server?.close();
  await apple?.close();
});

let subjects = 0;
const person = (overrides: JWTPayload = {}): JWTPayload => {
  subjects += 1;
  return {
    sub: `001234.${Date.now().toString(16)}${subjects}.0815`,
    email: `shopper.${subjects}@privaterelay.appleid.com`,
    email_verified: 'true',
    is_private_email: 'true',
    ...overrides,
  };
};

/** What the page does before starting the provider's sign-in. */
async function nonceFor(b: TestBrowser): Promise<string> {
  const response = await b.request(api('/login/apple/nonce'));
  expect(response.statusCode).toBe(200);
  const { nonce } = response.json() as { nonce: string };
  expect(nonce).toMatch(/^[\w-]{40,}$/);
  return nonce;
}

const postToken = (b: TestBrowser, token: string) =>
  b.request({ method: 'POST', url: api('/login/apple'), body: { Token: token } });

/** The whole sign-in as the page does it: a nonce, the provider's token for it, the token posted. */
async function signInWithApple(b: TestBrowser, claims: JWTPayload, options?: MintOptions) {
  const nonce = await nonceFor(b);
  const token = await apple.mint({ nonce, ...claims }, options);
  return { token, nonce, response: await postToken(b, token) };
}

describe(`§7 GET /login/apple/nonce (${databaseKind})`, () => {
  it('answers a fresh nonce and remembers it for this browser in a signed httpOnly, SameSite=Lax cookie', async () => {
    const b = await anonymous(server);
    const response = await b.request(api('/login/apple/nonce'));
    expect(response.headers['cache-control']).toBe('no-store');
    const { nonce } = response.json() as { nonce: string };
    const cookie = response.cookies.find((c) => c.name === NONCE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/account/api/v1/login/apple', maxAge: 600 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value.startsWith(`${nonce}.`)).toBe(true);
    expect(cookie?.value.length).toBeGreaterThan(nonce.length + 20);
    expect(await nonceFor(b)).not.toBe(nonce);
  });
});

describe(`§4 Login success with the Apple-style sign-in (${databaseKind})`, () => {
  it('a valid identity token for this browser’s nonce signs in; /shopuser/me is 200 afterwards', async () => {
    const b = await anonymous(server);
    const { response } = await signInWithApple(b, person());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const account = Account.parse(response.json());
    // The token carries no names: they are asked for in the first-login onboarding.
    expect(account).toMatchObject({ firstTimeLogin: true, firstName: '', lastName: '' });
    expect(account.email).toMatch(/@privaterelay\.appleid\.com$/);
    const loaded = await b.request(me);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().id).toBe(account.id);
    expect(b.cookies.has(NONCE_COOKIE)).toBe(false);
  });

  it('the first sign-in creates the shopper (first-time login); the next one reuses it', async () => {
    const claims = person();
    const first = Account.parse((await signInWithApple(await anonymous(server), claims)).response.json());
    expect(first.firstTimeLogin).toBe(true);
    const second = (await signInWithApple(await anonymous(server), claims)).response;
    expect(second.statusCode).toBe(200);
    expect(Account.parse(second.json()).id).toBe(first.id);
  });

  it('accepts a token carrying the SHA-256 (hex) of the nonce, as the native SDKs send it', async () => {
    const b = await anonymous(server);
    const nonce = await nonceFor(b);
    const hashed = createHash('sha256').update(nonce).digest('hex');
    const response = await postToken(b, await apple.mint({ ...person(), nonce: hashed }));
    expect(response.statusCode).toBe(200);
    expect((await b.request(me)).statusCode).toBe(200);
  });

  it('a verified email links to the existing shopper with that email', async () => {
    const { response } = await signInWithApple(
      await anonymous(server),
      person({ email: EMMA, is_private_email: 'false' }),
    );
    expect(response.statusCode).toBe(200);
    expect(Account.parse(response.json())).toMatchObject({ id: emmaId, firstName: 'Emma', firstTimeLogin: false });
  });

  it('email_verified as a boolean true counts as verified too', async () => {
    const { response } = await signInWithApple(await anonymous(server), person({ email: EMMA, email_verified: true }));
    expect(Account.parse(response.json()).id).toBe(emmaId);
  });

  it('an unverified email never links: a new shopper is made', async () => {
    for (const email_verified of ['false', undefined]) {
      const { response } = await signInWithApple(await anonymous(server), person({ email: EMMA, email_verified }));
      expect(response.statusCode).toBe(200);
      const account = Account.parse(response.json());
      expect(account.id, String(email_verified)).not.toBe(emmaId);
      expect(account.firstTimeLogin).toBe(true);
    }
  });
});

describe(`§8 Login failure with the Apple-style sign-in: refused, signed out (${databaseKind})`, () => {
  it('refuses a token for another audience', async () => {
    const b = await anonymous(server);
    await expectRejected(b, (await signInWithApple(b, person(), { audience: 'com.other.app' })).response);
  });

  it('refuses an expired token', async () => {
    const b = await anonymous(server);
    await expectRejected(b, (await signInWithApple(b, person(), { expiresIn: -120 })).response);
  });

  it('refuses a token signed by another key under the published key id (bad signature)', async () => {
    const b = await anonymous(server);
    await expectRejected(b, (await signInWithApple(b, person(), { signWithOtherKey: true })).response);
  });

  it('refuses a token from another issuer', async () => {
    const b = await anonymous(server);
    await expectRejected(b, (await signInWithApple(b, person(), { issuer: 'https://appleid.evil.example' })).response);
  });

  it('refuses a token when this browser holds no nonce cookie (a token carried to another browser)', async () => {
    const victim = await anonymous(server);
    const nonce = await nonceFor(victim);
    const token = await apple.mint({ ...person(), nonce });
    const thief = await anonymous(server);
    await expectRejected(thief, await postToken(thief, token));
    // The cookie cannot simply be made up either: its nonce is signed by the server.
    thief.cookies.set(NONCE_COOKIE, `${nonce}.${'A'.repeat(43)}`);
    await expectRejected(thief, await postToken(thief, token));
    thief.cookies.set(NONCE_COOKIE, nonce);
    await expectRejected(thief, await postToken(thief, token));
  });

  it('refuses a token issued for another nonce than this browser’s, or for none', async () => {
    const b = await anonymous(server);
    await nonceFor(b);
    await expectRejected(b, await postToken(b, await apple.mint({ ...person(), nonce: 'some-other-nonce' })));
    await nonceFor(b);
    await expectRejected(b, await postToken(b, await apple.mint(person())));
  });

  it('refuses a replayed token after a success: each nonce serves one attempt', async () => {
    const b = await anonymous(server);
    const nonce = await nonceFor(b);
    const nonceCookie = b.cookies.get(NONCE_COOKIE);
    expect(nonceCookie).toBeTruthy();
    const token = await apple.mint({ ...person(), nonce });
    expect((await postToken(b, token)).statusCode).toBe(200);
    // Replayed in the same browser: its nonce cookie is gone.
    await b.request({ method: 'POST', url: api('/logout'), body: {} });
    await expectRejected(b, await postToken(b, token));
    // Replayed from a fresh browser, with the captured cookie too: the nonce is used up on the server.
    const replayer = await anonymous(server);
    await expectRejected(replayer, await postToken(replayer, token));
    replayer.cookies.set(NONCE_COOKIE, nonceCookie ?? '');
    await expectRejected(replayer, await postToken(replayer, token));
  });

  it('uses the nonce up on a failed attempt too, and clears its cookie', async () => {
    const b = await anonymous(server);
    const nonce = await nonceFor(b);
    const cookie = b.cookies.get(NONCE_COOKIE) ?? '';
    const failed = await postToken(b, await apple.mint({ ...person(), nonce }, { audience: 'com.other.app' }));
    expect(failed.statusCode).toBe(401);
    expect(b.cookies.has(NONCE_COOKIE)).toBe(false);
    b.cookies.set(NONCE_COOKIE, cookie);
    await expectRejected(b, await postToken(b, await apple.mint({ ...person(), nonce })));
  });
});

describe(`§7 POST /login/apple: request checks (${databaseKind})`, () => {
  it('needs the X-XSRF-TOKEN header: 403, nobody signed in', async () => {
    const b = await anonymous(server);
    const nonce = await nonceFor(b);
    await expectXsrfRefused(b, api('/login/apple'), { Token: await apple.mint({ ...person(), nonce }) });
  });

  it('answers a malformed body with 400 and the fields', async () => {
    const b = await anonymous(server);
    const response = await b.request({ method: 'POST', url: api('/login/apple'), body: { Token: 42 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { Token: 'ac_FieldInvalidMessage' },
    });
  });
});

describe(`the Apple stand-in (${databaseKind})`, () => {
  it('GET /apple/mint hands out a token for the page’s nonce that the server accepts (for the browser tests)', async () => {
    const b = await anonymous(server);
    const nonce = await nonceFor(b);
    const minted = await apple.app.inject({
      url: `/apple/mint?${new URLSearchParams({ sub: '001999.stand-in.0001', email: EMMA, nonce })}`,
    });
    expect(minted.statusCode).toBe(200);
    const response = await postToken(b, minted.json().token);
    expect(response.statusCode).toBe(200);
    expect(Account.parse(response.json()).id).toBe(emmaId);
  });
});

describe(`Apple-style sign-in behind https, with the provider unreachable (${databaseKind})`, () => {
  const offline = forSuite(async () =>
    startServer({
      env: {
        PUBLIC_URL: 'https://shop.example',
        APPLE_CLIENT_ID: CLIENT_ID,
        APPLE_JWKS_URL: `http://127.0.0.1:${await freePort()}/keys`,
      },
    }),
  );

  it('marks the nonce cookie Secure', async () => {
    const response = await new TestBrowser(offline().app).request(api('/login/apple/nonce'));
    expect(response.cookies.find((c) => c.name === NONCE_COOKIE)?.secure).toBe(true);
  });

  it('refuses the sign-in with a 401 (logged), never a 500', async () => {
    const b = await anonymous(offline());
    await expectRejected(b, (await signInWithApple(b, person())).response);
  });
});

describe(`Apple-style sign-in when not configured (${databaseKind})`, () => {
  const plain = forSuite(() => startServer());

  it('has no routes: 404', async () => {
    const b = await anonymous(plain());
    expect((await b.request(api('/login/apple/nonce'))).statusCode).toBe(404);
    expect((await postToken(b, await apple.mint(person()))).statusCode).toBe(404);
    expect((await b.request(me)).statusCode).toBe(401);
  });
});
