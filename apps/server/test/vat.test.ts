/**
 * VAT numbers (spec §5 Address form, §7 POST /setting/validateVatNumber, §8 Invalid VAT number):
 * the offline format and check-digit test for every EU member state (Greece's numbers carry EL,
 * its ISO code is GR), nothing outside the EU, and the EU's VIES register when configured, spoken
 * to over HTTP against a local stand-in: its "invalid" counts, its outages fall back to the
 * offline result. The same check guards company addresses under the EU VAT reverse charge.
 */
import { randomBytes } from 'node:crypto';
import { Address } from '@account/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { vatCheck } from '../src/integrations/vat/vat-check.js';
import { EU_MEMBER_STATES, offlineVatNumber } from '../src/integrations/vat/vat-number.js';
import { viesClient } from '../src/integrations/vat/vies.js';
import { anonymous, type TestBrowser } from './support/browser.js';
import { freePort } from './support/ports.js';
import { signedIn } from './support/sign-in.js';
import { serveStandIn } from './support/stand-ins/local-server.js';
import { VIES_PATH, viesStandIn } from './support/stand-ins/vies.js';
import { forSuite } from './support/suite.js';
import { databaseKind, startServer } from './support/test-app.js';

/** Per member state: a number (without prefix) with a correct check digit, and one with a wrong one. */
const NUMBERS: Record<string, [valid: string, wrongCheckDigit: string]> = {
  AT: ['U12345675', 'U12345676'],
  BE: ['0123456749', '0123456740'],
  BG: ['123456786', '123456787'],
  CY: ['10259033P', '10259034P'],
  CZ: ['12345679', '12345670'],
  DE: ['123456788', '123456789'],
  DK: ['12345674', '12345675'],
  EE: ['100000007', '100000008'],
  ES: ['A12345674', 'A12345675'],
  FI: ['12345671', '12345672'],
  FR: ['32123456789', '32123456780'],
  GR: ['123456783', '123456784'],
  HR: ['12345678903', '12345678904'],
  HU: ['12345676', '12345677'],
  IE: ['1234567T', '1234568T'],
  IT: ['12345670017', '12345670018'],
  LT: ['123456715', '123456716'],
  LU: ['12345613', '12345614'],
  LV: ['40000000000', '40000000001'],
  MT: ['12345634', '12345635'],
  NL: ['859048378B01', '859048377B01'],
  PL: ['1234567890', '1234567891'],
  PT: ['123456789', '123456780'],
  RO: ['12345674', '12345675'],
  SE: ['123456789701', '123456789801'],
  SI: ['12345679', '12345670'],
  SK: ['1234567807', '1234567808'],
};
const prefixOf = (iso: string) => (iso === 'GR' ? 'EL' : iso);
const MEMBER_STATES = Object.keys(NUMBERS);

describe('§5 VAT number: offline format and check digit per EU member state', () => {
  it('covers exactly the 27 member states', () => {
    expect([...EU_MEMBER_STATES].sort()).toEqual([...MEMBER_STATES].sort());
    expect(MEMBER_STATES).toHaveLength(27);
  });

  it.each(MEMBER_STATES)(
    '%s: valid with or without its prefix, spaces, dots or dashes; a wrong check digit is not',
    (iso) => {
      const [valid, wrong] = NUMBERS[iso]!;
      const prefix = prefixOf(iso);
      const expected = { countryCode: prefix, number: valid };
      expect(offlineVatNumber(`${prefix}${valid}`, iso)).toEqual(expected);
      expect(offlineVatNumber(valid, iso)).toEqual(expected);
      const spaced =
        `${prefix.toLowerCase()} ${valid.slice(0, 3)}.${valid.slice(3, 6)}-${valid.slice(6)}`.toLowerCase();
      expect(offlineVatNumber(` ${spaced} `, iso.toLowerCase())).toEqual(expected);
      expect(offlineVatNumber(`${prefix}${wrong}`, iso)).toBeNull();
      expect(offlineVatNumber(wrong, iso)).toBeNull();
    },
  );

  it('Greece: the VAT prefix is EL while the ISO code is GR; both prefixes are accepted, VIES gets EL', () => {
    const expected = { countryCode: 'EL', number: '123456783' };
    for (const given of ['EL123456783', 'GR123456783', '123456783', 'el 123-456-783']) {
      expect(offlineVatNumber(given, 'GR')).toEqual(expected);
    }
    // EL is not a country code.
    expect(offlineVatNumber('EL123456783', 'EL')).toBeNull();
  });

  it('a country outside the EU is invalid, even with a number well-formed for that country', () => {
    expect(offlineVatNumber('CHE-116.281.710 MWST', 'CH')).toBeNull();
    expect(offlineVatNumber('GB980780684', 'GB')).toBeNull();
    expect(offlineVatNumber('NO974760673MVA', 'NO')).toBeNull();
    expect(offlineVatNumber('123456789', 'US')).toBeNull();
    expect(offlineVatNumber('EU123456789', 'EU')).toBeNull();
    expect(offlineVatNumber('NL859048378B01', '')).toBeNull();
  });

  it('a malformed number, or another member state’s number, is invalid', () => {
    for (const given of [
      '',
      '   ',
      'NL',
      'B01',
      'NL859048378B0!',
      'NL859048378B01X',
      'NL85904837',
      `NL${'1'.repeat(30)}`,
    ]) {
      expect(offlineVatNumber(given, 'NL'), given).toBeNull();
    }
    expect(offlineVatNumber('BE0123456749', 'NL')).toBeNull();
    expect(offlineVatNumber('DE123456788', 'AT')).toBeNull();
  });
});

describe('EU VIES over HTTP (a local stand-in)', () => {
  const standIn = forSuite(() => serveStandIn((app) => viesStandIn(app, ['NL859048378B01', 'EL123456783'])));
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const log = { warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }) };
  const url = () => `${standIn().baseUrl}${VIES_PATH}`;
  const check = (timeoutMs = 300) =>
    vatCheck({ vies: viesClient({ url: url(), timeoutMs, fetch: globalThis.fetch }), log });

  beforeEach(() => {
    standIn().outage(null);
    standIn().requests.length = 0;
    warnings.length = 0;
  });

  it('asks VIES with the prefix and the number without it, as JSON; a registered number is valid', async () => {
    expect(await check().isValid('NL 8590.48378-B01', 'NL')).toBe(true);
    expect(standIn().requests).toEqual([
      { contentType: 'application/json', body: { countryCode: 'NL', vatNumber: '859048378B01' } },
    ]);
    expect(warnings).toEqual([]);
  });

  it('Greece is asked for as EL', async () => {
    expect(await check().isValid('GR123456783', 'GR')).toBe(true);
    expect(standIn().requests.map((r) => r.body)).toEqual([{ countryCode: 'EL', vatNumber: '123456783' }]);
  });

  it('VIES answering valid: false makes a well-formed number invalid', async () => {
    expect(await check().isValid('DE123456788', 'DE')).toBe(false);
    expect(standIn().requests).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('a number failing the offline check is invalid without asking VIES', async () => {
    expect(await check().isValid('NL859048377B01', 'NL')).toBe(false);
    expect(await check().isValid('CHE-116.281.710 MWST', 'CH')).toBe(false);
    expect(standIn().requests).toEqual([]);
  });

  it.each([
    ['no answer within the timeout', 'hang', /300 ms/],
    ['a server error page', 'server-error', /HTTP 500/],
    ['VIES reporting the member state unavailable', 'ms-unavailable', /MS_UNAVAILABLE/],
  ] as const)('%s: the offline result stands, and it is logged', async (_, outage, reason) => {
    standIn().outage(outage);
    const started = Date.now();
    expect(await check().isValid('DE123456788', 'DE')).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await check().isValid('DE123456789', 'DE')).toBe(false);
    expect(warnings).toEqual([
      {
        details: { countryCode: 'DE', reason: expect.stringMatching(reason) },
        message: expect.stringContaining('VIES'),
      },
    ]);
  });

  it('VIES unreachable: the offline result stands, and it is logged', async () => {
    const closed = await freePort();
    const unreachable = vatCheck({
      vies: viesClient({ url: `http://127.0.0.1:${closed}${VIES_PATH}`, timeoutMs: 300, fetch: globalThis.fetch }),
      log,
    });
    expect(await unreachable.isValid('NL859048378B01', 'NL')).toBe(true);
    expect(warnings).toEqual([
      { details: { countryCode: 'NL', reason: expect.stringMatching(/unreachable/) }, message: expect.any(String) },
    ]);
  });

  it('the stand-in refuses an ISO code VIES does not know (GR), as VIES does', async () => {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ countryCode: 'GR', vatNumber: '123456783' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      actionSucceed: false,
      errorWrappers: [{ error: 'INVALID_INPUT', message: null }],
    });
  });
});

describe('VIES configuration', () => {
  const base = { SESSION_SECRET: randomBytes(32).toString('hex') };

  it('VIES_URL turns VIES on; VIES_TIMEOUT_MS defaults to 3000', () => {
    expect(loadConfig(base).vies).toBeUndefined();
    const url = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';
    expect(loadConfig({ ...base, VIES_URL: url }).vies).toEqual({ url, timeoutMs: 3000 });
    expect(loadConfig({ ...base, VIES_URL: url, VIES_TIMEOUT_MS: '500' }).vies).toEqual({ url, timeoutMs: 500 });
  });

  it('a bad value stops startup with a message naming the variable', () => {
    expect(() => loadConfig({ ...base, VIES_URL: 'ftp://example.com/vies' })).toThrow(/VIES_URL/);
    expect(() => loadConfig({ ...base, VIES_URL: 'https://x.example', VIES_TIMEOUT_MS: 'soon' })).toThrow(
      /VIES_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ ...base, VIES_TIMEOUT_MS: '0' })).toThrow(ConfigError);
  });
});

const VALIDATE = '/account/api/v1/setting/validateVatNumber';
const VALIDATE_EMAIL = '/account/api/v1/setting/validateEmail';
const ADDRESS = '/account/api/v1/address';

const validate = (browser: TestBrowser, body: unknown) => browser.request({ method: 'POST', url: VALIDATE, body });
const INVALID = {
  status: 400,
  code: 'validation_failed',
  message: expect.any(String),
  fields: { VatNumber: 'ac_VatNumberIsInvalidMessage' },
};

describe(`§7 POST /setting/validateVatNumber, offline (${databaseKind})`, () => {
  const server = forSuite(() => startServer());

  it('§7 success means valid: {valid: true}; failure means invalid: 400 with ac_VatNumberIsInvalidMessage', async () => {
    const browser = await signedIn(server(), 'demo-noah');
    for (const [vatNumber, country] of [
      ['NL859048378B01', 'NL'],
      ['859048378B01', 'nl'],
      ['EL123456783', 'GR'],
      ['GR 123 456 783', 'GR'],
      ['DE 123.456.788', 'DE'],
    ]) {
      const response = await validate(browser, { VatNumber: vatNumber, Country: country });
      expect(response.statusCode, `${vatNumber} ${country}`).toBe(200);
      expect(response.json()).toEqual({ valid: true });
    }
    for (const [vatNumber, country] of [
      ['NL859048377B01', 'NL'],
      ['NL859048378B01', 'BE'],
      ['CHE-116.281.710 MWST', 'CH'],
      ['GB980780684', 'GB'],
      ['', 'NL'],
      ['not a number', 'NL'],
      ['NL859048378B01', ''],
    ]) {
      const response = await validate(browser, { VatNumber: vatNumber, Country: country });
      expect(response.statusCode, `${vatNumber} ${country}`).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
  });

  it('§7 a malformed body is a 400 with the invalid-VAT key, never a 5xx', async () => {
    const browser = await signedIn(server(), 'demo-noah');
    expect((await validate(browser, { VatNumber: 'NL'.repeat(17), Country: 'NL' })).json()).toEqual(INVALID);
    expect((await validate(browser, { VatNumber: 'NL859048378B01', Country: 'NLD' })).json()).toEqual({
      ...INVALID,
      fields: { Country: 'ac_VatNumberIsInvalidMessage' },
    });
    expect((await validate(browser, {})).statusCode).toBe(400);
  });

  it('§6 needs sign-in (401) and the cross-site request token (403)', async () => {
    const body = { VatNumber: 'NL859048378B01', Country: 'NL' };
    expect((await validate(await anonymous(server()), body)).statusCode).toBe(401);
    const browser = await signedIn(server(), 'demo-noah');
    const response = await browser.request({ method: 'POST', url: VALIDATE, body, withoutXsrf: true });
    expect(response.statusCode).toBe(403);
  });

  it('DESIGN §6: rate-limited together with validateEmail, per client address (429 with Retry-After)', async () => {
    const browser = await signedIn(server(), 'demo-noah');
    for (let i = 0; i < 30; i++) {
      expect(
        (await browser.request({ method: 'POST', url: VALIDATE_EMAIL, body: { Email: 'a@example.com' } })).statusCode,
      ).toBe(200);
      expect((await validate(browser, { VatNumber: 'NL859048378B01', Country: 'NL' })).statusCode).toBe(200);
    }
    for (const response of [
      await validate(browser, { VatNumber: 'NL859048378B01', Country: 'NL' }),
      await browser.request({ method: 'POST', url: VALIDATE_EMAIL, body: { Email: 'a@example.com' } }),
    ]) {
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client address still has its own allowance.
    expect(
      (await validate(await signedIn(server(), 'demo-noah'), { VatNumber: 'NL859048378B01', Country: 'NL' }))
        .statusCode,
    ).toBe(200);
  });
});

describe(`VIES through the server (${databaseKind})`, () => {
  const standIn = forSuite(() => serveStandIn((app) => viesStandIn(app, ['NL859048378B01'])));
  const server = forSuite(() =>
    startServer({ env: { VIES_URL: `${standIn().baseUrl}${VIES_PATH}`, VIES_TIMEOUT_MS: '300' } }),
  );
  beforeEach(() => {
    standIn().outage(null);
    standIn().requests.length = 0;
  });

  it('§7 validateVatNumber: registered in VIES is valid; well-formed but unknown to VIES is not', async () => {
    const browser = await signedIn(server(), 'demo-noah');
    expect((await validate(browser, { VatNumber: 'NL859048378B01', Country: 'NL' })).json()).toEqual({ valid: true });
    expect((await validate(browser, { VatNumber: 'DE123456788', Country: 'DE' })).json()).toEqual(INVALID);
    expect(standIn().requests.map((r) => r.body)).toEqual([
      { countryCode: 'NL', vatNumber: '859048378B01' },
      { countryCode: 'DE', vatNumber: '123456788' },
    ]);
  });

  it('§7 validateVatNumber: a VIES outage does not block the shopper (the offline check stands)', async () => {
    const browser = await signedIn(server(), 'demo-noah');
    standIn().outage('hang');
    expect((await validate(browser, { VatNumber: 'DE123456788', Country: 'DE' })).json()).toEqual({ valid: true });
    expect((await validate(browser, { VatNumber: 'DE123456789', Country: 'DE' })).json()).toEqual(INVALID);
  });

  it('§5 Address form: with the EU VAT reverse charge a company address gets the same check', async () => {
    const browser = await signedIn(server(), 'new');
    const company = {
      AddressType: 1,
      FirstName: 'Jonas',
      LastName: 'Weber',
      CompanyName: 'Weber GmbH',
      VatNumber: 'DE123456788',
      Email: 'jonas.weber@example.com',
      ConfirmEmail: 'jonas.weber@example.com',
      Telephone: '+49 301234567',
      ConfirmTelephone: '+49 301234567',
      Country: 'DE',
      Address: 'Unter den Linden',
      AddressNumber: '5',
      ZipCode: '10117',
      City: 'Berlin',
    };
    const rejected = await browser.request({ method: 'POST', url: ADDRESS, body: company });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toEqual(INVALID);
    expect(standIn().requests.map((r) => r.body)).toEqual([{ countryCode: 'DE', vatNumber: '123456788' }]);
    const saved = await browser.request({
      method: 'POST',
      url: ADDRESS,
      body: { ...company, VatNumber: 'NL859048378B01', Country: 'NL' },
    });
    expect(saved.statusCode).toBe(200);
    expect(Address.parse(saved.json()).vatNumber).toBe('NL859048378B01');
    standIn().outage('ms-unavailable');
    const duringOutage = await browser.request({ method: 'POST', url: ADDRESS, body: company });
    expect(duringOutage.statusCode).toBe(200);
  });
});
