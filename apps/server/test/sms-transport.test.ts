/**
 * The SMS transport (issue 10 Phone verification: a pluggable interface, an outbox for demo and
 * development, and a real provider over HTTP tested against a local stand-in): Twilio's REST API
 * spoken to a stand-in that checks the path, Basic auth and form fields; its configuration; and
 * the verification call through a server that sends with it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { AppError } from '../src/errors.js';
import { shippedMessages } from '../src/i18n/catalogues.js';
import { SmsSendError, smsTransportFor } from '../src/integrations/sms/index.js';
import { unconfiguredTransport } from '../src/integrations/sms/sms-transport.js';
import { toE164, twilioTransport } from '../src/integrations/sms/twilio.js';
import { phoneRepository, smsLetterbox } from '../src/modules/phone/repository.js';
import { phoneVerificationService } from '../src/modules/phone/service.js';
import { TestBrowser } from './support/browser.js';
import { freePort } from './support/ports.js';
import { signIn } from './support/sign-in.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { type SmsGatewayStandIn, smsGatewayStandIn } from './support/stand-ins/sms-gateway.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'stand-in-auth-token-0123456789abcdef';
const FROM = '+15005550006';
const SERVICE = 'MG0123456789abcdef0123456789abcdef';
const MESSAGES_PATH = `/2010-04-01/Accounts/${SID}/Messages.json`;
const SEND = '/account/api/v1/shopUser/sendVerifySms';
const VERIFY = '/account/api/v1/shopUser/verifyTelephoneNumber';
const ME = '/account/api/v1/shopuser/me';
const SOFIA_PHONE = '+32 470123456';
const SOFIA_EMAIL = 'sofia.jansen@example.com';

let twilio: Served<SmsGatewayStandIn>;
let server: TestServer;

beforeAll(async () => {
  twilio = await serveStandIn((app) =>
    smsGatewayStandIn(app, { accountSid: SID, authToken: TOKEN, senders: [FROM], messagingServices: [SERVICE] }),
  );
  server = await startServer({
    env: {
      SMS_TRANSPORT: 'twilio',
      SMS_API_URL: twilio.baseUrl,
      SMS_TIMEOUT_MS: '500',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
      PHONE_CODE_RESEND_INTERVAL: '0',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
});
beforeEach(async () => {
  twilio.outage(null);
  twilio.requests.length = 0;
  twilio.sent.length = 0;
  const db = server.app.db.kysely;
  await db.deleteFrom('telephoneVerifications').execute();
  await db.deleteFrom('rateLimits').execute();
  await db.updateTable('shoppers').set({ telephoneVerifyDate: null }).where('email', '=', SOFIA_EMAIL).execute();
});

const transport = (overrides: Partial<Parameters<typeof twilioTransport>[0]> = {}) =>
  twilioTransport({
    accountSid: SID,
    authToken: TOKEN,
    from: FROM,
    apiUrl: twilio.baseUrl,
    fetch: globalThis.fetch,
    ...overrides,
  });

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function rejection(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Twilio transport against the stand-in', () => {
  it('POSTs To (E.164), From and Body form-encoded to the account’s Messages.json with Basic auth', async () => {
    await transport().send(SOFIA_PHONE, 'Your Fjord & Pine verification code is 123456.');
    expect(twilio.requests).toEqual([
      {
        method: 'POST',
        path: MESSAGES_PATH,
        contentType: 'application/x-www-form-urlencoded',
        authorization: basic(SID, TOKEN),
        form: { To: '+32470123456', From: FROM, Body: 'Your Fjord & Pine verification code is 123456.' },
      },
    ]);
    expect(twilio.sent).toMatchObject([{ to: '+32470123456', from: FROM }]);
  });

  it('sends through a messaging service instead of a sender number when one is configured', async () => {
    await transport({ from: undefined, messagingServiceSid: SERVICE }).send('+31 612345678', 'Hi');
    expect(twilio.requests[0]?.form).toEqual({ To: '+31612345678', MessagingServiceSid: SERVICE, Body: 'Hi' });
  });

  it('writes stored numbers as E.164', () => {
    expect(toE164('+32 470123456')).toBe('+32470123456');
    expect(toE164('+41 (79) 123-45-67')).toBe('+41791234567');
  });

  it('a refused login (wrong token) is an error naming Twilio’s status and code', async () => {
    const error = await rejection(transport({ authToken: 'wrong' }).send(SOFIA_PHONE, 'Hi'));
    expect(error.message).toBe('Twilio answered 401 (error 20003): Authenticate');
    expect(error.providerCode).toBe(20003);
    expect(error.message).not.toContain('wrong');
    expect(twilio.sent).toEqual([]);
  });

  it('a Twilio error answer (sender not ours, region not enabled) is an error', async () => {
    const notOurs = await rejection(transport({ from: '+15550000000' }).send(SOFIA_PHONE, 'Hi'));
    expect(notOurs.providerCode).toBe(21606);
    twilio.outage('refuse');
    const refused = await rejection(transport().send(SOFIA_PHONE, 'Hi'));
    expect(refused.message).toMatch(/^Twilio answered 400 \(error 21408\): Permission to send an SMS/);
  });

  it('a server error without JSON is an error', async () => {
    twilio.outage('server-error');
    expect((await rejection(transport().send(SOFIA_PHONE, 'Hi'))).message).toBe('Twilio answered 500');
  });

  it('gives up after the timeout when Twilio does not answer', async () => {
    twilio.outage('hang');
    const started = Date.now();
    const error = await rejection(transport({ timeoutMs: 300 }).send(SOFIA_PHONE, 'Hi'));
    expect(error.message).toBe('Twilio did not answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an unreachable API is an error', async () => {
    const closed = await freePort();
    const error = await rejection(transport({ apiUrl: `http://127.0.0.1:${closed}` }).send(SOFIA_PHONE, 'Hi'));
    expect(error.message).toMatch(/^Twilio unreachable/);
  });
});

describe('SMS configuration', () => {
  const base = { SESSION_SECRET: randomBytes(32).toString('hex'), DATA_DIR: '/tmp/account-sms-config' };

  it('demo mode uses the outbox; outside demo mode no provider means none (sending fails loudly)', () => {
    expect(loadConfig({ ...base, DEMO: 'true' }).sms).toEqual({ transport: 'outbox' });
    expect(loadConfig(base).sms).toEqual({ transport: 'none' });
    expect(loadConfig({ ...base, SMS_TRANSPORT: 'outbox' }).sms).toEqual({ transport: 'outbox' });
  });

  it('Twilio settings choose Twilio, with the real API and a 5 s timeout by default', () => {
    const config = loadConfig({
      ...base,
      DEMO: 'true',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
    });
    expect(config.sms).toEqual({
      transport: 'twilio',
      accountSid: SID,
      authToken: TOKEN,
      from: FROM,
      messagingServiceSid: undefined,
      apiUrl: 'https://api.twilio.com',
      timeoutMs: 5000,
    });
  });

  it('SMS_TRANSPORT=twilio without its settings stops the start with a readable message', () => {
    expect(() => loadConfig({ ...base, SMS_TRANSPORT: 'twilio', TWILIO_ACCOUNT_SID: SID })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMS_TRANSPORT: 'twilio', TWILIO_ACCOUNT_SID: SID })).toThrow(
      /TWILIO_AUTH_TOKEN: required when SMS_TRANSPORT is twilio[\s\S]*TWILIO_FROM: required/,
    );
    expect(() => loadConfig({ ...base, SMS_TRANSPORT: 'carrier-pigeon' })).toThrow(
      /SMS_TRANSPORT: must be outbox or twilio/,
    );
    expect(() => loadConfig({ ...base, SMS_API_URL: 'ftp://x' })).toThrow(/SMS_API_URL/);
  });

  it('the verification limits default to 600 s codes, 5 codes an hour, 30 s apart, 30 submissions an hour, 10 codes an hour per client address and 500 in all', () => {
    expect(loadConfig(base).phoneVerification).toEqual({
      codeTtlSeconds: 600,
      resendsPerHour: 5,
      resendIntervalSeconds: 30,
      verifyAttemptsPerHour: 30,
      sendsPerAddressPerHour: 10,
      sendsInAllPerHour: 500,
    });
    expect(loadConfig({ ...base, PHONE_CODE_TTL: '120' }).phoneVerification.codeTtlSeconds).toBe(120);
    expect(
      loadConfig({ ...base, PHONE_CODE_IP_LIMIT: '3', PHONE_CODE_GLOBAL_LIMIT: '40' }).phoneVerification,
    ).toMatchObject({ sendsPerAddressPerHour: 3, sendsInAllPerHour: 40 });
    expect(() => loadConfig({ ...base, PHONE_CODE_GLOBAL_LIMIT: '0' })).toThrow(
      /PHONE_CODE_GLOBAL_LIMIT: must be a whole number/,
    );
    expect(() => loadConfig({ ...base, PHONE_CODE_TTL: '0' })).toThrow(/PHONE_CODE_TTL: must be a whole number/);
  });
});

describe(`Phone verification through the Twilio transport (${databaseKind})`, () => {
  async function sofia(): Promise<TestBrowser> {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-sofia');
    return browser;
  }
  const send = (browser: TestBrowser) => browser.request({ method: 'POST', url: SEND, body: {} });

  it('§7 sendVerifySms texts the code through Twilio; that code verifies the number', async () => {
    const browser = await sofia();
    const response = await send(browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ telephoneVerifyExpireIn: 600 });
    expect(twilio.requests).toHaveLength(1);
    expect(twilio.requests[0]).toMatchObject({ path: MESSAGES_PATH, authorization: basic(SID, TOKEN) });
    const form = twilio.requests[0]!.form;
    expect(form).toMatchObject({ To: '+32470123456', From: FROM });
    const code = form.Body?.match(/\b(\d{6})\b/)?.[1];
    expect(form.Body).toBe(`Je verificatiecode voor Fjord & Pine is ${code}. De code verloopt over 10 minuten.`);
    // Nothing lands in the letterbox when a provider sends.
    expect(await server.app.db.kysely.selectFrom('smsOutbox').select('id').execute()).toEqual([]);

    const verified = await browser.request({ method: 'POST', url: VERIFY, body: { Code: code } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ isTelephoneVerified: true });
  });

  it.each([
    ['refuses the message', 'refuse'],
    ['fails', 'server-error'],
    ['does not answer in time', 'hang'],
  ] as const)('when Twilio %s the call answers 503 sms_unavailable and stores no code', async (_what, outage) => {
    const browser = await sofia();
    twilio.outage(outage);
    const response = await send(browser);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 503, code: 'sms_unavailable' });
    expect(twilio.requests).toHaveLength(1);
    expect(await server.app.db.kysely.selectFrom('telephoneVerifications').select('id').execute()).toEqual([]);
    const account = (await browser.request(ME)).json();
    expect(account).toMatchObject({ hasValidTelephoneVerificationCode: false, telephoneVerifyExpireIn: null });
  });

  it('a failed text keeps the code sent before it usable', async () => {
    const browser = await sofia();
    expect((await send(browser)).statusCode).toBe(200);
    const code = twilio.requests[0]!.form.Body?.match(/\b(\d{6})\b/)?.[1];
    twilio.outage('refuse');
    expect((await send(browser)).statusCode).toBe(503);
    twilio.outage(null);
    const verified = await browser.request({ method: 'POST', url: VERIFY, body: { Code: code } });
    expect(verified.statusCode).toBe(200);
  });

  it('without a configured provider sending answers 503 sms_unavailable instead of dropping the text', async () => {
    const db = server.app.db.kysely;
    const sofiaId = (
      await db.selectFrom('shoppers').select('id').where('email', '=', SOFIA_EMAIL).executeTakeFirstOrThrow()
    ).id;
    const errors: unknown[] = [];
    const phone = phoneVerificationService(phoneRepository(db), {
      secret: 'x'.repeat(40),
      codeTtlSeconds: 600,
      transport: smsTransportFor({ transport: 'none' }, { keep: smsLetterbox(db).keep, fetch: globalThis.fetch }),
      companyName: async () => 'Fjord & Pine',
      texts: async (preference) => shippedMessages(preference),
    });
    const error = await phone
      .sendCode(sofiaId, { throttle: async () => {}, log: { error: (...args: unknown[]) => errors.push(args) } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: 'sms_unavailable' });
    expect(errors).toHaveLength(1);
    expect(await db.selectFrom('telephoneVerifications').select('id').execute()).toEqual([]);
    await expect(unconfiguredTransport().send('+1', 'x')).rejects.toThrow(/No SMS provider is configured/);
  });
});
