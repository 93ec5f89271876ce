/**
 * A shop feeding a test server through the integration API (issue 8's calls): an API key of its
 * own, calls with it, and Noah's account known to the shop by its id (linked by his verified email),
 * signed in as the demo provider's Noah.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildDatabaseServices } from '../../src/services.js';
import { TestBrowser } from './browser.js';
import { signIn } from './sign-in.js';
import type { TestServer } from './test-app.js';

export const INTEGRATION_BASE_PATH = '/account/api/integration/v1';
/** The shop's id of Noah's account, and the record it sends of him. */
export const NOAH_AT_THE_SHOP = 'c-noah';
export const NOAH_RECORD = {
  email: 'NOAH.VISSER@example.com',
  emailVerified: true,
  firstName: 'Noah',
  lastName: 'Visser',
};

export type ShopCall = (
  method: 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

export interface ShopFeed {
  call: ShopCall;
  /** Noah, signed in, whose account the shop knows as NOAH_AT_THE_SHOP. */
  noah: TestBrowser;
}

export async function shopFeed(server: TestServer): Promise<ShopFeed> {
  const key = (await buildDatabaseServices(server.app.db).apiKeys.create('tests')).key;
  const call: ShopCall = (method, path, body) =>
    server.app.inject({
      method,
      url: `${INTEGRATION_BASE_PATH}${path}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const linked = await call('PUT', `/shoppers/${NOAH_AT_THE_SHOP}`, NOAH_RECORD);
  expect(linked.statusCode, linked.body).toBe(201);
  const noah = new TestBrowser(server.app);
  await signIn(noah, 'demo-noah');
  return { call, noah };
}
