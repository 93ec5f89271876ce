/**
 * The alerts section (issue 47, DESIGN §8: background fan-out measured by the bench): one product
 * on 100,000 wishlists with their alerts on, in a database of its own made anew each run (shoppers
 * with a verified email, seeing euros). The built server runs on it (its alert job looking every
 * 100 ms); the shop lowers the product's price through the integration API, and the bench reports:
 * how long that PUT takes (against the same PUT of a product on no wishlist: the fan-out must not
 * be the request's), how long the server's job takes to fan the change out to all 100,000, the
 * server's resident memory before and at its peak meanwhile (sampled every 100 ms), and the p99 of
 * GET /shopuser/me at moderate load (2 connections) before and during the fan-out. Then, with the
 * server stopped, the alert job's digests in this process (`now` past the digest window): the
 * first DIGEST_SHOPPERS shoppers' messages queued, in alerts per second.
 */
import { API_BASE, DEFAULT_ALERT_DIGEST_MINUTES, INTEGRATION_BASE } from '@account/contract';
import type { DatabaseKind, Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { NewRow } from '../src/db/types.js';
import { alertJob, SHOPPERS_PER_ROUND } from '../src/modules/notifications/alert-job.js';
import { NO_PUBLIC_PROVIDERS } from '../src/modules/settings/service.js';
import { buildDatabaseServices } from '../src/services.js';
import { percentile } from './api.js';
import { benchDatabase } from './databases.js';
import { insertAll } from './generate.js';
import { memoryOf, memorySampler, SESSION_SECRET, startAccountServer } from './processes.js';
import { createSessions } from './sessions.js';

export const ALERT_WISHLISTS = 100_000;
/** Shoppers whose digest is timed: 100 of the job's rounds, enough for a steady rate. */
const DIGEST_SHOPPERS = 5_000;
/** The server's alert job looks this often (MAIL_POLL_INTERVAL_MS); the fan-out starts within it. */
const POLL_MS = 100;
const MODERATE_CONNECTIONS = 2;
const FAN_OUT_GIVE_UP_MS = 300_000;
const WISHED = 'bench-alert-wished';
const QUIET = 'bench-alert-quiet';

export interface AlertsResult {
  wishlists: number;
  /** PUT /products/:id lowering the price of the product on every wishlist, ms. */
  putMs: number;
  /** The same PUT of a product on no wishlist (median of 5), ms. */
  quietPutMs: number;
  /** From the PUT's answer until the change is fanned out to every wishlist (polled every 50 ms), ms. */
  fanOutMs: number;
  alertsMade: number;
  serverRssBeforeBytes: number;
  serverPeakRssBytes: number;
  /** GET /shopuser/me at moderate load: before the PUT and while the fan-out runs. */
  getBefore: { requests: number; p50: number; p99: number; max: number };
  getDuringFanOut: { requests: number; p50: number; p99: number; max: number };
  /** Alerts sent in the timed digests: one per shopper. */
  digestAlerts: number;
  digestMs: number;
  messagesQueued: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh database holding the wishlists; this section's own, so the generated shop stays as it is. */
async function wishlistsDatabase(db: Db): Promise<void> {
  await migrateToLatest(db);
  const k = db.kysely;
  const now = new Date().toISOString();
  const product = (externalId: string) => ({
    externalId,
    name: `Bench ${externalId}`,
    categoryName: 'Bench',
    priceE4: 1_000_000,
    image: null,
    url: `/product/${externalId}`,
    currency: 'EUR',
    productType: 0,
    createdAt: now,
    updatedAt: now,
  });
  await k.transaction().execute((trx) => insertAll(trx, 'products', [product(WISHED), product(QUIET)]));
  const { id: productId } = await k
    .selectFrom('products')
    .select('id')
    .where('externalId', '=', WISHED)
    .executeTakeFirstOrThrow();
  const shoppers: NewRow<'shoppers'>[] = Array.from({ length: ALERT_WISHLISTS }, (_, i) => ({
    id: i + 1,
    email: `alert${i}@bench.example.com`,
    emailVerifiedBy: 'shop',
    firstName: 'Alert',
    lastName: `Shopper${i}`,
    telephone: '',
    gender: 1,
    birthDate: null,
    imageUrl: null,
    firstTimeLogin: 0,
    telephoneVerifyDate: null,
    defaultLanguage: 'en',
    defaultCountry: 'NL',
    defaultCurrency: 'EUR',
    createdAt: now,
    updatedAt: now,
    wishlistAlerts: 1,
  }));
  await k.transaction().execute(async (trx) => {
    await insertAll(trx, 'shoppers', shoppers);
    await insertAll(
      trx,
      'wishlistItems',
      shoppers.map((s) => ({ shopperId: s.id ?? 0, productId, addedAt: now, alert: 1 })),
    );
  });
}

/** Sequential GETs on `connections` connections until `until` resolves; each response's ms. */
async function getsUntil(url: string, cookie: string, until: Promise<unknown>) {
  let done = false;
  const stop = () => {
    done = true;
  };
  // Its failure is the caller's to await; here it only ends the loop.
  until.then(stop, stop);
  const times: number[] = [];
  const loop = async () => {
    while (!done) {
      const began = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
      times.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: MODERATE_CONNECTIONS }, loop));
  const sorted = Float64Array.from(times).sort();
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export async function alertsSection(
  kind: DatabaseKind,
  options: { dir: string; logDir: string; logLevel: string },
): Promise<AlertsResult> {
  // A size of its own names this section's database (no orders: none of the generated shop's).
  const bench = await benchDatabase(kind, options.dir, { shoppers: ALERT_WISHLISTS, orders: 0, heavyOrders: 0 });
  try {
    const db = await bench.recreate();
    const began = performance.now();
    await wishlistsDatabase(db);
    console.log(
      `  ${ALERT_WISHLISTS.toLocaleString('en')} wishlists written in ${Math.round(performance.now() - began)} ms`,
    );
    const services = buildDatabaseServices(db, NO_PUBLIC_PROVIDERS, {
      accountUrl: 'http://127.0.0.1/account',
      email: true,
      sms: false,
    });
    const { key } = await services.apiKeys.create('bench alerts');
    const [session] = await createSessions(db.kysely, [1], SESSION_SECRET);
    if (!session) throw new Error('no session');

    const server = await startAccountServer({
      name: `alerts-${kind}`,
      env: { ...bench.serverEnv, MAIL_POLL_INTERVAL_MS: String(POLL_MS) },
      logDir: options.logDir,
      logLevel: options.logLevel,
    });
    let result: Omit<AlertsResult, 'digestAlerts' | 'digestMs' | 'messagesQueued'>;
    try {
      const put = async (externalId: string, amount: number) => {
        const start = performance.now();
        const response = await fetch(`${server.origin}${INTEGRATION_BASE}/products/${externalId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Bench ${externalId}`, price: { amount, currency: 'EUR' } }),
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`PUT /products/${externalId}: ${response.status}`);
        return performance.now() - start;
      };
      const me = `${server.origin}${API_BASE}/shopuser/me`;
      // Warm: the calls' code compiled, the pools' connections open.
      await getsUntil(me, session.cookie, sleep(2000));
      const quiet: number[] = [];
      for (let i = 0; i < 5; i++) quiet.push(await put(QUIET, 100 - i * 10));
      const getBefore = await getsUntil(me, session.cookie, sleep(3000));

      const serverRssBeforeBytes = memoryOf(server.pid)?.rss ?? Number.NaN;
      const sampler = memorySampler(server.pid);
      const putMs = await put(WISHED, 80);
      const fannedAt = performance.now();
      const fannedOut = (async () => {
        for (;;) {
          const change = await db.kysely
            .selectFrom('productChanges as c')
            .innerJoin('products as p', 'p.id', 'c.productId')
            .select('c.fannedAt')
            .where('p.externalId', '=', WISHED)
            .executeTakeFirst();
          if (change?.fannedAt) return performance.now() - fannedAt;
          const exited = server.exited();
          if (exited) throw new Error(exited);
          // A job that fails every round never finishes: its warnings are in the server's log.
          if (performance.now() - fannedAt > FAN_OUT_GIVE_UP_MS) {
            throw new Error(`the fan-out did not finish in ${FAN_OUT_GIVE_UP_MS / 1000} s; see ${server.logFile}`);
          }
          await sleep(50);
        }
      })();
      const getDuringFanOut = await getsUntil(me, session.cookie, fannedOut);
      const fanOutMs = await fannedOut;
      const serverPeakRssBytes = sampler.stop();
      const made = await db.kysely
        .selectFrom('wishlistAlerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      result = {
        wishlists: ALERT_WISHLISTS,
        putMs,
        quietPutMs: quiet.sort((x, y) => x - y)[2] ?? Number.NaN,
        fanOutMs,
        alertsMade: Number(made.n),
        serverRssBeforeBytes,
        serverPeakRssBytes,
        getBefore,
        getDuringFanOut,
      };
    } finally {
      await server.stop();
    }

    // The digests, here with `now` past the window (the server would wait alertDigestMinutes).
    const job = alertJob({
      repository: services.repositories.notifications,
      notifications: services.notifications,
      settings: services.settings,
      accountUrl: 'http://127.0.0.1/account',
      pollIntervalMs: POLL_MS,
    });
    const later = new Date(Date.now() + (DEFAULT_ALERT_DIGEST_MINUTES + 1) * 60_000);
    const digestBegan = performance.now();
    for (let round = 0; round < DIGEST_SHOPPERS / SHOPPERS_PER_ROUND; round++) await job.runOnce(later);
    const digestMs = performance.now() - digestBegan;
    const sent = await db.kysely
      .selectFrom('wishlistAlerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'sent')
      .executeTakeFirstOrThrow();
    const queued = await db.kysely
      .selectFrom('mailQueue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { ...result, digestAlerts: Number(sent.n), digestMs, messagesQueued: Number(queued.n) };
  } finally {
    await bench.close();
  }
}
