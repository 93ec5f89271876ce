import { describe, expect, it } from 'vitest';
import { AUTHENTICATED_REDIRECT_COOKIE, safeRedirectTarget } from './redirects.js';

const OWN = 'https://shop.example';
const PAY = 'https://pay.example';

describe("§9 Cookies: the redirect cookie is 'authenticatedredirect'", () => {
  it("§9 Cookies: the cookie name is 'authenticatedredirect'", () => {
    expect(AUTHENTICATED_REDIRECT_COOKIE).toBe('authenticatedredirect');
  });
});

describe('§2 Shell / DESIGN §6: redirect targets on the own origin are followed', () => {
  it('§2 Shell: a same-origin relative path resolves against the own origin', () => {
    expect(safeRedirectTarget('/account/orders', OWN)).toBe('https://shop.example/account/orders');
    expect(safeRedirectTarget('/', OWN)).toBe('https://shop.example/');
    expect(safeRedirectTarget('/nl/product/42?size=m#reviews', OWN)).toBe(
      'https://shop.example/nl/product/42?size=m#reviews',
    );
  });

  it('§2 Shell: a same-origin absolute URL is accepted', () => {
    expect(safeRedirectTarget('https://shop.example/cart', OWN)).toBe('https://shop.example/cart');
    expect(safeRedirectTarget('https://SHOP.example/cart', OWN)).toBe('https://shop.example/cart');
  });

  it("§9 Cookies: a URI-encoded value, as the 'authenticatedredirect' cookie holds it, is decoded", () => {
    expect(safeRedirectTarget('%2Faccount%2Forders%3Fpage%3D2', OWN)).toBe(
      'https://shop.example/account/orders?page=2',
    );
    expect(safeRedirectTarget(encodeURIComponent('https://shop.example/checkout'), OWN)).toBe(
      'https://shop.example/checkout',
    );
  });

  it('§2 Shell: surrounding whitespace is ignored', () => {
    expect(safeRedirectTarget('  /account  ', OWN)).toBe('https://shop.example/account');
  });
});

describe('DESIGN §6: never an open redirect', () => {
  it('DESIGN §6: another origin is refused', () => {
    expect(safeRedirectTarget('https://evil.example/', OWN)).toBeNull();
    expect(safeRedirectTarget('https://shop.example.evil.example/', OWN)).toBeNull();
    expect(safeRedirectTarget(encodeURIComponent('https://evil.example/'), OWN)).toBeNull();
  });

  it('DESIGN §6: the same host on another scheme or port is another origin and refused', () => {
    expect(safeRedirectTarget('http://shop.example/', OWN)).toBeNull();
    expect(safeRedirectTarget('https://shop.example:8443/', OWN)).toBeNull();
    expect(safeRedirectTarget('http:evil.example', OWN)).toBeNull();
  });

  it('DESIGN §6: another origin is accepted only when it is allow-listed', () => {
    expect(safeRedirectTarget('https://pay.example/return?x=1', OWN, [PAY])).toBe('https://pay.example/return?x=1');
    expect(safeRedirectTarget('https://pay.example/return', OWN)).toBeNull();
    expect(safeRedirectTarget('https://evil.example/', OWN, [PAY])).toBeNull();
    expect(safeRedirectTarget('http://pay.example/', OWN, [PAY])).toBeNull();
  });

  it('DESIGN §6: protocol-relative //evil.example is refused, also encoded', () => {
    expect(safeRedirectTarget('//evil.example', OWN)).toBeNull();
    expect(safeRedirectTarget('//evil.example/account', OWN)).toBeNull();
    expect(safeRedirectTarget('%2F%2Fevil.example', OWN)).toBeNull();
    expect(safeRedirectTarget('///evil.example', OWN)).toBeNull();
  });

  it('DESIGN §6: backslashes (/\\evil.example, \\\\evil.example) are refused, also encoded', () => {
    expect(safeRedirectTarget('/\\evil.example', OWN)).toBeNull();
    expect(safeRedirectTarget('\\\\evil.example', OWN)).toBeNull();
    expect(safeRedirectTarget('/account\\..\\x', OWN)).toBeNull();
    expect(safeRedirectTarget('%2F%5Cevil.example', OWN)).toBeNull();
  });

  it('DESIGN §6: javascript: and data: URLs are refused in any case and with leading space', () => {
    expect(safeRedirectTarget('javascript:alert(1)', OWN)).toBeNull();
    expect(safeRedirectTarget('JaVaScRiPt:alert(1)', OWN)).toBeNull();
    expect(safeRedirectTarget(' javascript:alert(1)', OWN)).toBeNull();
    expect(safeRedirectTarget('javascript%3Aalert(1)', OWN)).toBeNull();
    expect(safeRedirectTarget('data:text/html,<script>alert(1)</script>', OWN)).toBeNull();
    expect(safeRedirectTarget('vbscript:msgbox', OWN)).toBeNull();
    expect(safeRedirectTarget('ftp://shop.example/file', OWN)).toBeNull();
  });

  it('DESIGN §6: credentials in the URL are refused, even on the own origin', () => {
    expect(safeRedirectTarget('https://user:pass@shop.example/', OWN)).toBeNull();
    expect(safeRedirectTarget('https://user@shop.example/', OWN)).toBeNull();
    expect(safeRedirectTarget('https://shop.example@evil.example/', OWN)).toBeNull();
  });

  it('DESIGN §6: control characters are refused (tab, newline, NUL, DEL), also encoded', () => {
    expect(safeRedirectTarget('/acc\tount', OWN)).toBeNull();
    expect(safeRedirectTarget('/account\n/x', OWN)).toBeNull();
    expect(safeRedirectTarget('java\tscript:alert(1)', OWN)).toBeNull();
    expect(safeRedirectTarget('/x%00', OWN)).toBeNull();
    expect(safeRedirectTarget('/x%0d%0aSet-Cookie:a=b', OWN)).toBeNull();
    expect(safeRedirectTarget('/x\u007f', OWN)).toBeNull();
  });

  it('DESIGN §6: malformed percent-encoding is refused', () => {
    expect(safeRedirectTarget('%E0%A4%A', OWN)).toBeNull();
    expect(safeRedirectTarget('/account%', OWN)).toBeNull();
    expect(safeRedirectTarget('%zz', OWN)).toBeNull();
  });

  it('DESIGN §6: an empty or missing target gives null', () => {
    expect(safeRedirectTarget('', OWN)).toBeNull();
    expect(safeRedirectTarget('   ', OWN)).toBeNull();
    expect(safeRedirectTarget('%20', OWN)).toBeNull();
    expect(safeRedirectTarget(null, OWN)).toBeNull();
    expect(safeRedirectTarget(undefined, OWN)).toBeNull();
  });
});
