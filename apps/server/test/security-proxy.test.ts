/**
 * DESIGN §6 "Per-IP limits use the client address as seen by a configured number of trusted
 * proxies" (security issue: TRUST_PROXY=true let a client escape every per-address limit by
 * sending a new X-Forwarded-For each time). A proxy appends the address it saw to what the client
 * sent, so only the entries the trusted proxies added count: the client's own are ignored.
 * TRUST_PROXY=true itself is refused at startup (config.test.ts).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { expectErrorBody } from './support/security.js';
import { signedIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

const SIGN_IN_LIMIT = 3;
/** The validation calls' fixed limit per client address per minute (app.ts). */
const VALIDATION_LIMIT = 60;

/** TRUST_PROXY=1: one load balancer in front. */
let oneHop: TestServer;
/** TRUST_PROXY as a list of the proxies' addresses. */
let listed: TestServer;

beforeAll(async () => {
  const env = { SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT) };
  [oneHop, listed] = await Promise.all([
    startServer({ env: { ...env, TRUST_PROXY: '1' } }),
    startServer({ env: { ...env, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([oneHop?.close(), listed?.close()]);
});

/** What the client puts in X-Forwarded-For itself: a new made-up address each time. */
const madeUp = (i: number) => `192.0.2.${i + 1}`;

function expectLimited(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(429);
  expect(expectErrorBody(response).code, what).toBe('rate_limited');
}

const signInStart = (browser: TestBrowser, forwardedFor: string) =>
  browser.request({ url: '/sso/start', headers: { 'x-forwarded-for': forwardedFor } });

const validateEmail = (browser: TestBrowser, forwardedFor: string) =>
  browser.request({
    method: 'POST',
    url: api('/setting/validateEmail'),
    body: { Email: 'someone@example.com' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe(`DESIGN §6: per-IP limits use the address seen by the configured trusted proxies (${databaseKind})`, () => {
  it('DESIGN §6: behind one trusted proxy (TRUST_PROXY=1), a client rotating X-Forwarded-For still hits the sign-in limit', async () => {
    const balancer = new TestBrowser(oneHop.app, { clientAddress: '10.0.0.2' });
    // The client sends a made-up address; the balancer appends the one it really saw.
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      expect((await signInStart(balancer, `${madeUp(i)}, 203.0.113.7`)).statusCode).toBe(200);
    }
    expectLimited(await signInStart(balancer, `${madeUp(SIGN_IN_LIMIT)}, 203.0.113.7`), 'a new made-up address');
    // The limit is the client's, not the balancer's: another client behind it is not held up.
    expect((await signInStart(balancer, '203.0.113.8')).statusCode).toBe(200);
  });

  it('DESIGN §6: behind one trusted proxy (TRUST_PROXY=1), a client rotating X-Forwarded-For still hits the validation limit', async () => {
    const shopper = await signedIn(oneHop, 'demo-lukas');
    for (let i = 0; i < VALIDATION_LIMIT; i++) {
      expect((await validateEmail(shopper, `${madeUp(i)}, 203.0.113.20`)).statusCode).toBe(200);
    }
    expectLimited(await validateEmail(shopper, `${madeUp(VALIDATION_LIMIT)}, 203.0.113.20`), 'a new made-up address');
    expect((await validateEmail(shopper, '203.0.113.21')).statusCode).toBe(200);
  });

  it('DESIGN §6: with TRUST_PROXY listing proxy addresses, X-Forwarded-For from any other peer is ignored entirely', async () => {
    const direct = new TestBrowser(listed.app, { clientAddress: '198.51.100.20' });
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      expect((await signInStart(direct, `${madeUp(i)}, 203.0.113.30`)).statusCode).toBe(200);
    }
    expectLimited(await signInStart(direct, madeUp(SIGN_IN_LIMIT)), 'a lone made-up address');
    expectLimited(await signInStart(direct, `${madeUp(SIGN_IN_LIMIT)}, 203.0.113.31`), 'a made-up chain');

    const shopper = await signedIn(listed, 'demo-noah');
    for (let i = 0; i < VALIDATION_LIMIT; i++) {
      expect((await validateEmail(shopper, madeUp(i))).statusCode).toBe(200);
    }
    expectLimited(await validateEmail(shopper, madeUp(VALIDATION_LIMIT)), 'a validation call');
  });

  it('DESIGN §6: a listed proxy forwards the client address, and a client rotating its own entries is still held', async () => {
    const proxy = new TestBrowser(listed.app, { clientAddress: '10.1.2.3' });
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      expect((await signInStart(proxy, `${madeUp(i)}, 203.0.113.40`)).statusCode).toBe(200);
    }
    expectLimited(await signInStart(proxy, `${madeUp(SIGN_IN_LIMIT)}, 203.0.113.40`), 'a new made-up address');
    expect((await signInStart(proxy, '203.0.113.41')).statusCode).toBe(200);
  });
});
