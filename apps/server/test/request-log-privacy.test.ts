/**
 * The request log keeps voucher campaign codes out and, in production unless the shop says
 * otherwise, writes the client's network instead of its address (README: Security, Logs). A real
 * server logs at info into memory while shoppers claim a voucher by its code from an IPv4 and an
 * IPv6 address; then the lines are read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { signIn } from './support/sign-in.js';
import { api, startServer, type TestServer } from './support/test-app.js';

/** A campaign code of the demo shop (db/seed/vouchers.ts). */
const CAMPAIGN_CODE = 'TRAIL2026';

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startServer({
    // Production, and nothing said about addresses: the default there is to shorten them.
    env: { LOG_LEVEL: 'info', NODE_ENV: 'production' },
    logger: { stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(async () => {
  await server?.close();
});

interface RequestLine {
  msg: string;
  req?: { url: string; remoteAddress?: string; remotePort?: number };
}
const requestLines = () =>
  lines.map((line) => JSON.parse(line) as RequestLine).filter((line) => line.msg === 'request completed');

async function claimFrom(clientAddress: string): Promise<void> {
  const browser = new TestBrowser(server.app, { clientAddress });
  await signIn(browser, 'new');
  const claimed = await browser.request({ method: 'POST', url: api(`/voucher/claim/${CAMPAIGN_CODE}`), body: {} });
  expect(claimed.statusCode, claimed.body).toBe(200);
}

describe('the request log', () => {
  it('names a voucher claim by its route, never the campaign code', async () => {
    await claimFrom('203.0.113.77');
    const claims = requestLines().filter((line) => line.req?.url.includes('/voucher/claim/'));
    expect(claims.map((line) => line.req?.url)).toEqual([api('/voucher/claim/:code')]);
    expect(lines.join('').toLowerCase()).not.toContain(CAMPAIGN_CODE.toLowerCase());
  });

  it('in production writes the client network (IPv4 /24, IPv6 /48) and never the address or its port', async () => {
    await claimFrom('2001:db8:1:2::5');
    // The server's own calls to the demo identity provider come from 127.0.0.1.
    const addresses = new Set(requestLines().map((line) => line.req?.remoteAddress));
    expect(addresses).toEqual(new Set(['203.0.113.0', '2001:db8:1::', '127.0.0.0']));
    expect(requestLines().filter((line) => line.req?.remotePort !== undefined)).toEqual([]);
    const text = lines.join('');
    expect(text).not.toContain('203.0.113.77');
    expect(text).not.toContain('2001:db8:1:2');
  });
});
