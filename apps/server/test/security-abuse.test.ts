/**
 * Abuse of the calls that take files or can be hammered, on the real server and database:
 * - spec §5 Avatar upload, DESIGN §6 "Uploads are sniffed, size-capped before buffering, and
 *   re-encoded": hostile files sent to POST /shopUser/uploadImage are refused with the spec's keys
 *   (ac_InvalidFileType, ac_InvalidFileSize) and store nothing (avatar.test.ts covers the accepted
 *   images, the 20000 px and 6000 px bombs and the 64 MB stream; this adds what it does not);
 * - DESIGN §6 "Rate limits protect sign-in, SMS sending, code verification and the validation
 *   calls": each answers 429 with Retry-After, with the limits lowered through the environment
 *   where the configuration allows it (the validation calls' limit is driven for real).
 */
import http from 'node:http';
import { deflateSync } from 'node:zlib';
import { ErrorBody } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_SIGNATURE, pngChunk, pngFile } from './fixtures/images.js';
import { TestBrowser } from './support/browser.js';
import { accountSnapshot, expectErrorBody, ME, multipart, send, TINY_PNG, telegramLogin } from './support/security.js';
import { signedIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

const SIGN_IN_LIMIT = 3;
const SMS_PER_HOUR = 2;
const VERIFY_PER_HOUR = 3;
const BOT_TOKEN = '7000000003:AAH-security-abuse-bot-token_0123456789a';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    env: {
      SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT),
      PHONE_CODE_RESENDS: String(SMS_PER_HOUR),
      PHONE_CODE_RESEND_INTERVAL: '0',
      PHONE_VERIFY_RATE_LIMIT: String(VERIFY_PER_HOUR),
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_NAME: 'security_abuse_bot',
    },
  });
});
afterAll(async () => {
  await server?.close();
});

const UPLOAD = api('/shopUser/uploadImage');

// ---- Hostile files --------------------------------------------------------------------------------

/** A PNG of a few dozen bytes whose header declares width x height 8-bit grey pixels. */
const declaredPng = (width: number, height: number): Buffer => pngFile(width, height, deflateSync(Buffer.alloc(256)));

/** A real small JPEG whose frame header is rewritten to declare width x height pixels. */
async function declaredJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  for (let i = 2; i < jpeg.length - 9; i++) {
    // SOF0..SOF2: FF C0-C2, length(2), precision(1), height(2), width(2).
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc1 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header in the JPEG');
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';
const HTML = '<!doctype html><html><body><script>fetch("/account/api/v1/shopuser/me")</script></body></html>';

/** Uploads one file as the web app's FormData does, by a signed-in shopper. */
function upload(browser: TestBrowser, content: Buffer, filename = 'avatar.png', contentType = 'image/png') {
  const form = multipart([{ name: 'attachFile', filename, contentType, content }]);
  return send(browser, server.app, {
    method: 'POST',
    url: UPLOAD,
    payload: form.payload,
    contentType: form.contentType,
  });
}

/** What uploading could change: the shopper's avatar rows, every avatar row, the account's imageUrl. */
async function avatarState(browser: TestBrowser) {
  const account = await accountSnapshot(browser);
  const db = server.app.db.kysely;
  return {
    imageUrl: account.imageUrl,
    mine: await db
      .selectFrom('avatars')
      .select(['id', 'sha256'])
      .where('shopperId', '=', Number(account.id))
      .orderBy('id')
      .execute(),
    all: Number((await db.selectFrom('avatars').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  };
}

/** A refusal with the status and the §5 key on AttachFile, and nothing stored. */
async function expectRefusedUpload(
  browser: TestBrowser,
  attempt: () => Promise<LightMyRequestResponse>,
  status: number,
  key: string,
  what: string,
) {
  const before = await avatarState(browser);
  const response = await attempt();
  const body = expectErrorBody(response);
  expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
  expect(body.fields, what).toEqual({ AttachFile: key });
  expect(await avatarState(browser), what).toEqual(before);
}

/** Multipart bodies without exactly one attachFile: each a 400 naming AttachFile, nothing stored. */
async function expectRefusedForms(browser: TestBrowser, forms: [string, { payload: Buffer; contentType: string }][]) {
  for (const [what, form] of forms) {
    const upload = () =>
      send(browser, server.app, { method: 'POST', url: UPLOAD, payload: form.payload, contentType: form.contentType });
    await expectRefusedUpload(browser, upload, 400, 'ac_FieldInvalidMessage', what);
  }
}

describe(`§5 Avatar upload, DESIGN §6: hostile files are refused and store nothing (${databaseKind})`, () => {
  it('§5 content that is not JPEG or PNG, whatever the name and type claim: 415 ac_InvalidFileType', async () => {
    const browser = await signedIn(server, 'new');
    const files: [string, Buffer, string, string][] = [
      ['SVG named .png', Buffer.from(SVG), 'avatar.png', 'image/png'],
      ['SVG as image/svg+xml', Buffer.from(SVG), 'avatar.svg', 'image/svg+xml'],
      ['HTML named .png', Buffer.from(HTML), 'avatar.png', 'image/png'],
      ['HTML named .jpg', Buffer.from(HTML), 'avatar.jpg', 'image/jpeg'],
      ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'avatar.png', 'image/png'],
      ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(60)]), 'avatar.jpg', 'image/jpeg'],
      ['a Windows program', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'avatar.png', 'image/png'],
      [
        'an ELF program',
        Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200)]),
        'a.png',
        'image/png',
      ],
      [
        'a GIF',
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
          .gif()
          .toBuffer(),
        'a.png',
        'image/png',
      ],
      [
        'a WebP',
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
          .webp()
          .toBuffer(),
        'a.jpg',
        'image/jpeg',
      ],
      [
        'a TIFF',
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
          .tiff()
          .toBuffer(),
        'a.png',
        'image/png',
      ],
    ];
    for (const [what, content, filename, type] of files) {
      await expectRefusedUpload(
        browser,
        () => upload(browser, content, filename, type),
        415,
        'ac_InvalidFileType',
        what,
      );
    }
  });

  it('§5 the PNG or JPEG signature followed by SVG or HTML is no image: ac_InvalidFileType', async () => {
    const browser = await signedIn(server, 'new');
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    for (const [what, content] of [
      ['PNG signature + SVG', Buffer.concat([PNG_SIGNATURE, Buffer.from(SVG)])],
      ['PNG signature + HTML', Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML)])],
      ['JPEG start + HTML', Buffer.concat([jpegStart, Buffer.from(HTML)])],
    ] as const) {
      const before = await avatarState(browser);
      const response = await upload(browser, content);
      expect([400, 415], what).toContain(response.statusCode);
      expect(expectErrorBody(response).fields, what).toEqual({ AttachFile: 'ac_InvalidFileType' });
      expect(await avatarState(browser), what).toEqual(before);
    }
  });

  it('DESIGN §6 decompression bombs: a tiny PNG or JPEG declaring 50000 x 50000 pixels is refused before decoding', async () => {
    const browser = await signedIn(server, 'new');
    const png = declaredPng(50_000, 50_000);
    expect(png.length).toBeLessThan(200);
    await expectRefusedUpload(browser, () => upload(browser, png), 400, 'ac_InvalidFileType', 'PNG 50000 x 50000');
    const jpeg = await declaredJpeg(50_000, 50_000);
    expect(jpeg.length).toBeLessThan(2_000);
    await expectRefusedUpload(
      browser,
      () => upload(browser, jpeg, 'bomb.jpg', 'image/jpeg'),
      400,
      'ac_InvalidFileType',
      'JPEG 50000 x 50000',
    );
    // 65535 x 1 is few pixels, but a PNG claiming 2^31-1 wide is absurd: refused, never a 5xx.
    await expectRefusedUpload(
      browser,
      () => upload(browser, declaredPng(2_147_483_647, 1)),
      400,
      'ac_InvalidFileType',
      'PNG 2^31-1 x 1',
    );
  });

  it('§5 over 512000 bytes: 413 ac_InvalidFileSize, for a real PNG too', async () => {
    const browser = await signedIn(server, 'new');
    const noise = await sharp(Buffer.from(Array.from({ length: 420 * 420 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 420, height: 420, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(512_000);
    await expectRefusedUpload(browser, () => upload(browser, noise), 413, 'ac_InvalidFileSize', 'a 530 KB PNG');
    await expectRefusedUpload(
      browser,
      () => upload(browser, Buffer.alloc(2_000_000, 0x41)),
      413,
      'ac_InvalidFileSize',
      '2 MB of text',
    );
  });

  it('DESIGN §6 size-capped before buffering: the 413 comes while the upload is still being sent', async () => {
    const browser = await signedIn(server, 'new');
    const before = await avatarState(browser);
    const boundary = '----FormBoundarySecurityAbuse';
    const { port } = new URL(server.baseUrl);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: UPLOAD,
      headers: {
        cookie: browser.cookieHeader(),
        'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    request.on('error', () => {});
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer while the body was still open')), 10_000);
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          body += text;
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachFile"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    request.write(Buffer.concat([TINY_PNG, Buffer.alloc(600_000, 0x42)]));
    // The body is never finished: a server that buffered the whole upload first would never answer.
    const { status, body } = await answered;
    request.destroy();
    expect(status).toBe(413);
    expect(ErrorBody.parse(JSON.parse(body)).fields).toEqual({ AttachFile: 'ac_InvalidFileSize' });
    expect(await avatarState(browser)).toEqual(before);
  });

  it('§7 several files at once are refused (400 naming AttachFile), not half stored', async () => {
    const browser = await signedIn(server, 'new');
    const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const forms: [string, ReturnType<typeof multipart>][] = [
      [
        'two attachFile parts',
        multipart([
          { name: 'attachFile', filename: 'a.png', contentType: 'image/png', content: image },
          { name: 'attachFile', filename: 'b.png', contentType: 'image/png', content: image },
        ]),
      ],
      [
        'attachFile and another file',
        multipart([
          { name: 'attachFile', filename: 'a.png', contentType: 'image/png', content: image },
          { name: 'other', filename: 'evil.svg', contentType: 'image/svg+xml', content: SVG },
        ]),
      ],
      [
        'another file first',
        multipart([
          { name: 'other', filename: 'evil.html', contentType: 'text/html', content: HTML },
          { name: 'attachFile', filename: 'a.png', contentType: 'image/png', content: image },
        ]),
      ],
    ];
    await expectRefusedForms(browser, forms);
  });

  it('§7 a missing attachFile field (no parts, only text, no file name, another name) is a 400 naming AttachFile', async () => {
    const browser = await signedIn(server, 'new');
    const forms: [string, { payload: Buffer; contentType: string }][] = [
      ['no parts', { payload: Buffer.from('------x--\r\n'), contentType: 'multipart/form-data; boundary=----x' }],
      ['only a text field', multipart([{ name: 'note', content: 'hello' }])],
      ['attachFile as a text field', multipart([{ name: 'attachFile', content: TINY_PNG }])],
      [
        'the file under another name',
        multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', content: TINY_PNG }]),
      ],
    ];
    await expectRefusedForms(browser, forms);
  });

  it('DESIGN §6 a PNG carrying HTML (after IEND, in a text chunk, a hostile file name) is re-encoded: what is served carries none of it', async () => {
    const browser = await signedIn(server, 'new');
    const image = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    const end = image.length - 12;
    const polyglot = Buffer.concat([
      image.subarray(0, end),
      pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1')),
      image.subarray(end),
      Buffer.from(HTML),
    ]);
    const response = await upload(browser, polyglot, '../../../etc/<script>.png\u0000.html', 'text/html');
    expect(response.statusCode, response.body).toBe(200);
    const { imageUrl } = response.json() as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/account\/api\/v1\/shopUser\/avatar\/\d+-[0-9a-f]{16}\.(jpg|png)$/);
    const served = await new TestBrowser(server.app).request(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/(jpeg|png)$/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('html'))).toBe(false);
  });
});

// ---- Rate limits ----------------------------------------------------------------------------------

/** A 429 in the one error body with a Retry-After of whole seconds within the window. */
function expectLimited(response: LightMyRequestResponse, windowSeconds: number, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(429);
  expect(expectErrorBody(response).code, what).toBe('rate_limited');
  const retryAfter = String(response.headers['retry-after'] ?? '');
  expect(retryAfter, what).toMatch(/^\d+$/);
  expect(Number(retryAfter), what).toBeGreaterThan(0);
  expect(Number(retryAfter), what).toBeLessThanOrEqual(windowSeconds);
}

describe(`DESIGN §6 rate limits answer 429 with Retry-After (${databaseKind})`, () => {
  it(`DESIGN §6 sign-in: ${SIGN_IN_LIMIT} attempts per client address (SIGN_IN_RATE_LIMIT), all providers together`, async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await browser.request('/sso/start')).statusCode).toBe(200);
    expectLimited(await browser.request('/sso/start'), 15 * 60, 'the sign-on start');
    expectLimited(
      await browser.request(api('/login/oidc/callback/sso?state=x&code=y')),
      15 * 60,
      'the sign-on callback',
    );
    // Correctly signed widget data is not even looked at: no session is made.
    const token = await browser.request({
      method: 'POST',
      url: api('/login/telegram'),
      body: telegramLogin(BOT_TOKEN),
    });
    expectLimited(token, 15 * 60, 'a token sign-in');
    expect(token.cookies.find((c) => c.name === 'account_session')).toBeUndefined();
    // A made-up X-Forwarded-For is not trusted (TRUST_PROXY is off): still the same address.
    expectLimited(
      await browser.request({ url: '/sso/start', headers: { 'x-forwarded-for': '203.0.113.99' } }),
      15 * 60,
      'with X-Forwarded-For',
    );
    // Another address is not held up.
    expect((await new TestBrowser(server.app).request('/sso/start')).statusCode).toBe(200);
  });

  it(`DESIGN §6 SMS sending: ${SMS_PER_HOUR} codes per hour (PHONE_CODE_RESENDS), then 429 and no text sent`, async () => {
    const sofia = await signedIn(server, 'demo-sofia');
    const outbox = async () =>
      Number(
        (
          await server.app.db.kysely
            .selectFrom('smsOutbox')
            .select(server.app.db.kysely.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let i = 0; i < SMS_PER_HOUR; i++) {
      const sent = await sofia.request({ method: 'POST', url: api('/shopUser/sendVerifySms'), body: {} });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const texts = await outbox();
    expectLimited(
      await sofia.request({ method: 'POST', url: api('/shopUser/sendVerifySms'), body: {} }),
      3600,
      'a third code',
    );
    expect(await outbox()).toBe(texts);
  });

  it(`DESIGN §6 code verification: ${VERIFY_PER_HOUR} attempts per hour (PHONE_VERIFY_RATE_LIMIT); past it even the right code is refused`, async () => {
    const browser = await signedIn(server, 'new');
    const telephone = '+31 612340000';
    expect(
      (await browser.request({ method: 'POST', url: api('/shopUser/updateAccount'), body: { Telephone: telephone } }))
        .statusCode,
    ).toBe(200);
    expect((await browser.request({ method: 'POST', url: api('/shopUser/sendVerifySms'), body: {} })).statusCode).toBe(
      200,
    );
    const text = await server.app.db.kysely
      .selectFrom('smsOutbox')
      .select('body')
      .where('telephone', 'like', '%612340000%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(text.body)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < VERIFY_PER_HOUR; i++) {
      const refused = await browser.request({
        method: 'POST',
        url: api('/shopUser/verifyTelephoneNumber'),
        body: { Code: wrong },
      });
      expect(refused.statusCode).toBe(400);
    }
    expectLimited(
      await browser.request({ method: 'POST', url: api('/shopUser/verifyTelephoneNumber'), body: { Code: code } }),
      3600,
      'the right code past the limit',
    );
    expect((await browser.request(ME)).json()).toMatchObject({ isTelephoneVerified: false });
  });

  it('DESIGN §6 the validation calls: 60 per minute per client address, validateEmail and validateVatNumber together', async () => {
    const browser = await signedIn(server, 'demo-lukas');
    const email = () =>
      browser.request({ method: 'POST', url: api('/setting/validateEmail'), body: { Email: 'someone@example.com' } });
    const vat = () =>
      browser.request({
        method: 'POST',
        url: api('/setting/validateVatNumber'),
        body: { VatNumber: 'NL859048378B01', Country: 'NL' },
      });
    for (let i = 0; i < 30; i++) {
      expect((await email()).statusCode).toBe(200);
      expect((await vat()).statusCode).toBe(200);
    }
    expectLimited(await email(), 60, 'the 61st email check');
    expectLimited(await vat(), 60, 'a VAT check after 60 checks');
    const elsewhere = await signedIn(server, 'demo-noah');
    expect(
      (
        await elsewhere.request({
          method: 'POST',
          url: api('/setting/validateEmail'),
          body: { Email: 'someone@example.com' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
