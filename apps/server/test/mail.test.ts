/**
 * Issue 19, mail transport: emails to a real SMTP server started by the test (envelope, headers,
 * both parts, the code), the timeout, logging in, STARTTLS required; the templates in English,
 * Dutch and German; the durable notice queue (retries, a restart, two instances on one database);
 * the settings; and the /demo-mail outbox page.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type MailConfig } from '../src/config.js';
import { type Db, openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { DEMO_COMPANY } from '../src/db/seed/reference-data.js';
import { shippedMessages } from '../src/i18n/catalogues.js';
import { letterboxTransport } from '../src/integrations/mail/letterbox.js';
import { smtpTransport } from '../src/integrations/mail/smtp.js';
import { mailRepository } from '../src/modules/mail/repository.js';
import {
  type Branding,
  type MailMessage,
  MailSendError,
  type MailTransport,
  mailServices,
  renderMail,
} from '../src/modules/mail/service.js';
import { type SmtpTestServer, startSmtpServer } from './fixtures/smtp-server.js';
import { databaseIndependent, freshDatabase, startServer, type TestServer } from './support/test-app.js';

const BRANDING: Branding = {
  companyName: 'Groen & Zonen',
  logoUrl: 'https://shop.example/logo.png',
  primaryColour: '#1f6f5c',
  accountUrl: 'https://shop.example/account',
};

const SIGN_IN: MailMessage = { kind: 'sign-in-code', code: '482910', ttlSeconds: 600 };

/** The mail settings from an environment, as the server reads them. */
function mailConfig(env: Record<string, string>): MailConfig {
  return loadConfig({
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'account-mail-')),
    ...env,
  }).mail;
}

const smtpEnv = (smtp: SmtpTestServer, env: Record<string, string> = {}) => ({
  MAIL_TRANSPORT: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_STARTTLS: 'opportunistic',
  MAIL_FROM: 'no-reply@shop.example',
  ...env,
});

const warnings: string[] = [];
const log = { warn: (_details: object, message: string) => warnings.push(message) };

/** The mailer over a database, as services.ts builds it. */
function mail(config: MailConfig, db: Db, transport?: MailTransport) {
  return mailServices(config, {
    repository: mailRepository(db.kysely, db.kind),
    kind: db.kind,
    branding: async () => BRANDING,
    texts: async (preference) => shippedMessages(preference),
    log,
    ...(transport && { transport }),
  });
}

describe.runIf(databaseIndependent)('issue 19: sending an email over SMTP', () => {
  let smtp: SmtpTestServer;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' });
    await migrateToLatest(db);
  });
  afterEach(async () => {
    for (const item of opened.splice(0)) await item.close();
    await smtp?.close();
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  function mailer(env: Record<string, string> = {}) {
    const services = mail(mailConfig(smtpEnv(smtp, env)), db);
    opened.push(services);
    return services.mailer;
  }

  it('delivers the code with the right envelope, headers and both parts', async () => {
    smtp = await startSmtpServer();
    await mailer().send('emma@example.com', 'en-GB', SIGN_IN);

    const [received] = await smtp.waitFor(1);
    expect(received?.envelope).toEqual({ from: 'no-reply@shop.example', to: ['emma@example.com'] });
    const parsed = received?.mail;
    expect(parsed?.from?.value).toEqual([{ name: 'Groen & Zonen', address: 'no-reply@shop.example' }]);
    expect(parsed?.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([
      { name: '', address: 'emma@example.com' },
    ]);
    expect(parsed?.subject).toBe('Your sign-in code for Groen & Zonen');
    expect(parsed?.date).toBeInstanceOf(Date);
    expect(Math.abs((parsed?.date?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(parsed?.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    expect(parsed?.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed?.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed?.text).toContain('482910');
    expect(parsed?.text).toContain('10 minutes');
    expect(parsed?.html).toContain('482910');
    expect(parsed?.html).toContain('Groen &amp; Zonen');
  });

  it('keeps MAIL_FROM’s own display name', async () => {
    smtp = await startSmtpServer();
    await mailer({ MAIL_FROM: 'Webshop Service <service@shop.example>' }).send('emma@example.com', null, SIGN_IN);
    const [received] = await smtp.waitFor(1);
    expect(received?.envelope.from).toBe('service@shop.example');
    expect(received?.mail.from?.value).toEqual([{ name: 'Webshop Service', address: 'service@shop.example' }]);
  });

  it('logs in with SMTP_USER and SMTP_PASSWORD, and a refused login is a MailSendError', async () => {
    smtp = await startSmtpServer({ auth: { user: 'mailer', password: 's3cret-pass' } });
    await mailer({ SMTP_USER: 'mailer', SMTP_PASSWORD: 's3cret-pass' }).send('emma@example.com', null, SIGN_IN);
    const [received] = await smtp.waitFor(1);
    expect(received?.user).toBe('mailer');

    const refused = mailer({ SMTP_USER: 'mailer', SMTP_PASSWORD: 'wrong' }).send('emma@example.com', null, SIGN_IN);
    await expect(refused).rejects.toBeInstanceOf(MailSendError);
    expect(smtp.messages).toHaveLength(1);
  });

  it('with STARTTLS required (the default) never sends in the clear to a server without it', async () => {
    smtp = await startSmtpServer();
    const error = await mailer({ SMTP_STARTTLS: 'required' })
      .send('emma@example.com', null, SIGN_IN)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailSendError);
    expect(smtp.messages).toHaveLength(0);
  });

  it.each([
    ['does not answer the data', 'hang'],
    ['never greets', 'hang-on-connect'],
  ] as const)(
    'when the mail server %s, sending fails with MailSendError within MAIL_TIMEOUT_MS',
    async (_what, behaviour) => {
      smtp = await startSmtpServer({ behaviour });
      const timeoutMs = 400;
      const started = performance.now();
      const error = await mailer({ MAIL_TIMEOUT_MS: String(timeoutMs) })
        .send('emma@example.com', null, SIGN_IN)
        .catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(MailSendError);
      // The outer deadline cuts every wait off at the timeout; scheduling on a busy machine adds a little.
      expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 50);
      expect(elapsed).toBeLessThan(timeoutMs + 4_000);
    },
  );

  it('every send is told to the metrics as sent or failed', async () => {
    smtp = await startSmtpServer();
    const outcomes: boolean[] = [];
    const services = mailServices(mailConfig(smtpEnv(smtp)), {
      repository: mailRepository(db.kysely, db.kind),
      kind: db.kind,
      branding: async () => BRANDING,
      texts: async (preference) => shippedMessages(preference),
      log,
      onSend: (sent) => outcomes.push(sent),
    });
    opened.push(services);
    await services.mailer.send('emma@example.com', 'en', SIGN_IN);
    smtp.behaviour = 'refuse';
    await expect(services.mailer.send('emma@example.com', 'en', SIGN_IN)).rejects.toBeInstanceOf(MailSendError);
    expect(outcomes).toEqual([true, false]);
  });

  it('a refused recipient is a permanent MailSendError with the SMTP reply code', async () => {
    smtp = await startSmtpServer({ behaviour: 'refuse-recipients' });
    const transport = smtpTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      startTls: 'opportunistic',
      auth: undefined,
      timeoutMs: 5_000,
    });
    opened.push(transport);
    const error = await transport
      .send('nobody@example.com', renderMail(SIGN_IN, shippedMessages('en'), BRANDING, 'no-reply@shop.example'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailSendError);
    expect(error).toMatchObject({ responseCode: 550, permanent: true });
  });
});

describe.runIf(databaseIndependent)('issue 19: the emails in the shopper’s language', () => {
  const render = (message: MailMessage, language: string | null) =>
    renderMail(message, shippedMessages(language), BRANDING, 'no-reply@shop.example');

  it.each([
    ['en-GB', 'en', 'Confirm your email address', '10 minutes'],
    ['nl-NL', 'nl', 'Bevestig je e-mailadres', '10 minuten'],
    ['de', 'de', 'Bestätigen Sie Ihre E-Mail-Adresse', '10 Minuten'],
  ])('a verification code for %s is worded in %s', (preference, lang, subject, ttl) => {
    const rendered = render({ kind: 'email-verification-code', code: '031337', ttlSeconds: 600 }, preference);
    expect(rendered.subject).toBe(subject);
    expect(rendered.html).toContain(`<html lang="${lang}"`);
    for (const part of [rendered.text, rendered.html]) {
      expect(part).toContain('031337');
      expect(part).toContain(ttl);
    }
  });

  it('a language the mails are not written in falls back to English', () => {
    expect(render(SIGN_IN, 'fr-BE').subject).toBe('Your sign-in code for Groen & Zonen');
    expect(render(SIGN_IN, null).subject).toBe('Your sign-in code for Groen & Zonen');
  });

  it('every notice is written in all three languages, with the shop’s name, logo and colour', () => {
    const notices: MailMessage[] = [
      { kind: 'email-change-requested', newEmail: 'new@example.com' },
      {
        kind: 'new-browser-sign-in',
        browser: 'Firefox on Windows',
        at: '2026-11-25T16:45:00.000Z',
        method: 'google',
        sessionsUrl: 'https://shop.example/account/security',
      },
      {
        kind: 'new-browser-sign-in',
        browser: 'Safari on iPhone',
        at: '2026-11-25T16:45:00.000Z',
        method: 'email',
        sessionsUrl: null,
      },
      { kind: 'phone-verified', telephone: '+31 612345678' },
      { kind: 'sign-in-method-linked', method: 'apple', detail: null },
      { kind: 'sign-in-method-removed', method: 'passkey', detail: 'MacBook' },
    ];
    for (const message of notices) {
      const subjects = new Set<string>();
      for (const language of ['en', 'nl', 'de']) {
        const rendered = render(message, language);
        subjects.add(rendered.subject);
        expect(rendered.html).toContain('src="https://shop.example/logo.png"');
        expect(rendered.html).toContain('alt="Groen &amp; Zonen"');
        expect(rendered.html).toContain('#1f6f5c');
        // The hidden preheader comes first in the body.
        expect(rendered.html).toMatch(/<body[^>]*>\s*<div style="display:none[^"]*">/);
        expect(rendered.text).toContain('Groen & Zonen');
        const link =
          message.kind === 'new-browser-sign-in' && message.sessionsUrl ? message.sessionsUrl : BRANDING.accountUrl;
        expect(rendered.html).toContain(`href="${link}"`);
        expect(rendered.text).toContain(link);
      }
      expect(subjects.size, message.kind).toBe(3);
    }
    expect(render(notices[1] as MailMessage, 'nl').text).toContain('25 november 2026');
  });

  it('values in the email are escaped, and only http(s) links become links', () => {
    const rendered = render(
      { kind: 'email-change-requested', newEmail: '"><script>alert(1)</script>@x.example' },
      'en',
    );
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;');
    const notice = render(
      { kind: 'new-browser-sign-in', browser: 'x', at: 'not a date', method: 'y', sessionsUrl: 'javascript:alert(1)' },
      'en',
    );
    expect(notice.html).not.toContain('javascript:');
    expect(notice.text).not.toContain('javascript:');
  });
});

describe('issue 19: security notices go through a durable queue', () => {
  let smtp: SmtpTestServer;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const open: { close(): Promise<void> }[] = [];

  const connect = async () => {
    const db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' });
    open.push(db);
    await migrateToLatest(db);
    return db;
  };
  /** One instance's mail services, dispatcher polling fast and retrying after 20 ms. */
  const instance = (db: Db) => {
    const services = mail(mailConfig(smtpEnv(smtp, { MAIL_POLL_INTERVAL_MS: '50', MAIL_RETRY_BASE_MS: '20' })), db);
    open.unshift({
      close: async () => {
        await services.dispatcher.stop();
        await services.close();
      },
    });
    return services;
  };
  const queueRows = (db: Db) =>
    db.kysely
      .selectFrom('mailQueue')
      .select(['id', 'state', 'attempts', 'lastError', 'leaseUntil'])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
    await smtp?.close();
    const db = await connect();
    await db.kysely.deleteFrom('mailQueue').execute();
    await db.close();
    open.splice(0);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('a notice the mail server refuses at first is retried and delivered exactly once', async () => {
    smtp = await startSmtpServer({ behaviour: 'refuse' });
    const db = await connect();
    const services = instance(db);
    services.dispatcher.start();
    await services.mailer.notify('emma@example.com', 'nl-NL', {
      kind: 'sign-in-method-linked',
      method: 'google',
      detail: null,
    });

    // Wait until the server has refused it twice (the second failure recorded), then let it through.
    const refusedTwice = (row: Awaited<ReturnType<typeof queueRows>>[number] | undefined) =>
      row !== undefined && row.attempts >= 2 && row.leaseUntil === null && row.lastError !== null;
    for (let rows = await queueRows(db); !refusedTwice(rows[0]); rows = await queueRows(db)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    smtp.behaviour = 'accept';
    const [received] = await smtp.waitFor(1);
    expect(received?.mail.subject).toBe('Er is een inlogmethode toegevoegd');
    expect(received?.envelope.to).toEqual(['emma@example.com']);

    await services.dispatcher.stop();
    expect(smtp.messages).toHaveLength(1);
    const [row] = await queueRows(db);
    expect(row).toMatchObject({ state: 'sent', lastError: null });
    expect(row?.attempts).toBeGreaterThanOrEqual(3);
    expect(await services.pendingCount()).toBe(0);
  });

  it('a notice survives a restart: queued while the mail server is down, sent by the next instance', async () => {
    smtp = await startSmtpServer({ behaviour: 'refuse' });
    const first = instance(await connect());
    first.dispatcher.start();
    await first.mailer.notify('emma@example.com', 'de', { kind: 'phone-verified', telephone: '+49 1512345678' });
    await expect.poll(async () => (await first.pendingCount()) === 1 && smtp.messages.length === 0).toBe(true);
    // The instance stops (a deploy) with the notice still unsent.
    for (const item of open.splice(0)) await item.close();

    smtp.behaviour = 'accept';
    const second = instance(await connect());
    second.dispatcher.start();
    const [received] = await smtp.waitFor(1);
    expect(received?.mail.subject).toBe('Ihre Telefonnummer ist bestätigt');
    await second.dispatcher.stop();
    expect(smtp.messages).toHaveLength(1);
  });

  it('two instances on one database send each notice once', async () => {
    smtp = await startSmtpServer();
    const a = instance(await connect());
    const b = instance(await connect());
    const count = 12;
    for (let i = 0; i < count; i++) {
      await a.mailer.notify(`shopper${i}@example.com`, 'en', {
        kind: 'sign-in-method-removed',
        method: `p${i}`,
        detail: null,
      });
    }
    a.dispatcher.start();
    b.dispatcher.start();
    await smtp.waitFor(count);
    await Promise.all([a.dispatcher.stop(), b.dispatcher.stop()]);
    // Nothing is left for either of them.
    expect(await a.dispatcher.runOnce()).toBe(0);
    expect(await b.dispatcher.runOnce()).toBe(0);
    const recipients = smtp.messages.flatMap((m) => m.envelope.to).sort();
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
  });

  it('a notice queued in a transaction that is rolled back is never sent', async () => {
    smtp = await startSmtpServer();
    const db = await connect();
    const services = instance(db);
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await services.mailer.notify('emma@example.com', 'en', { kind: 'phone-verified', telephone: '+31 6' }, trx);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await services.mailer.notify('emma@example.com', 'en', {
      kind: 'sign-in-method-linked',
      method: 'apple',
      detail: null,
    });
    expect(await services.dispatcher.runOnce()).toBe(1);
    expect(smtp.messages.map((m) => m.mail.subject)).toEqual(['A sign-in method was added']);
  });

  it('a recipient the server refuses for good is given up on, not retried', async () => {
    smtp = await startSmtpServer({ behaviour: 'refuse-recipients' });
    const db = await connect();
    const services = instance(db);
    await services.mailer.notify('gone@example.com', 'en', {
      kind: 'sign-in-method-linked',
      method: 'apple',
      detail: null,
    });
    expect(await services.dispatcher.runOnce()).toBe(1);
    const [row] = await queueRows(db);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row?.lastError).toContain('550');
    expect(await services.dispatcher.runOnce()).toBe(0);
  });

  it('a recipient that is not one plain address is refused for good, never sent to several', async () => {
    smtp = await startSmtpServer();
    const db = await connect();
    const services = instance(db);
    const list = 'emma@example.com, mallory@evil.example';
    await expect(services.mailer.send(list, 'en', SIGN_IN)).rejects.toMatchObject({ permanent: true });
    await services.mailer.notify(list, 'en', { kind: 'sign-in-method-linked', method: 'apple', detail: null });
    expect(await services.dispatcher.runOnce()).toBe(1);
    expect((await queueRows(db))[0]).toMatchObject({ state: 'failed' });
    expect(smtp.messages).toHaveLength(0);
  });

  it('codes are never queued: they would be stored in the clear', async () => {
    smtp = await startSmtpServer();
    const services = instance(await connect());
    await expect(services.mailer.notify('emma@example.com', 'en', SIGN_IN)).rejects.toThrow(/never queued/);
    expect(await services.pendingCount()).toBe(0);
  });

  it('without a transport (none) nothing is queued and a send fails with MailSendError', async () => {
    smtp = await startSmtpServer();
    const services = mail(mailConfig({ MAIL_TRANSPORT: 'none' }), await connect());
    expect(services.mailer).toMatchObject({ transport: 'none', configured: false });
    await services.mailer.notify('emma@example.com', 'en', {
      kind: 'sign-in-method-linked',
      method: 'apple',
      detail: null,
    });
    expect(await services.pendingCount()).toBe(0);
    await expect(services.mailer.send('emma@example.com', 'en', SIGN_IN)).rejects.toBeInstanceOf(MailSendError);
  });
});

describe.runIf(databaseIndependent)('issue 19: the mail settings', () => {
  const base = () => ({
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'account-mail-')),
  });

  it('MAIL_TRANSPORT defaults to the outbox in demo mode, to smtp with SMTP_HOST, and to none otherwise', () => {
    expect(loadConfig({ ...base(), DEMO: 'true' }).mail.transport).toBe('outbox');
    expect(loadConfig(base()).mail.transport).toBe('none');
    const smtp = loadConfig({ ...base(), SMTP_HOST: 'mail.shop.example', MAIL_FROM: 'no-reply@shop.example' }).mail;
    expect(smtp).toMatchObject({
      transport: 'smtp',
      timeoutMs: 10_000,
      smtp: { host: 'mail.shop.example', port: 587, secure: false, startTls: 'required', auth: undefined },
    });
    const implicit = loadConfig({
      ...base(),
      SMTP_HOST: 'mail.shop.example',
      SMTP_SECURE: 'true',
      MAIL_FROM: 'no-reply@shop.example',
    }).mail;
    expect(implicit).toMatchObject({ smtp: { port: 465, secure: true } });
  });

  it('incomplete SMTP settings stop the start with the variables named, never echoing the password', () => {
    let error: unknown;
    try {
      loadConfig({ ...base(), MAIL_TRANSPORT: 'smtp', SMTP_PASSWORD: 'hunter2-secret' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('SMTP_HOST: required when MAIL_TRANSPORT is smtp');
    expect(message).toContain('MAIL_FROM: required when MAIL_TRANSPORT is smtp');
    expect(message).toContain('SMTP_USER: required when SMTP_PASSWORD is set');
    expect(message).not.toContain('hunter2');

    expect(() => loadConfig({ ...base(), MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM: must be an email address/);
    expect(() => loadConfig({ ...base(), MAIL_TRANSPORT: 'sendmail' })).toThrow(
      /MAIL_TRANSPORT: must be outbox, smtp or none/,
    );
  });
});

describe('issue 19: /demo-mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ demo: true });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Queues notices the way a module does, by a mailer that does not send itself: the server's dispatcher sends them. */
  const queuer = () =>
    mailServices(server.config.mail, {
      repository: mailRepository(server.app.db.kysely, server.app.db.kind),
      kind: server.app.db.kind,
      branding: async () => BRANDING,
      texts: async (preference) => shippedMessages(preference),
      log,
    }).mailer;

  async function deliverToOutbox(to: string, message: MailMessage) {
    const { letterbox } = mailRepository(server.app.db.kysely, server.app.db.kind);
    await letterboxTransport(letterbox.keep).send(
      to,
      renderMail(message, shippedMessages('en'), BRANDING, 'no-reply@shop.example'),
    );
  }

  it('lists the emails, shows one with its HTML sandboxed, and answers the newest code to an address', async () => {
    await deliverToOutbox('Emma@Example.com', { kind: 'email-verification-code', code: '111111', ttlSeconds: 600 });
    await deliverToOutbox('emma@example.com', SIGN_IN);
    await deliverToOutbox('other@example.com', { kind: 'sign-in-code', code: '999999', ttlSeconds: 600 });

    const list = await server.app.inject('/demo-mail');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('Your sign-in code for Groen &#38; Zonen');
    expect(list.body).toContain('482910');

    const latest = await server.app.inject('/demo-mail/latest?to=EMMA@example.com');
    expect(latest.statusCode).toBe(200);
    const body = latest.json() as { id: number; code: string; subject: string; to: string };
    expect(body).toMatchObject({
      code: '482910',
      subject: 'Your sign-in code for Groen & Zonen',
      to: 'emma@example.com',
    });

    const view = await server.app.inject(`/demo-mail/${body.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(`<iframe title="The email as HTML" sandbox src="/demo-mail/${body.id}/html">`);
    const html = await server.app.inject(`/demo-mail/${body.id}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(html.body).toContain('482910');
  });

  it('the server’s own dispatcher sends a queued notice into the outbox, in the shop’s name', async () => {
    await queuer().notify('notice@example.com', 'nl', {
      kind: 'sign-in-method-removed',
      method: 'apple',
      detail: null,
    });
    await expect
      .poll(async () => (await server.app.inject('/demo-mail/latest?to=notice@example.com')).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
    const latest = (await server.app.inject('/demo-mail/latest?to=notice@example.com')).json();
    expect(latest).toMatchObject({ subject: 'Er is een inlogmethode verwijderd', code: null });
    expect(latest.text).toContain(DEMO_COMPANY);
    const html = (await server.app.inject(`/demo-mail/${latest.id}/html`)).body;
    expect(html).toContain(`src="${server.config.publicUrl}/demo-shop/logo.svg"`);
  });

  it('issue 45: the server’s emails follow the shop’s own translations of their catalogue keys', async () => {
    const override = {
      languageCode: 'de',
      key: 'ac_MailMethodRemovedTitle',
      value: 'Anmeldeweg bei {company} entfernt',
    };
    await server.app.db.kysely.insertInto('translations').values(override).execute();
    try {
      await queuer().notify('override@example.com', 'de-DE', {
        kind: 'sign-in-method-removed',
        method: 'apple',
        detail: null,
      });
      await expect
        .poll(async () => (await server.app.inject('/demo-mail/latest?to=override@example.com')).statusCode, {
          timeout: 10_000,
        })
        .toBe(200);
      const latest = (await server.app.inject('/demo-mail/latest?to=override@example.com')).json();
      expect(latest).toMatchObject({ subject: `Anmeldeweg bei ${DEMO_COMPANY} entfernt` });
    } finally {
      await server.app.db.kysely.deleteFrom('translations').where('key', '=', override.key).execute();
    }
  });

  it('answers 400 without an address and 404 for an address or email it does not have', async () => {
    expect((await server.app.inject('/demo-mail/latest')).statusCode).toBe(400);
    expect((await server.app.inject('/demo-mail/latest?to=nobody@example.com')).statusCode).toBe(404);
    expect((await server.app.inject('/demo-mail/99999')).statusCode).toBe(404);
    expect((await server.app.inject('/demo-mail/abc/html')).statusCode).toBe(404);
  });

  it('does not exist outside demo mode', async () => {
    const production = await startServer({ demo: false });
    try {
      expect((await production.app.inject('/demo-mail')).statusCode).toBe(404);
      expect((await production.app.inject('/demo-mail/latest?to=emma@example.com')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
