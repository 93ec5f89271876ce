/**
 * §7 POST /shopUser/uploadImage (multipart, file field 'attachFile') and the avatar files it makes,
 * on the real server and database: §5 Avatar upload (512000 bytes, JPEG/PNG only, keys
 * ac_InvalidFileSize and ac_InvalidFileType), DESIGN §6 (sniffed, size-capped before buffering,
 * re-encoded), served with caching headers from the database.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { ErrorBody } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corruptPng,
  declaredBomb,
  exifHasGps,
  gif,
  jpegWithGps,
  png,
  randomFile,
  signatureAndGarbage,
  textPretendingToBePng,
  validBomb,
} from './fixtures/images.js';
import { TestBrowser } from './support/browser.js';
import { multipart } from './support/security.js';
import { accountOf, signIn } from './support/sign-in.js';
import { api, databaseIndependent, databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const UPLOAD = api('/shopUser/uploadImage');

/** The headers of a signed-in browser's non-GET call: its cookies and the XSRF token. */
function authHeaders(browser: TestBrowser): Record<string, string> {
  return {
    cookie: browser.cookieHeader(),
    'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''),
  };
}

/** Uploads `content` as the file field 'attachFile', the way the web app's FormData does. */
function upload(
  browser: TestBrowser,
  content: Buffer,
  options: { filename?: string; contentType?: string; field?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const form = multipart([
    {
      name: options.field ?? 'attachFile',
      filename: options.filename ?? 'avatar.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      content,
    },
  ]);
  return server.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload: form.payload,
    headers: { ...authHeaders(browser), 'content-type': form.contentType, ...options.headers },
    remoteAddress: browser.clientAddress,
  });
}

async function signedIn(subject: string): Promise<TestBrowser> {
  const browser = new TestBrowser(server.app);
  await signIn(browser, subject);
  return browser;
}

const avatarRows = (shopperId: number) =>
  server.app.db.kysely.selectFrom('avatars').select(['id', 'sha256']).where('shopperId', '=', shopperId).execute();

/** A 400/413/415 in the one error body, naming AttachFile with the given key. */
function expectFileError(response: LightMyRequestResponse, status: number, key: string) {
  expect(response.statusCode).toBe(status);
  const body = ErrorBody.parse(response.json());
  expect(body.status).toBe(status);
  expect(body.fields).toEqual({ AttachFile: key });
}

describe(`§7 POST /shopUser/uploadImage: accepted images (${databaseKind})`, () => {
  it('stores a JPEG, points imageUrl at it and serves it back re-encoded, ≤ 512 px, without EXIF or GPS', async () => {
    const browser = await signedIn('demo-emma');
    const original = await jpegWithGps(2000, 1500);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(exifHasGps(before.exif)).toBe(true);
    expect(original.length).toBeLessThanOrEqual(512_000);

    const response = await upload(browser, original);
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json() as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/account\/api\/v1\/shopUser\/avatar\/\d+-[0-9a-f]{16}\.jpg$/);
    expect((await accountOf(browser)).imageUrl).toBe(imageUrl);

    const served = await new TestBrowser(server.app).request(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    // Stored 2000x1500 with 'rotate 90°': shown upright as 1500x2000, bounded to 384x512.
    expect([after.width, after.height]).toEqual([384, 512]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
  });

  it('decides the type from the content: a PNG sent as "photo.jpg" with image/jpeg is read as a PNG', async () => {
    const browser = await signedIn('demo-sofia');
    const response = await upload(browser, await png(100, 80), { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    const served = await browser.request((response.json() as { imageUrl: string }).imageUrl);
    expect(served.statusCode).toBe(200);
    // Opaque, so it is stored as JPEG; small images are not enlarged.
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 100, 80]);
  });

  it('keeps a PNG that really uses transparency as PNG', async () => {
    const browser = await signedIn('demo-noah');
    const response = await upload(browser, await png(1024, 600, { transparent: true }), {
      filename: 'logo.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json() as { imageUrl: string };
    expect(imageUrl).toMatch(/\.png$/);
    const served = await browser.request(imageUrl);
    expect(served.headers['content-type']).toBe('image/png');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual(['png', 512, 300, true]);
    expect((await sharp(served.rawPayload).stats()).isOpaque).toBe(false);
  });

  it('accepts a file of exactly 512000 bytes (the limit is inclusive)', async () => {
    const browser = await signedIn('new');
    const image = await png(64, 64);
    // A PNG with a private ancillary chunk padding it to exactly 512000 bytes stays a valid PNG.
    const padding = 512_000 - image.length - 12;
    const chunk = Buffer.alloc(12 + padding);
    chunk.writeUInt32BE(padding, 0);
    chunk.write('teXt', 4, 'ascii');
    chunk.write('Comment\0', 8, 'latin1');
    chunk.fill(0x41, 16, 8 + padding);
    const { crc32 } = await import('node:zlib');
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + padding)), 8 + padding);
    const exact = Buffer.concat([image.subarray(0, image.length - 12), chunk, image.subarray(image.length - 12)]);
    expect(exact.length).toBe(512_000);
    expect((await sharp(exact).metadata()).width).toBe(64);
    const response = await upload(browser, exact, { filename: 'exact.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(200);
  });
});

describe(`§7 GET the avatar file (${databaseKind})`, () => {
  it('is public, content-addressed and cached for a year: immutable, ETag, nosniff; 304 on a match', async () => {
    const browser = await signedIn('demo-emma');
    const { imageUrl } = (await upload(browser, await jpegWithGps(300, 300))).json() as { imageUrl: string };
    const anonymous = new TestBrowser(server.app);
    const served = await anonymous.request(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['set-cookie']).toBeUndefined();
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(imageUrl).toContain(`-${etag.slice(1, 17)}.jpg`);
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);

    const revalidated = await anonymous.request({ url: imageUrl, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('answers 404 for an unknown id, a wrong hash or a wrong extension', async () => {
    const browser = await signedIn('demo-sofia');
    const { imageUrl } = (await upload(browser, await png(40, 40))).json() as { imageUrl: string };
    const [, id, hash] = /\/(\d+)-([0-9a-f]{16})\.jpg$/.exec(imageUrl) ?? [];
    const wrongHash = `${hash?.slice(0, 15)}${hash?.endsWith('0') ? '1' : '0'}`;
    const anonymous = new TestBrowser(server.app);
    for (const file of [
      `999999-${hash}.jpg`,
      `${id}-${wrongHash}.jpg`,
      `${id}-${hash}.png`,
      `${id}-${hash}`,
      `${id}.jpg`,
      '99999999999-0000000000000000.jpg',
      '..%2F..%2Fsetting',
    ]) {
      const response = await anonymous.request(api(`/shopUser/avatar/${file}`));
      expect(response.statusCode, file).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    }
  });
});

describe(`§7 POST /shopUser/uploadImage: one avatar per shopper (${databaseKind})`, () => {
  it('a second upload replaces the first: the old URL is gone, one row is left', async () => {
    const browser = await signedIn('demo-noah');
    const first = (await upload(browser, await png(50, 50))).json() as { imageUrl: string };
    const second = (await upload(browser, await jpegWithGps(60, 60))).json() as { imageUrl: string };
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect((await browser.request(first.imageUrl)).statusCode).toBe(404);
    expect((await browser.request(second.imageUrl)).statusCode).toBe(200);
    const me = await accountOf(browser);
    expect(me.imageUrl).toBe(second.imageUrl);
    expect(await avatarRows(me.id)).toHaveLength(1);
  });

  it('two uploads at the same time leave exactly one avatar, the one imageUrl points at', async () => {
    const browser = await signedIn('demo-emma');
    const results = await Promise.all([upload(browser, await png(30, 30)), upload(browser, await png(31, 31))]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const me = await accountOf(browser);
    const rows = await avatarRows(me.id);
    expect(rows).toHaveLength(1);
    expect(me.imageUrl).toContain(`/${rows[0]?.id}-`);
  });

  it("another shopper's upload never touches yours", async () => {
    const emma = await signedIn('demo-emma');
    const sofia = await signedIn('demo-sofia');
    const mine = (await upload(emma, await png(70, 70))).json() as { imageUrl: string };
    const theirs = (await upload(sofia, await png(71, 71))).json() as { imageUrl: string };
    expect(theirs.imageUrl).not.toBe(mine.imageUrl);
    expect((await accountOf(emma)).imageUrl).toBe(mine.imageUrl);
    expect((await emma.request(mine.imageUrl)).statusCode).toBe(200);
    expect((await accountOf(sofia)).imageUrl).toBe(theirs.imageUrl);
  });
});

describe.runIf(databaseIndependent)(`§7 POST /shopUser/uploadImage: refused files (${databaseKind})`, () => {
  /** Refused uploads change nothing: the same imageUrl and the same stored rows. */
  async function expectUnchanged(browser: TestBrowser, send: () => Promise<LightMyRequestResponse>) {
    const before = await accountOf(browser);
    const rowsBefore = await avatarRows(before.id);
    const response = await send();
    const after = await accountOf(browser);
    expect(after.imageUrl).toBe(before.imageUrl);
    expect(await avatarRows(after.id)).toEqual(rowsBefore);
    return response;
  }

  it('§5 a GIF is refused with ac_InvalidFileType (415), whatever its name and type claim', async () => {
    const browser = await signedIn('demo-emma');
    const response = await expectUnchanged(browser, async () =>
      upload(browser, await gif(), { filename: 'avatar.png', contentType: 'image/png' }),
    );
    expectFileError(response, 415, 'ac_InvalidFileType');
  });

  it('§5 a text file named avatar.png with image/png is refused with ac_InvalidFileType', async () => {
    const browser = await signedIn('demo-emma');
    const response = await expectUnchanged(browser, () =>
      upload(browser, textPretendingToBePng(), { filename: 'avatar.png', contentType: 'image/png' }),
    );
    expectFileError(response, 415, 'ac_InvalidFileType');
  });

  it('§5 the PNG signature followed by garbage is no PNG: ac_InvalidFileType (415)', async () => {
    const browser = await signedIn('demo-emma');
    const response = await expectUnchanged(browser, () =>
      upload(browser, signatureAndGarbage(), { filename: 'avatar.png', contentType: 'image/png' }),
    );
    expectFileError(response, 415, 'ac_InvalidFileType');
  });

  it('§5 a PNG with a sound header but corrupt image data is refused with ac_InvalidFileType (400)', async () => {
    const browser = await signedIn('demo-emma');
    const response = await expectUnchanged(browser, () =>
      upload(browser, corruptPng(), { filename: 'avatar.png', contentType: 'image/png' }),
    );
    expectFileError(response, 400, 'ac_InvalidFileType');
  });

  it('a tiny PNG declaring 20000 x 20000 pixels is refused before decoding (ac_InvalidFileType)', async () => {
    const browser = await signedIn('demo-emma');
    const bomb = declaredBomb();
    expect(bomb.length).toBeLessThan(200);
    const response = await expectUnchanged(browser, () => upload(browser, bomb, { filename: 'bomb.png' }));
    expectFileError(response, 400, 'ac_InvalidFileType');
  });

  it('a valid 6000 x 6000 PNG of ~35 KB (36 megapixels) is refused as a decompression bomb', async () => {
    const browser = await signedIn('demo-emma');
    const bomb = validBomb(6000);
    expect(bomb.length).toBeLessThan(100_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(6000);
    const response = await expectUnchanged(browser, () => upload(browser, bomb, { filename: 'bomb.png' }));
    expectFileError(response, 400, 'ac_InvalidFileType');
  });

  it('§5 a 600 KB file is refused with 413 and ac_InvalidFileSize, and nothing is stored', async () => {
    const browser = await signedIn('demo-emma');
    const response = await expectUnchanged(browser, () => upload(browser, randomFile(600_000)));
    expectFileError(response, 413, 'ac_InvalidFileSize');
    expect(response.headers.connection).toBe('close');
  });

  it('§5 512001 bytes are one too many (the multipart fileSize limit, not the declared length)', async () => {
    const browser = await signedIn('demo-emma');
    const response = await expectUnchanged(browser, async () => {
      const image = await png(64, 64);
      return upload(browser, Buffer.concat([image, Buffer.alloc(512_001 - image.length)]));
    });
    expectFileError(response, 413, 'ac_InvalidFileSize');
  });

  it('a body without the file field attachFile is a 400 naming AttachFile', async () => {
    const browser = await signedIn('demo-emma');
    const wrongField = await upload(browser, await png(10, 10), { field: 'picture' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toEqual({ AttachFile: 'ac_FieldInvalidMessage' });

    const onlyText = multipart([{ name: 'note', content: 'hello' }]);
    const noFile = await server.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: onlyText.payload,
      headers: { ...authHeaders(browser), 'content-type': onlyText.contentType },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ AttachFile: 'ac_FieldInvalidMessage' });
  });

  it('a JSON body is a 415 naming AttachFile', async () => {
    const browser = await signedIn('demo-emma');
    const json = await browser.request({ method: 'POST', url: UPLOAD, body: { attachFile: 'abc' } });
    expectFileError(json, 415, 'ac_InvalidFileType');
  });

  it('a multipart body without a boundary is a 400, not a 5xx', async () => {
    const browser = await signedIn('demo-emma');
    const noBoundary = await server.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: 'garbage',
      headers: { ...authHeaders(browser), 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('a multipart body cut off in the middle of the file is a 400, not a 5xx or a hang', async () => {
    const browser = await signedIn('demo-emma');
    const form = multipart([
      { name: 'attachFile', filename: 'a.png', contentType: 'image/png', content: await png(20, 20) },
    ]);
    const truncated = await server.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: form.payload.subarray(0, form.payload.length - 60),
      headers: { ...authHeaders(browser), 'content-type': form.contentType },
    });
    expect(truncated.statusCode).toBe(400);
  });
});

describe.runIf(databaseIndependent)(
  `§7 POST /shopUser/uploadImage: stops reading at the limit (${databaseKind})`,
  () => {
    it('refuses a declared Content-Length far over the limit without reading the body', async () => {
      const browser = await signedIn('demo-emma');
      const form = multipart([{ name: 'attachFile', filename: 'big.jpg', contentType: 'image/jpeg', content: 'x' }]);
      // The declared length says 50 MB; only a few bytes follow. The answer comes at once.
      const response = await server.app.inject({
        method: 'POST',
        url: UPLOAD,
        payload: form.payload,
        headers: { ...authHeaders(browser), 'content-type': form.contentType, 'content-length': String(50_000_000) },
      });
      expectFileError(response, 413, 'ac_InvalidFileSize');
    });

    it('answers 413 over a real connection while a 64 MB chunked upload is still being sent', async () => {
      const browser = await signedIn('demo-sofia');
      const before = await accountOf(browser);
      const { port } = new URL(server.baseUrl);
      const boundary = `----FormBoundary${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachFile"; filename="huge.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      );
      const total = 64 * 1024 * 1024;
      const piece = Buffer.alloc(64 * 1024, 0x61);

      let written = 0;
      let closed = false;
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: UPLOAD,
        headers: { ...authHeaders(browser), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const hangUp = () => {
        closed = true;
      };
      request.on('error', hangUp); // EPIPE / ECONNRESET once the server has hung up
      request.on('close', hangUp);
      const answer = new Promise<{ status: number; body: string; writtenWhenAnswered: number }>((resolve) => {
        request.on('response', (response) => {
          const writtenWhenAnswered = written;
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (text: string) => {
            body += text;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, writtenWhenAnswered }));
        });
      });
      // Keeps sending, as a client that ignores the answer would, until the server hangs up.
      const sending = (async () => {
        request.write(head);
        while (!closed && written < total) {
          written += piece.length;
          if (request.write(piece)) continue;
          // Wait for room; a server that neither reads nor hangs up leaves us stalled here.
          const drained = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), 5000);
            const done = () => {
              clearTimeout(timer);
              resolve(true);
            };
            request.once('drain', done);
            request.once('close', done);
          });
          if (!drained) break;
        }
        if (!closed) request.end(`\r\n--${boundary}--\r\n`);
      })();

      const { status, body, writtenWhenAnswered } = await answer;
      await sending;
      request.destroy();
      expect(status).toBe(413);
      expect(JSON.parse(body).fields).toEqual({ AttachFile: 'ac_InvalidFileSize' });
      // Answered after the first ~512 KB (plus what the sockets buffer), not after all 64 MB...
      expect(writtenWhenAnswered).toBeGreaterThanOrEqual(512_000 - head.length - piece.length);
      expect(writtenWhenAnswered).toBeLessThan(total / 4);
      // ...and then the server hung up instead of reading (and discarding) the rest.
      expect(closed).toBe(true);
      expect(written).toBeLessThan(total / 4);
      const after = await accountOf(browser);
      expect(after.imageUrl).toBe(before.imageUrl);
    });
  },
);

describe(`§7 POST /shopUser/uploadImage: uploads per shopper are limited (${databaseKind})`, () => {
  it('allows 30 uploads in 15 minutes per shopper, then 429 with Retry-After; other shoppers go on', async () => {
    const busy = await signedIn('new');
    const image = await png(8, 8);
    for (let i = 0; i < 30; i++) expect((await upload(busy, image)).statusCode).toBe(200);
    const refused = await upload(busy, image);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per shopper, not per address: another shopper on the same address is not held up.
    const other = new TestBrowser(server.app, { clientAddress: busy.clientAddress });
    await signIn(other, 'new');
    expect((await upload(other, image)).statusCode).toBe(200);
  });
});

describe(`§7 POST /shopUser/uploadImage: sign-in and the XSRF token (${databaseKind})`, () => {
  it('answers 401 when nobody is signed in, before reading the file', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const response = await upload(browser, await png(10, 10));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('answers 403 without the X-XSRF-TOKEN header', async () => {
    const browser = await signedIn('demo-emma');
    const form = multipart([
      { name: 'attachFile', filename: 'a.png', contentType: 'image/png', content: await png(10, 10) },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: form.payload,
      headers: { cookie: browser.cookieHeader(), 'content-type': form.contentType },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, code: 'xsrf_token_invalid' });
  });

  it('multipart bodies are accepted by the upload only: another call refuses them', async () => {
    const browser = await signedIn('demo-emma');
    const form = multipart([{ name: 'firstName', content: 'Mallory' }]);
    const response = await server.app.inject({
      method: 'POST',
      url: api('/shopUser/updateAccount'),
      payload: form.payload,
      headers: { ...authHeaders(browser), 'content-type': form.contentType },
    });
    expect(response.statusCode).toBe(415);
    expect((await accountOf(browser)).firstName).not.toBe('Mallory');
  });
});
