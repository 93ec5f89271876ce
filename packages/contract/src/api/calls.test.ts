import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CallSchemas, callSchemas } from './calls.js';
import { type EndpointName, endpoints } from './routes.js';

const names = Object.keys(endpoints) as EndpointName[];
const schemasOf = (name: EndpointName): CallSchemas => callSchemas[name];
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);

describe('§7 Calls: every endpoint has its schemas', () => {
  it('§7 every endpoint name has call schemas, and there are no schemas without an endpoint', () => {
    expect(Object.keys(callSchemas).sort()).toEqual([...names].sort());
  });

  it.each(names)('§7 %s: its path parameters are exactly the keys of its params schema', (name) => {
    const expected = pathParams(endpoints[name].path);
    const params = schemasOf(name).params;
    if (expected.length === 0) {
      expect(params).toBeUndefined();
      return;
    }
    expect(params).toBeInstanceOf(z.ZodObject);
    expect(Object.keys((params as z.ZodObject).shape).sort()).toEqual([...expected].sort());
  });

  it('§7 GET calls carry no body', () => {
    for (const name of names.filter((n) => endpoints[n].method === 'GET')) {
      expect(schemasOf(name).body).toBeUndefined();
    }
  });

  it('§7 calls answering "none" (deletes, removals, the PDF download) have no JSON response', () => {
    for (const name of [
      'removeLastViewProduct',
      'removeWishlist',
      'deleteAddress',
      'deleteOrder',
      'downloadInvoice',
    ] as const) {
      expect(callSchemas[name].response).toBeNull();
    }
    expect(callSchemas.getAccount.response).not.toBeNull();
  });
});

describe('§7 Calls: the payloads of the spec table are accepted', () => {
  it('§7 POST /login/facebook {token}; POST /login/apple {Token}', () => {
    expect(callSchemas.loginFacebook.body.safeParse({ token: 'fb-token' }).success).toBe(true);
    expect(callSchemas.loginApple.body.safeParse({ token: 'apple-id-token' }).success).toBe(true);
    expect(callSchemas.loginFacebook.body.safeParse({ token: '' }).success).toBe(false);
  });

  it('§7 POST /login/google {Credential, ClientId} (keys are matched case-insensitively by the server)', () => {
    expect(callSchemas.loginGoogle.body.safeParse({ credential: 'jwt', clientId: 'client-1' }).success).toBe(true);
    expect(callSchemas.loginGoogle.body.safeParse({ clientId: 'client-1' }).success).toBe(false);
  });

  it('§7 POST /login/steam, /login/auth0 and /logout take {} and respond with a redirect or a url', () => {
    for (const name of ['loginSteam', 'loginAuth0', 'logout'] as const) {
      expect(callSchemas[name].body.safeParse({}).success).toBe(true);
      expect(callSchemas[name].body.safeParse(undefined).success).toBe(true);
    }
    expect(callSchemas.loginSteam.response.safeParse({ redirectUrl: 'https://steam.example/' }).success).toBe(true);
    expect(callSchemas.logout.response.safeParse({ url: null }).success).toBe(true);
    expect(callSchemas.logout.response.safeParse({ url: 'https://shop.example/' }).success).toBe(true);
  });

  it('§7 POST /shopUser/verifyTelephoneNumber {code}; POST /shopUser/sendVerifySms {}', () => {
    expect(callSchemas.verifyTelephoneNumber.body.parse({ code: '123456' })).toEqual({ code: '123456' });
    expect(callSchemas.sendVerifySms.body.safeParse({}).success).toBe(true);
  });

  it('§7 DELETE /shopUser/removeWishlist?ids=1,2 and GET /order?page=2&query=x read their query strings', () => {
    expect(callSchemas.removeWishlist.query.parse({ ids: '1,2' })).toEqual({ ids: [1, 2] });
    expect(callSchemas.listOrders.query.parse({ page: '2', query: 'x' })).toEqual({ page: 2, query: 'x' });
  });

  it('§7 path parameters are read as positive ids (order, address, achievement, last-viewed product)', () => {
    expect(callSchemas.getOrder.params.parse({ id: '12' })).toEqual({ id: 12 });
    expect(callSchemas.deleteAddress.params.parse({ addressId: '3' })).toEqual({ addressId: 3 });
    expect(callSchemas.claimAchievement.params.parse({ achievementId: '4' })).toEqual({ achievementId: 4 });
    expect(callSchemas.removeLastViewProduct.params.parse({ productId: '5' })).toEqual({ productId: 5 });
    expect(callSchemas.deleteOrder.params.safeParse({ id: '-3' }).success).toBe(false);
  });

  it('§7 POST /voucher/claim/{code} takes the code as text and an empty body', () => {
    expect(callSchemas.claimVoucherByCode.params.parse({ code: 'WELCOME10' })).toEqual({ code: 'WELCOME10' });
    expect(callSchemas.claimVoucherByCode.body.safeParse(undefined).success).toBe(true);
  });

  it('§7 PATCH /setting/interests {InterestIds} and PATCH /setting/newsletters {NewsletterIds}', () => {
    expect(callSchemas.updateInterests.body.parse({ interestIds: [1] })).toEqual({ interestIds: [1] });
    expect(callSchemas.updateNewsletters.body.parse({ newsletterIds: [2] })).toEqual({ newsletterIds: [2] });
  });

  it('§7 POST /setting/validateEmail {email} and /setting/validateVatNumber {vatNumber, country}', () => {
    expect(callSchemas.validateEmail.body.safeParse({ email: 'a@shop.example' }).success).toBe(true);
    expect(callSchemas.validateVatNumber.body.safeParse({ vatNumber: 'NL1', country: 'NL' }).success).toBe(true);
  });

  it('§7 POST /setting/firstTimeSetting {settings} and PATCH /localize {country, language, currency}', () => {
    expect(callSchemas.firstTimeSetting.body.safeParse({ settings: { email: 'a@shop.example' } }).success).toBe(true);
    expect(callSchemas.updateLocalize.body.safeParse({ country: 'NL', language: 'nl', currency: 'EUR' }).success).toBe(
      true,
    );
  });
});
