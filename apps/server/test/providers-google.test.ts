/**
 * Issue 3, Providers — the search-engine company's sign-in: POST /login/google {Credential, ClientId}
 * (spec §7, §4 Login success, §8). The server verifies the ID token for real against a local
 * stand-in that publishes its keys (JWKS) and signs like the provider: signature, issuer, audience,
 * expiry, and the client id the page used. Every refusal is a 401 that leaves the browser signed out.
 */
import { Account } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, type TestBrowser } from './support/browser.js';
import { expectRejected, expectXsrfRefused, signedIn } from './support/sign-in.js';
import { type GoogleStandIn, googleStandIn } from './support/stand-ins/google.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { forSuite } from './support/suite.js';
import { api, databaseKind, freePort, startServer, type TestServer } from './support/test-app.js';

const CLIENT_ID = 'shop-web.apps.googleusercontent.com';
const EMMA = 'emma.devries@example.com';

const me = api('/shopuser/me');

let google: Served<GoogleStandIn>;
let server: TestServer;
let emmaId: number;

beforeAll(async () => {
  google = await serveStandIn((app) => googleStandIn(app, { clientId: CLIENT_ID }));
  server = await startServer({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `${google.baseUrl}${google.jwksPath}` },
  });
  const emma = await signedIn(server, 'demo-emma');
  emmaId = Account.parse((await emma.request(me)).json()).id;
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

let subjects = 0;
const subject = () => `10876${Date.now()}${++subjects}`;

const signInWithGoogle = (b: TestBrowser, credential: string, clientId = CLIENT_ID) =>
  b.request({ method: 'POST', url: api('/login/google'), body: { Credential: credential, ClientId: clientId } });

const person = (overrides: Record<string, unknown> = {}) => ({
  sub: subject(),
  email: `shopper.${subjects}@gmail.example`,
  email_verified: true,
  given_name: 'Jonas',
  family_name: 'Berg',
  ...overrides,
});

describe(`§4 Login success with the search-engine company's sign-in (${databaseKind})`, () => {
  it('a valid ID token signs in and answers the account; /shopuser/me is 200 afterwards', async () => {
    const b = await anonymous(server);
    const response = await signInWithGoogle(b, await google.mint(person()));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const account = Account.parse(response.json());
    expect(account).toMatchObject({ firstName: 'Jonas', lastName: 'Berg', firstTimeLogin: true });
    const loaded = await b.request(me);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().id).toBe(account.id);
  });

  it('the first sign-in creates the shopper (first-time login); the next one reuses it', async () => {
    const claims = person({ email: 'jonas.berg@gmail.example' });
    const first = Account.parse((await signInWithGoogle(await anonymous(server), await google.mint(claims))).json());
    expect(first.firstTimeLogin).toBe(true);
    expect(first.email).toBe('jonas.berg@gmail.example');
    const second = await signInWithGoogle(await anonymous(server), await google.mint(claims));
    expect(second.statusCode).toBe(200);
    expect(Account.parse(second.json()).id).toBe(first.id);
  });

  it('rotates the session id at sign-in', async () => {
    const b = await anonymous(server);
    await signInWithGoogle(b, await google.mint(person()));
    const first = b.cookies.get('account_session');
    await signInWithGoogle(b, await google.mint(person()));
    const second = b.cookies.get('account_session');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('a verified email links to the existing shopper with that email', async () => {
    const response = await signInWithGoogle(await anonymous(server), await google.mint(person({ email: EMMA })));
    expect(response.statusCode).toBe(200);
    expect(Account.parse(response.json())).toMatchObject({ id: emmaId, firstName: 'Emma', firstTimeLogin: false });
  });

  it('email_verified sent as the string "true" counts as verified', async () => {
    const response = await signInWithGoogle(
      await anonymous(server),
      await google.mint(person({ email: EMMA, email_verified: 'true' })),
    );
    expect(Account.parse(response.json()).id).toBe(emmaId);
  });

  it('an unverified email never links: a new shopper is made', async () => {
    for (const email_verified of [false, undefined, 'yes']) {
      const response = await signInWithGoogle(
        await anonymous(server),
        await google.mint(person({ email: EMMA, email_verified, given_name: 'Not', family_name: 'Emma' })),
      );
      expect(response.statusCode).toBe(200);
      const account = Account.parse(response.json());
      expect(account.id, String(email_verified)).not.toBe(emmaId);
      expect(account).toMatchObject({ firstName: 'Not', lastName: 'Emma', firstTimeLogin: true });
    }
  });
});

describe(`§8 Login failure with the search-engine company's sign-in: refused, signed out (${databaseKind})`, () => {
  it('refuses a token for another audience', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await signInWithGoogle(b, await google.mint(person(), { audience: 'other.apps.example' })));
  });

  it('refuses a token that also names another audience', async () => {
    const b = await anonymous(server);
    const token = await google.mint(person(), { audience: [CLIENT_ID, 'other.apps.example'] });
    await expectRejected(b, await signInWithGoogle(b, token));
  });

  it('refuses an expired token (beyond the small clock tolerance)', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await signInWithGoogle(b, await google.mint(person(), { expiresIn: -120 })));
  });

  it('refuses a token signed by another key under the published key id (bad signature)', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await signInWithGoogle(b, await google.mint(person(), { signWithOtherKey: true })));
  });

  it('refuses a token whose signature was altered, and an unsigned one', async () => {
    const b = await anonymous(server);
    const [header, payload] = (await google.mint(person())).split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...person({ email: EMMA }), aud: CLIENT_ID })).toString(
      'base64url',
    );
    await expectRejected(b, await signInWithGoogle(b, `${header}.${forgedPayload}.${'A'.repeat(342)}`));
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expectRejected(b, await signInWithGoogle(b, `${none}.${payload}.`));
  });

  it('refuses a token from another issuer', async () => {
    const b = await anonymous(server);
    const token = await google.mint(person(), { issuer: 'https://accounts.evil.example' });
    await expectRejected(b, await signInWithGoogle(b, token));
  });

  it('refuses a body whose ClientId is not the configured client id', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await signInWithGoogle(b, await google.mint(person()), 'other.apps.example'));
  });

  it('refuses what is not a token at all', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await signInWithGoogle(b, 'not-a-jwt'));
  });

  it('a refusal after a sign-in leaves the earlier session alone (no new session is made)', async () => {
    const b = await anonymous(server);
    const account = Account.parse((await signInWithGoogle(b, await google.mint(person()))).json());
    const session = b.cookies.get('account_session');
    const refused = await signInWithGoogle(b, await google.mint(person(), { expiresIn: -120 }));
    expect(refused.statusCode).toBe(401);
    expect(b.cookies.get('account_session')).toBe(session);
    expect((await b.request(me)).json().id).toBe(account.id);
  });
});

describe(`§7 POST /login/google: request checks (${databaseKind})`, () => {
  it('needs the X-XSRF-TOKEN header: 403, nobody signed in', async () => {
    const body = { Credential: await google.mint(person()), ClientId: CLIENT_ID };
    await expectXsrfRefused(await anonymous(server), api('/login/google'), body);
  });

  it('answers a malformed body with 400 and the fields', async () => {
    const b = await anonymous(server);
    const response = await b.request({ method: 'POST', url: api('/login/google'), body: { Credential: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { Credential: 'ac_FieldInvalidMessage', ClientId: 'ac_FieldInvalidMessage' },
    });
  });

  it('issue 3: limits sign-in attempts per client address with a clear 429 and Retry-After', async () => {
    const b = await anonymous(server);
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await signInWithGoogle(b, 'not-a-jwt')).statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await signInWithGoogle(b, await google.mint(person()));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await b.request(me)).statusCode).toBe(401);
    // Another address is not affected.
    const other = await anonymous(server);
    expect((await signInWithGoogle(other, await google.mint(person()))).statusCode).toBe(200);
  });
});

describe(`the Google stand-in (${databaseKind})`, () => {
  it('GET /google/mint hands out a token the server accepts (for the browser tests)', async () => {
    const query = new URLSearchParams({
      sub: subject(),
      email: EMMA,
      email_verified: 'true',
      given_name: 'Emma',
      family_name: 'de Vries',
    });
    const minted = await google.app.inject({ url: `/google/mint?${query}` });
    expect(minted.statusCode).toBe(200);
    const response = await signInWithGoogle(await anonymous(server), minted.json().token);
    expect(response.statusCode).toBe(200);
    expect(Account.parse(response.json()).id).toBe(emmaId);
  });

  it('GET /google/mint honours aud and exp, so a browser test can provoke a refusal', async () => {
    const wrongAudience = await google.app.inject({ url: `/google/mint?sub=${subject()}&aud=other.apps.example` });
    const b = await anonymous(server);
    await expectRejected(b, await signInWithGoogle(b, wrongAudience.json().token));
    const expired = await google.app.inject({
      url: `/google/mint?sub=${subject()}&exp=${Math.floor(Date.now() / 1000) - 600}`,
    });
    await expectRejected(b, await signInWithGoogle(b, expired.json().token));
  });
});

describe(`Google sign-in when the provider cannot be reached (${databaseKind})`, () => {
  const offline = forSuite(async () =>
    startServer({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${await freePort()}/certs` },
    }),
  );

  it('refuses the sign-in with a 401 (logged), never a 500', async () => {
    const b = await anonymous(offline());
    await expectRejected(b, await signInWithGoogle(b, await google.mint(person())));
  });
});

describe(`Google sign-in when not configured (${databaseKind})`, () => {
  const plain = forSuite(() => startServer());

  it('has no route: 404', async () => {
    const b = await anonymous(plain());
    const response = await signInWithGoogle(b, await google.mint(person()));
    expect(response.statusCode).toBe(404);
    expect((await b.request(me)).statusCode).toBe(401);
  });
});
