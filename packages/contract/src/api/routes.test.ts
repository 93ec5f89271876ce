import { describe, expect, it } from 'vitest';
import { API_BASE, buildPath, type EndpointDef, endpoints } from './routes.js';

/** The calls of spec §7, as the spec's table writes them ({param} -> :param). */
const SPEC_CALLS = [
  'GET /shopuser/me',
  'POST /login/facebook',
  'POST /login/google',
  'POST /login/apple',
  'POST /login/steam',
  'POST /login/auth0',
  'POST /logout',
  'POST /shopUser/updateAccount',
  'POST /shopUser/uploadImage',
  'DELETE /shopUser/removeLastViewProduct/:productId',
  'DELETE /shopUser/removeWishlist',
  'POST /shopUser/sendVerifySms',
  'POST /shopUser/verifyTelephoneNumber',
  'GET /setting',
  'GET /setting/preferences',
  'POST /setting/validateEmail',
  'POST /setting/validateVatNumber',
  'POST /setting/firstTimeSetting',
  'PATCH /setting/interests',
  'PATCH /setting/newsletters',
  'GET /translation',
  'GET /localize',
  'PATCH /localize',
  'POST /achievement/claim/:achievementId',
  'POST /address',
  'PATCH /address',
  'DELETE /address/:addressId',
  'GET /order',
  'GET /order/:id',
  'DELETE /order/:id',
  'GET /order/downloadInvoice/:id',
  'POST /voucher/claim/:code',
] as const;

const all: [string, EndpointDef][] = Object.entries(endpoints);
const calls = new Set(all.map(([, e]) => `${e.method} ${e.path}`));
const byCall = (call: string) => all.find(([, e]) => `${e.method} ${e.path}` === call)?.[1];

describe('§7 Calls: every call of the spec exists with its method and path', () => {
  it('§7 Calls: paths are under /account/api/v1', () => {
    expect(API_BASE).toBe('/account/api/v1');
  });

  it.each(SPEC_CALLS)('§7 Calls: %s', (call) => {
    expect(calls.has(call)).toBe(true);
  });

  it('§7 Calls: paths keep the spec casing (/shopuser/me but /shopUser/updateAccount)', () => {
    expect(endpoints.getAccount.path).toBe('/shopuser/me');
    expect(endpoints.updateAccount.path).toBe('/shopUser/updateAccount');
    expect(calls.has('GET /shopUser/me')).toBe(false);
    expect(calls.has('POST /shopuser/updateAccount')).toBe(false);
  });

  it('§7 Calls: no two endpoints share a method and path', () => {
    expect(calls.size).toBe(all.length);
  });

  it('§7 Calls: every path starts with / and names its parameters in :name style', () => {
    for (const [, endpoint] of all) {
      expect(endpoint.path).toMatch(/^\/[A-Za-z0-9/:_-]*$/);
      expect(endpoint.path).not.toMatch(/[{}]/);
    }
  });

  it('§7 GET /order/downloadInvoice/{id} is a file (PDF) download, GET /privacy/export a ZIP', () => {
    expect(endpoints.downloadInvoice.produces).toBe('application/pdf');
    expect(endpoints.exportData.produces).toBe('application/zip');
    expect(all.filter(([, e]) => 'produces' in e).map(([name]) => name)).toEqual(['downloadInvoice', 'exportData']);
  });

  it("§7 POST /shopUser/uploadImage is the one upload: multipart, file field 'attachFile'", () => {
    expect(endpoints.uploadImage.upload).toEqual({ field: 'attachFile' });
    expect(all.filter(([, e]) => 'upload' in e).map(([name]) => name)).toEqual(['uploadImage']);
  });
});

describe('§6 Roles and permissions on calls', () => {
  it('§6 sign-in calls, logout and the configuration need no sign-in', () => {
    for (const call of [
      'POST /login/facebook',
      'POST /login/google',
      'POST /login/apple',
      'POST /login/steam',
      'POST /login/auth0',
      'POST /logout',
      'GET /setting',
    ]) {
      expect(byCall(call)?.auth).toBe(false);
    }
  });

  it("§6 calls on the shopper's own data need sign-in", () => {
    const own = SPEC_CALLS.filter((call) =>
      /\/(shopuser|shopUser|address|order|voucher|achievement)\b|\/setting\/(preferences|firstTimeSetting|interests|newsletters)|PATCH \/localize/.test(
        call,
      ),
    );
    expect(own.length).toBeGreaterThanOrEqual(20);
    for (const call of own) expect(byCall(call)?.auth).toBe(true);
  });

  it.each([
    ['AddressBook', ['POST /address', 'PATCH /address', 'DELETE /address/:addressId']],
    ['MyOrders', ['GET /order', 'GET /order/:id', 'DELETE /order/:id', 'GET /order/downloadInvoice/:id']],
    ['MyVouchers', ['POST /voucher/claim/:code']],
    ['Achievements', ['POST /achievement/claim/:achievementId']],
    ['MyWishlist', ['DELETE /shopUser/removeWishlist']],
    ['TelephoneNumberVerification', ['POST /shopUser/sendVerifySms', 'POST /shopUser/verifyTelephoneNumber']],
  ])('§6 the %s feature is needed for its calls', (feature, featureCalls) => {
    for (const call of featureCalls) expect(byCall(call)?.feature).toBe(feature);
  });

  it('§6 account, profile, settings and sign-in calls need no feature', () => {
    for (const call of ['GET /shopuser/me', 'POST /shopUser/updateAccount', 'GET /setting', 'PATCH /localize']) {
      expect(byCall(call)?.feature).toBeUndefined();
    }
  });
});

describe('§7 Calls: building a path from its parameters', () => {
  it('§7 buildPath fills :params ("/order/:id", {id: 3} -> "/order/3")', () => {
    expect(buildPath('/order/:id', { id: 3 })).toBe('/order/3');
    expect(buildPath(endpoints.claimAchievement.path, { achievementId: 12 })).toBe('/achievement/claim/12');
    expect(buildPath(endpoints.removeLastViewProduct.path, { productId: '99' })).toBe(
      '/shopUser/removeLastViewProduct/99',
    );
  });

  it('§7 buildPath URI-encodes parameter values so they stay one path segment', () => {
    expect(buildPath('/voucher/claim/:code', { code: 'A B/C?d#e' })).toBe('/voucher/claim/A%20B%2FC%3Fd%23e');
    expect(buildPath('/voucher/claim/:code', { code: '../admin' })).toBe('/voucher/claim/..%2Fadmin');
  });

  it('§7 buildPath fills 0 and leaves a path without parameters as it is', () => {
    expect(buildPath('/order/:id', { id: 0 })).toBe('/order/0');
    expect(buildPath('/setting/preferences')).toBe('/setting/preferences');
    expect(buildPath('/setting', { id: 1 })).toBe('/setting');
  });

  it('§7 buildPath throws on a missing parameter, naming it', () => {
    expect(() => buildPath('/order/:id', {})).toThrow(/id/);
    expect(() => buildPath('/address/:addressId')).toThrow(/addressId/);
    expect(() => buildPath('/address/:addressId', { id: 1 })).toThrow(Error);
  });
});
