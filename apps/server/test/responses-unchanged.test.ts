/**
 * DESIGN §8 / the speed work: making the hot calls cheaper must not change a byte of what they
 * answer. The bench's generator fills a small shop at a fixed moment, the clock is held there, and
 * the hot calls of several shoppers (the one with a long history, typical ones, one without
 * orders) are answered as recorded in responses-unchanged.json, on SQLite and on PostgreSQL alike.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateShop } from '../bench/generate.js';
import { createSessions } from '../bench/sessions.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { PRIVATE_ADDRESS } from './fixtures/addresses.js';
import { api, databaseKind, freshDatabase } from './support/test-app.js';

/** The moment the generated shop's history ends, and the server's clock during the test. */
const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const SIZE = { shoppers: 30, orders: 400, heavyOrders: 120 };

type App = Awaited<ReturnType<typeof buildApp>>;

let app: App;
let drop: () => Promise<void>;
let sessions: Awaited<ReturnType<typeof createSessions>>;
let orderOf: Map<number, number>;
/**
 * The SQL statements of the measured request: only those run in its async context, so that what
 * the server's own timers run meanwhile (the webhook and mail dispatchers, the deletion job, the
 * flush of session activity) is not counted with them.
 */
const measured = new AsyncLocalStorage<string[]>();
/**
 * The session's own statement: SQLite reads the session with every call; a PostgreSQL instance
 * keeps it in memory while it hears of every end (modules/sessions/cache.ts).
 */
const SESSION_READS = databaseKind === 'postgres' ? 0 : 1;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  const database = await freshDatabase();
  drop = database.drop;
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig({ DEMO: 'false', SESSION_SECRET: secret, LOG_LEVEL: 'silent', ...database.env });
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let shop: Awaited<ReturnType<typeof generateShop>>;
  try {
    await migrateToLatest(db);
    shop = await generateShop(db, SIZE, NOW);
  } finally {
    await db.close();
  }
  app = await buildApp(config, {
    logger: false,
    onStatement: (text) => measured.getStore()?.push(text),
  });
  // The heavy shopper, a spread of typical ones, and the last (the generator leaves some without orders).
  const ids = [shop.heavyShopperId, shop.typicalShopperId, ...[11, 27].map((i) => shop.firstShopperId + i)];
  sessions = await createSessions(app.db.kysely, ids, secret);
  const latest = await app.db.kysely
    .selectFrom('orders')
    .select((eb) => ['shopperId', eb.fn.max('id').as('id')])
    .where('shopperId', 'in', ids)
    .groupBy('shopperId')
    .execute();
  orderOf = new Map(latest.map((row) => [row.shopperId, Number(row.id)]));
  if (databaseKind === 'postgres') {
    await vi.waitFor(() => expect(app.endedSessions?.live).toBe(true), { timeout: 10_000, interval: 50 });
  }
}, 60_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
  vi.useRealTimers();
});

async function answer(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  session: (typeof sessions)[number],
  body?: object,
) {
  const response = await app.inject({
    method,
    url: api(url),
    headers: method === 'GET' ? { cookie: session.cookie } : session.writeHeaders,
    ...(body ? { payload: body } : {}),
  });
  return `${method} ${url} → ${response.statusCode}\n${response.body}`;
}

describe('DESIGN §8: the hot calls answer byte for byte what they answered before the speed work', () => {
  it('GET /shopuser/me, the order list (pages, search), an order, POST /address and /me after it', async () => {
    const answers: string[] = [];
    for (const session of sessions) {
      const orderId = orderOf.get(session.shopperId);
      answers.push(
        `# shopper ${session.shopperId}`,
        await answer('GET', '/shopuser/me', session),
        await answer('GET', '/order?page=1', session),
        await answer('GET', '/order?page=2', session),
        await answer('GET', '/order?query=jacket', session),
        await answer('GET', '/order?query=BN-00000', session),
        ...(orderId === undefined ? [] : [await answer('GET', `/order/${orderId}`, session)]),
        await answer('GET', '/setting/preferences', session),
        await answer('PATCH', '/setting/interests', session, { InterestIds: [2, 1, 2] }),
        await answer('POST', '/address', session, PRIVATE_ADDRESS),
        await answer('GET', '/shopuser/me', session),
      );
    }
    await expect(`${answers.join('\n\n')}\n`).toMatchFileSnapshot('./responses-unchanged.txt');
  });
});

describe('DESIGN §8: fewer statements per call', () => {
  const readsAchievements = (text: string) => /\b(from|join) "achievements"/.test(text);

  async function statementsOf(
    url: string,
    session: (typeof sessions)[number],
    method: 'GET' | 'POST' | 'PATCH' = 'GET',
    body?: object,
  ): Promise<string[]> {
    // Once unmeasured, so that the session's activity (recorded once a minute) is not counted.
    await answer(method, url, session, body);
    const statements: string[] = [];
    await measured.run(statements, () => answer(method, url, session, body));
    return statements;
  }

  it('reads an order from its own row, its products and transactions included: the order list page and an order in one statement, and the session’s on SQLite, none reading order_products or order_transactions', async () => {
    const session = sessions[0]!;
    const readsLineTables = (text: string) => /order_(products|transactions)/.test(text);
    for (const url of ['/order?page=1', '/order?query=jacket', `/order/${orderOf.get(session.shopperId)}`]) {
      const run = await statementsOf(url, session);
      expect(run, url).toHaveLength(1 + SESSION_READS);
      expect(run.filter(readsLineTables), url).toEqual([]);
    }
    expect((await statementsOf('/shopuser/me', session)).filter(readsLineTables)).toEqual([]);
  });

  it('reads the whole account in one statement, its lists and the other modules’ parts included: /shopuser/me in one, and the session’s on SQLite', async () => {
    const partsOfTheAccount = [
      'recently_viewed',
      'wishlist_items',
      'shopper_interests',
      'shopper_newsletters',
      'orders',
      'invoices',
      'addresses',
      'catalogue_versions',
      'shopper_achievements',
      'vouchers',
      'voucher_campaigns',
      'telephone_verifications',
    ];
    for (const session of sessions) {
      const run = await statementsOf('/shopuser/me', session);
      expect(run).toHaveLength(1 + SESSION_READS);
      if (SESSION_READS) expect(run[0]).toMatch(/from "sessions"/);
      for (const table of partsOfTheAccount)
        expect(run.at(-1), table).toMatch(new RegExp(`\\b(from|join) "?${table}"?\\b`));
      // The shop's catalogue, the same in every account, is held by the instance.
      expect(run.filter(readsAchievements)).toEqual([]);
    }
  });

  it('reads the achievements catalogue again only after it changed, whoever changed it: an operator’s SQL that renames, adds or removes an achievement shows in the next /shopuser/me', async () => {
    const session = sessions[0]!;
    const achievementsShown = async () => {
      const statements: string[] = [];
      // The injection starts when awaited: inside the measured context.
      const response = await measured.run(statements, async () => {
        const answered = await app.inject({
          method: 'GET',
          url: api('/shopuser/me'),
          headers: { cookie: session.cookie },
        });
        return answered;
      });
      const account = response.json<{ achievements: { achievementId: number; name: string; progress: number }[] }>();
      return { achievements: account.achievements, reads: statements.filter(readsAchievements).length };
    };
    const before = await achievementsShown();
    expect(before.reads).toBe(0);
    const first = before.achievements[0]!;
    const db = app.db.kysely;
    const changes: [string, () => Promise<unknown>, (shown: typeof before.achievements) => void][] = [
      [
        'renamed',
        () =>
          db
            .updateTable('achievements')
            .set({ name: 'Renamed by hand' })
            .where('id', '=', first.achievementId)
            .execute(),
        (shown) => expect(shown[0]).toEqual({ ...first, name: 'Renamed by hand' }),
      ],
      [
        'added',
        () =>
          db
            .insertInto('achievements')
            .values({
              name: 'Added by hand',
              detail: null,
              description: '',
              reward: null,
              icon: null,
              scaleType: 0,
              totalProgress: 10,
              currency: null,
              viewOrder: 1_000_000,
              createdAt: new Date(NOW).toISOString(),
            })
            .execute(),
        (shown) =>
          expect(shown.map((a) => a.name)).toEqual([
            ...before.achievements.map((a, i) => (i === 0 ? 'Renamed by hand' : a.name)),
            'Added by hand',
          ]),
      ],
      [
        'removed',
        () => db.deleteFrom('achievements').where('name', '=', 'Added by hand').execute(),
        (shown) =>
          expect(shown.map((a) => a.name)).toEqual(
            before.achievements.map((a, i) => (i === 0 ? 'Renamed by hand' : a.name)),
          ),
      ],
    ];
    try {
      for (const [change, make, shows] of changes) {
        await make();
        const after = await achievementsShown();
        expect(after.reads, change).toBe(1);
        shows(after.achievements);
        expect((await achievementsShown()).reads, change).toBe(0);
      }
    } finally {
      await db.updateTable('achievements').set({ name: first.name }).where('id', '=', first.achievementId).execute();
    }
  });

  it('replaces the chosen interests, its insert checking the ids against the shop’s list, and answers the shop’s two lists each marked from one read: PATCH /setting/interests in seven: the session’s on SQLite, PostgreSQL’s lock of the shopper in its place', async () => {
    for (const session of sessions) {
      const run = await statementsOf('/setting/interests', session, 'PATCH', { InterestIds: [2, 1, 2] });
      // The delete, the insert, and the lists with the choice marked: the choice is not read back.
      expect(run.filter((text) => /"shopper_interests"/.test(text))).toHaveLength(3);
      // [The session's], begin, [lock], delete, insert, the webhook endpoints, commit, the lists.
      expect(run).toHaveLength(6 + SESSION_READS + (databaseKind === 'postgres' ? 1 : 0));
      expect(run.filter((text) => /from "interests"/.test(text))).toHaveLength(2);
      expect(run.filter((text) => /from "newsletters"/.test(text))).toHaveLength(1);
    }
  });

  it('adds an address checking its country against the shop’s lists in memory, locks the book while asking whether it has an address and which are its defaults in one statement, and has the insert answer the address: POST /address in five, and the session’s on SQLite', async () => {
    for (const session of sessions) {
      const run = await statementsOf('/address', session, 'POST', PRIVATE_ADDRESS);
      expect(run.filter((text) => /from "countries"/.test(text))).toEqual([]);
      const reads = run.filter((text) => /^select/.test(text) && /"addresses"/.test(text));
      // The lock with the questions; the insert returns the address as stored.
      expect(reads).toHaveLength(1);
      // [The session's], begin, the lock, the insert, the webhook endpoints, commit.
      expect(run).toHaveLength(5 + SESSION_READS);
    }
  });
});
