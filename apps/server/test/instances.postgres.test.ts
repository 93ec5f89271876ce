/**
 * Several instances on one PostgreSQL (issue 8, DESIGN §1): two server processes share sessions,
 * rate limits, the webhook outbox (each event delivered once) and uploads; both answer readiness
 * and liveness; a stopping instance finishes the delivery it has under way; and each wishlist
 * alert digest is queued once though two instances' alert jobs digest at the same moment (issue 47).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Account, INTEGRATION_BASE } from '@account/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_MAIN } from '../reliability/server-process.js';
import { type Db, openDatabase } from '../src/db/connection.js';
import { type AlertJob, alertJob } from '../src/modules/notifications/alert-job.js';
import { NO_PUBLIC_PROVIDERS } from '../src/modules/settings/service.js';
import { buildDatabaseServices } from '../src/services.js';
import { png } from './fixtures/images.js';
import { eventually } from './support/eventually.js';
import { HttpBrowser } from './support/http-browser.js';
import { signIn } from './support/sign-in.js';
import { api, freePort, freshDatabase } from './support/test-app.js';
import { type Answer, webhookReceiver } from './support/webhook-receiver.js';

const root = path.resolve(import.meta.dirname, '../../..');

interface Instance {
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [BUILT_MAIN], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/account/api/ready`)).ok) return { url, process: child, exited };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`instance on ${port} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let a: Instance;
let b: Instance;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
/** How the receiver answers; a test may hold a delivery to see a stopping instance finish it. */
let answer: (body: string) => Answer = () => 'ok';

beforeAll(async () => {
  database = await freshDatabase('postgres');
  receiver = await webhookReceiver((_attempt, body) => answer(body));
  const env = {
    ...database.env,
    DEMO: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SIGN_IN_RATE_LIMIT: '12',
    // As behind one load balancer: the client address is the last one in X-Forwarded-For.
    TRUST_PROXY: '1',
    WEBHOOK_POLL_INTERVAL_MS: '50',
    WEBHOOK_RETRY_BASE_MS: '100',
    WEBHOOK_TIMEOUT_MS: '5000',
    // Deletions wait a day; the test makes them due, and both instances' jobs look every 100 ms.
    ACCOUNT_DELETION_GRACE_DAYS: '1',
    ACCOUNT_DELETION_POLL_INTERVAL_MS: '100',
    // No load balancer to wait for: a stopped instance closes at once (startup.test.ts tests the drain).
    SHUTDOWN_DRAIN_MS: '0',
  };
  // The first instance migrates and seeds; the second starts on the finished database.
  a = await startInstance(env);
  b = await startInstance(env);
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  await client.query(
    "insert into webhook_endpoints (url, secret, description, created_at) values ($1, 'whsec_test', 'shop', now()::text)",
    [receiver.url],
  );
  await client.end();
}, 90_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    if (instance && instance.process.exitCode === null) {
      instance.process.kill('SIGTERM');
      await instance.exited;
    }
  }
  await receiver?.close();
  await database?.drop();
});

describe('issue 8: two instances on one PostgreSQL', () => {
  it('readiness and liveness answer on both', async () => {
    for (const instance of [a, b]) {
      expect((await fetch(`${instance.url}/account/api/ready`)).status).toBe(200);
      const live = await fetch(`${instance.url}/account/api/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
    }
  });

  it('a session made on one instance works on the other, and signing out on either ends it on both', async () => {
    const browser = new HttpBrowser(a.url);
    await signIn(browser, 'demo-emma');
    browser.baseUrl = b.url;
    const me = await browser.request(api('/shopuser/me'));
    expect(me.statusCode).toBe(200);
    expect(Account.parse(me.json()).firstName).toBe('Emma');
    // A change through B (with the XSRF token A issued) is seen through A.
    const saved = await browser.request({
      method: 'PATCH',
      url: api('/setting/interests'),
      body: { InterestIds: [2] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    browser.baseUrl = a.url;
    expect(Account.parse((await browser.request(api('/shopuser/me'))).json()).interestIds).toEqual([2]);
    const cookies = new Map(browser.cookies);
    browser.baseUrl = b.url;
    expect((await browser.request({ method: 'POST', url: api('/logout'), body: {} })).statusCode).toBe(200);
    const stale = new HttpBrowser(a.url);
    for (const [name, value] of cookies) stale.cookies.set(name, value);
    // A keeps the session in memory until PostgreSQL's notice of its end reaches it (milliseconds).
    await eventually(async () => expect((await stale.request(api('/shopuser/me'))).statusCode).toBe(401), 2000);
  });

  it('rate limits count on both together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const response = await fetch(`${(i % 2 === 0 ? a : b).url}/sso/start`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      statuses.push(response.status);
    }
    // Twelve attempts per client address in all, however they are spread over the instances.
    expect(statuses).toEqual([...Array(12).fill(200), ...Array(4).fill(429)]);
  });

  it('an avatar uploaded through one instance is served by the other', async () => {
    const browser = new HttpBrowser(b.url);
    await signIn(browser, 'demo-lukas');
    const form = new FormData();
    form.append('attachFile', new Blob([new Uint8Array(await png(96, 96))], { type: 'image/png' }), 'me.png');
    const uploaded = await browser.send(api('/shopUser/uploadImage'), { method: 'POST', body: form });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    browser.baseUrl = a.url;
    const imageUrl = Account.parse((await browser.request(api('/shopuser/me'))).json()).imageUrl;
    expect(imageUrl).toBeTruthy();
    const image = await fetch(new URL(imageUrl ?? '', a.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('each webhook event is delivered exactly once, though both instances deliver', async () => {
    const browser = new HttpBrowser(a.url);
    await signIn(browser, 'demo-sofia');
    const before = receiver.acknowledged().length;
    for (let i = 0; i < 20; i++) {
      browser.baseUrl = i % 2 === 0 ? a.url : b.url;
      const response = await browser.request({
        method: 'PATCH',
        url: api('/setting/interests'),
        body: { InterestIds: [(i % 5) + 1] },
      });
      expect(response.statusCode).toBe(200);
    }
    await eventually(() => expect(receiver.acknowledged().length - before).toBeGreaterThanOrEqual(20), 15_000);
    // Let any duplicate arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = receiver.acknowledged().map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sofias = receiver
      .acknowledged()
      .filter((e) => e.type === 'interests.updated')
      .slice(-20);
    expect(sofias.map((e) => (e.data.interestIds as number[])[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 5) + 1),
    );
  });

  it('issue 21: due account deletions are erased once each though both instances look, and each shopper.deleted is delivered once, signed', async () => {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { rows } = await client.query<{ id: number }>(
        `insert into shoppers (email, first_name, last_name, telephone, default_language, default_country, default_currency,
           created_at, updated_at, external_id, email_verified_by, deletion_due_at)
         values ($1, 'Leaving', $2, '+31600000000', 'en', 'NL', 'EUR', $3, $3, $4, 'shop', $3) returning id`,
        [`leaving${i}@example.com`, `Shopper${i}`, now, `cust-leaving-${i}`],
      );
      const id = rows[0]?.id ?? 0;
      ids.push(id);
      await client.query(
        `insert into addresses (shopper_id, first_name, last_name, country, street, city, created_at, updated_at)
         values ($1, 'Leaving', $2, 'NL', 'Oudegracht', 'Utrecht', $3, $3)`,
        [id, `Shopper${i}`, now],
      );
    }
    await eventually(async () => {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from shoppers where id = any($1) and deleted_at is not null',
        [ids],
      );
      expect(Number(rows[0]?.n)).toBe(ids.length);
    }, 15_000);
    const { rows: events } = await client.query<{ shopper_id: number; n: string }>(
      "select shopper_id, count(*) as n from webhook_events where type = 'shopper.deleted' and shopper_id = any($1) group by shopper_id",
      [ids],
    );
    const { rows: left } = await client.query<{ n: string }>(
      "select count(*) as n from shoppers where id = any($1) and (email <> '' or last_name <> '' or external_id is not null)",
      [ids],
    );
    await client.end();
    expect(events.map((e) => Number(e.n))).toEqual(ids.map(() => 1));
    expect(Number(left[0]?.n)).toBe(0);

    await eventually(() => {
      const deleted = receiver.acknowledged().filter((e) => e.type === 'shopper.deleted' && ids.includes(e.shopper.id));
      expect(deleted.length).toBeGreaterThanOrEqual(ids.length);
    }, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const deliveries = receiver.received.filter((r) => {
      const event = JSON.parse(r.body) as { type: string; shopper: { id: number } };
      return r.answer === 'ok' && event.type === 'shopper.deleted' && ids.includes(event.shopper.id);
    });
    expect(deliveries).toHaveLength(ids.length);
    for (const delivery of deliveries) {
      const timestamp = String(delivery.headers['x-account-timestamp']);
      const expected = createHmac('sha256', 'whsec_test').update(`${timestamp}.${delivery.body}`).digest('hex');
      expect(delivery.headers['x-account-signature']).toBe(`v1=${expected}`);
      expect((JSON.parse(delivery.body) as { shopper: { externalId: string } }).shopper.externalId).toMatch(
        /^cust-leaving-\d+$/,
      );
    }
  });

  describe('issue 47: two instances queue each alert digest once', () => {
    /**
     * The two instances' alert jobs, each on a connection pool of its own as in two processes, run
     * here so that the test says when their rounds run (the processes' own jobs, which may fan out
     * first, wait the half-hour digest window). Each notes the shoppers whose alerts it claimed.
     */
    const opened: Db[] = [];
    const open = () => {
      const db = openDatabase({
        databaseUrl: database.env.DATABASE_URL,
        dataDir: database.env.DATA_DIR ?? '',
        poolSize: 2,
      });
      opened.push(db);
      return db;
    };
    let key = '';
    /** Hooks around each claim, to hand the work from one instance to the other at a known point. */
    interface Gates {
      beforeClaim?: () => Promise<void>;
      afterClaim?: (claimed: boolean) => Promise<void>;
    }
    let instances: { name: string; job: AlertJob; claimedFor: number[]; gates: Gates }[] = [];

    beforeAll(async () => {
      key = (await buildDatabaseServices(open()).apiKeys.create('alerts')).key;
      // The shop's digest window (the demo's is 0): no digest is due until the rounds below look
      // half an hour ahead, so the processes' own jobs send none meanwhile.
      const windowSet = await fetch(`${a.url}${INTEGRATION_BASE}/settings`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ alertDigestMinutes: 30 }),
      });
      expect(windowSet.status, await windowSet.text()).toBe(200);
      // And until B has it too (its settings cache, up to 5 s old, is read again in the background),
      // lest B's own job digest with the demo's window while the rounds below race: their clock is
      // half an hour ahead, and to them every lease B takes has run out.
      await eventually(async () => {
        const seen = await fetch(`${b.url}${INTEGRATION_BASE}/settings`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(((await seen.json()) as { alertDigestMinutes?: number }).alertDigestMinutes).toBe(30);
      });
      instances = (['a', 'b'] as const).map((name) => {
        const services = buildDatabaseServices(open(), NO_PUBLIC_PROVIDERS, {
          accountUrl: `${a.url}/account`,
          email: true,
          sms: false,
        });
        const repository = services.repositories.notifications;
        const claimedFor: number[] = [];
        const gates: Gates = {};
        const job = alertJob({
          repository: {
            ...repository,
            async claimAlerts(shopperId, now, leaseUntil) {
              await gates.beforeClaim?.();
              const claimed = await repository.claimAlerts(shopperId, now, leaseUntil);
              if (claimed.length > 0) claimedFor.push(shopperId);
              await gates.afterClaim?.(claimed.length > 0);
              return claimed;
            },
          },
          notifications: services.notifications,
          settings: services.settings,
          accountUrl: `${a.url}/account`,
          pollIntervalMs: 60_000,
        });
        return { name, job, claimedFor, gates };
      });
    });
    afterAll(async () => {
      for (const db of opened) await db.close();
    });

    const putProduct = async (id: string, amount: number) => {
      const response = await fetch(`${a.url}${INTEGRATION_BASE}/products/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Product ${id}`, price: { amount, currency: 'EUR' } }),
      });
      expect(response.status, await response.text()).toBeLessThan(300);
    };

    /** Shoppers with a verified email, seeing euros, the product on their wishlist with its alert on. */
    async function wishingShoppers(label: string, count: number, product: string): Promise<string[]> {
      const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await client.connect();
      const now = new Date().toISOString();
      const emails = Array.from({ length: count }, (_, i) => `${label}${i}@example.com`);
      try {
        for (const email of emails) {
          await client.query(
            `with s as (
               insert into shoppers (email, first_name, last_name, telephone, default_language, default_country,
                 default_currency, created_at, updated_at, email_verified_by, wishlist_alerts)
               values ($1, 'Wishing', 'Shopper', '', 'en', 'NL', 'EUR', $2, $2, 'shop', 1) returning id
             )
             insert into wishlist_items (shopper_id, product_id, added_at, alert)
             select s.id, p.id, $2, 1 from s, products p where p.external_id = $3`,
            [email, now, product],
          );
        }
      } finally {
        await client.end();
      }
      return emails;
    }

    /**
     * The product's changes fanned out (by these jobs or the processes'), then rounds of both
     * instances at once with `now` past the digest window, until neither finds more: both digest
     * the same due shoppers at the same moment.
     */
    async function bothDigest(product: string): Promise<void> {
      const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await client.connect();
      try {
        await eventually(async () => {
          // Now: no digest is due yet, only the fan-out.
          await Promise.all(instances.map((instance) => instance.job.runOnce()));
          const { rows } = await client.query<{ n: string }>(
            `select count(*) as n from product_changes c join products p on p.id = c.product_id
             where p.external_id = $1 and c.fanned_at is null`,
            [product],
          );
          expect(Number(rows[0]?.n)).toBe(0);
        });
      } finally {
        await client.end();
      }
      for (const instance of instances) instance.claimedFor.length = 0;
      const later = new Date(Date.now() + 31 * 60_000);
      for (let round = 0; round < 5; round++) {
        const more = await Promise.all(instances.map((instance) => instance.job.runOnce(later)));
        if (!more.some(Boolean)) break;
      }
    }

    /** The wishlist alert messages queued, per recipient. */
    async function alertMessages(emails: readonly string[]): Promise<Map<string, number>> {
      const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query<{ recipient: string; message: string }>(
        'select recipient, message from mail_queue where recipient = any($1)',
        [emails],
      );
      await client.end();
      const counts = new Map(emails.map((email) => [email, 0]));
      for (const row of rows) {
        if ((JSON.parse(row.message) as { kind: string }).kind !== 'wishlist-alerts') continue;
        counts.set(row.recipient, (counts.get(row.recipient) ?? 0) + 1);
      }
      return counts;
    }

    it('one shopper: a price drop through the integration API is queued once', async () => {
      const product = `p-alert-one-${randomBytes(4).toString('hex')}`;
      await putProduct(product, 100);
      const emails = await wishingShoppers('alert-one-', 1, product);
      await putProduct(product, 80);
      await bothDigest(product);
      expect([...(await alertMessages(emails)).values()]).toEqual([1]);
    });

    it('thirty shoppers, both instances digesting: each is queued one message', async () => {
      const product = `p-alert-many-${randomBytes(4).toString('hex')}`;
      await putProduct(product, 100);
      const emails = await wishingShoppers('alert-many-', 30, product);
      await putProduct(product, 80);
      // Both take part, whatever the machine's speed: A starts once B holds a shopper, and B goes on
      // once A holds one too. Every shopper after that goes to whichever instance asks first.
      const [first, second] = instances;
      if (!first || !second) throw new Error('two instances');
      let bHolds = () => {};
      let aHolds = () => {};
      const bHeld = new Promise<void>((resolve) => (bHolds = resolve));
      const aHeld = new Promise<void>((resolve) => (aHolds = resolve));
      first.gates.beforeClaim = () => bHeld;
      first.gates.afterClaim = async (claimed) => {
        if (claimed) aHolds();
      };
      second.gates.afterClaim = async (claimed) => {
        if (!claimed) return;
        bHolds();
        await aHeld;
      };
      try {
        await bothDigest(product);
      } finally {
        for (const gates of [first.gates, second.gates]) {
          delete gates.beforeClaim;
          delete gates.afterClaim;
        }
      }
      expect([...(await alertMessages(emails)).values()]).toEqual(emails.map(() => 1));
      for (const instance of instances) expect(instance.claimedFor.length, instance.name).toBeGreaterThan(0);
      const claimed = instances.flatMap((instance) => instance.claimedFor);
      expect(new Set(claimed).size).toBe(claimed.length);
    });
  });

  it('a stopping instance finishes the delivery under way before it exits', async () => {
    // Only A delivers from now on: B is stopped first, gracefully.
    b.process.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    answer = () => 'slow';
    const browser = new HttpBrowser(a.url);
    await signIn(browser, 'demo-noah');
    const count = receiver.received.length;
    expect(
      (await browser.request({ method: 'PATCH', url: api('/setting/newsletters'), body: { NewsletterIds: [3] } }))
        .statusCode,
    ).toBe(200);
    await eventually(() => expect(receiver.received.length).toBeGreaterThan(count), 15_000);
    a.process.kill('SIGTERM');
    // The instance waits for the endpoint's answer, a second away, before it exits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.process.exitCode).toBeNull();
    expect(await a.exited).toBe(0);
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ state: string; attempts: number; lease_until: string | null }>(
      "select d.state, d.attempts, d.lease_until from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.type = 'newsletters.updated' order by d.id desc limit 1",
    );
    await client.end();
    expect(rows[0]).toEqual({ state: 'delivered', attempts: 1, lease_until: null });
  }, 30_000);
});
