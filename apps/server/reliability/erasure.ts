/**
 * Erasure under SIGKILL (issue 21: "deleting is atomic: a crash midway leaves either the whole
 * account or its erasure finished when the job resumes"). A shop of accounts with data in every
 * table an erasure touches (the bench's generator: orders with invoices, addresses, vouchers,
 * achievements, wishlists...; and codes, mail, texts and rate-limit counters under each one's
 * address and number) is erased while the server is SIGKILLed again and again, each kill aimed at
 * a moment when a write transaction is open. A third of the accounts wait for the deletion job
 * (their grace period ends one after the other during the run), a third delete themselves over
 * HTTP (the typed word), a third are not deleted. After every kill, with the server down, the
 * database is read: every account must be whole or erased (erasure-checks.ts). Then the server
 * starts on what the last kill left, the job erases whatever is still due, and the same holds.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { generateShop } from '../bench/generate.js';
import type { Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { HttpBrowser } from '../test/support/http-browser.js';
import { signInByEmail } from '../test/support/sign-in.js';
import { addUnreachableWebhook, openTarget, type TargetDatabase } from './databases.js';
import { type AccountRows, type AccountState, snapshot, statesNow } from './erasure-checks.js';
import { firstFew, type Report, rule, sleep } from './report.js';
import { RUN_SERVER_ENV, ServerProcess } from './server-process.js';
import { api, call, type Outcome } from './shoppers.js';

export interface ErasureOptions {
  database: TargetDatabase;
  /** Accounts in the shop (the bench generator's shoppers). */
  accounts: number;
  kills: number;
  /** Load time between a restart and the aimed kill; each drawn from 0.5–1.5 times this. */
  uptimeMs: number;
  logDir: string;
}

/** Orders per account on average; the first account has HEAVY_ORDERS, the longest erasure. */
const ORDERS_PER_ACCOUNT = 40;
const HEAVY_ORDERS = 1500;
/** How long after a restart the job may take to erase what is still due. */
const FINISH_TIMEOUT_MS = 180_000;

type Group = 'job' | 'request' | 'kept';

/** Codes, mail, texts and limits under each account's address and number, as real use leaves them. */
async function fillAddressKeyed(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const k = db.kysely;
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 3_600_000).toISOString();
  const phones = new Map(ids.map((id) => [id, `+316${String(10_000_000 + id).slice(-8)}`]));
  const shoppers = await k.selectFrom('shoppers').select(['id', 'email']).where('id', 'in', ids).execute();
  for (const { id, email } of shoppers) {
    const telephone = phones.get(id) ?? '';
    await k.transaction().execute(async (trx) => {
      await trx
        .updateTable('shoppers')
        .set({ telephone, telephoneVerifyDate: now, emailVerifiedBy: 'code', emailVerifiedAt: now })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('telephoneVerifications')
        .values({ shopperId: id, telephone, codeHash: 'x'.repeat(64), createdAt: now, expiresAt: later })
        .execute();
      await trx
        .insertInto('emailCodes')
        .values([
          { purpose: 'verify', shopperId: id, email, codeHash: 'x'.repeat(64), createdAt: now, expiresAt: later },
          { purpose: 'sign_in', shopperId: null, email, codeHash: 'y'.repeat(64), createdAt: now, expiresAt: later },
        ])
        .execute();
      await trx
        .insertInto('mailOutbox')
        .values({ recipient: email, subject: 'Your code', text: '123456', html: '<p>123456</p>', createdAt: now })
        .execute();
      await trx.insertInto('smsOutbox').values({ telephone, body: 'Your code: 123456', createdAt: now }).execute();
      await trx
        .insertInto('rateLimits')
        .values([
          { key: `reliability:recipient:${email}`, points: 1, expire: Date.now() + 3_600_000 },
          { key: `reliability:recipient:${telephone}`, points: 1, expire: Date.now() + 3_600_000 },
        ])
        .execute();
    });
  }
  return new Map(shoppers.map((s) => [s.id, s.email]));
}

/** Signs in over HTTP as the shopper with this verified email (the demo provider's email sign-in). */
async function signedInByEmail(baseUrl: string, email: string): Promise<HttpBrowser> {
  const browser = new HttpBrowser(baseUrl);
  const landed = await signInByEmail(browser, email);
  if (landed.headers.location !== '/account/')
    throw new Error(`${email}: sign-in landed at ${landed.headers.location}`);
  return browser;
}

/**
 * Whether the server has a write transaction open right now: on PostgreSQL a backend of its with
 * a transaction id (it has written); on SQLite the write lock, which a probe cannot take.
 */
function writeProbe(database: TargetDatabase): { open(): Promise<boolean>; close(): Promise<void> } {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    const connected = client.connect();
    return {
      async open() {
        await connected;
        const { rows } = await client.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`,
        );
        return Number(rows[0]?.n) > 0;
      },
      close: () => client.end(),
    };
  }
  const sqlite = new SQLite(path.join(database.env.DATA_DIR ?? '', 'account.db'), { timeout: 0 });
  return {
    async open() {
      try {
        sqlite.exec('begin immediate');
      } catch {
        return true;
      }
      sqlite.exec('rollback');
      return false;
    },
    close: async () => {
      sqlite.close();
    },
  };
}

export async function runErasure(options: ErasureOptions): Promise<Report> {
  const { database } = options;
  mkdirSync(options.logDir, { recursive: true });
  const began = performance.now();

  // The shop, generated straight into the database before the server first starts.
  const direct = openTarget(database);
  await migrateToLatest(direct);
  const shop = await generateShop(direct, {
    shoppers: options.accounts,
    orders: options.accounts * ORDERS_PER_ACCOUNT + HEAVY_ORDERS,
    heavyOrders: HEAVY_ORDERS,
  });
  const ids = Array.from({ length: options.accounts }, (_, i) => shop.firstShopperId + i);
  const emails = await fillAddressKeyed(direct, ids);
  await addUnreachableWebhook(direct);
  // A third each; the first, the heavy account, waits for the job.
  const GROUPS: Group[] = ['job', 'request', 'kept'];
  const groups = new Map(ids.map((id, index) => [id, GROUPS[index % 3] ?? 'kept']));
  const inGroup = (group: Group) => ids.filter((id) => groups.get(id) === group);

  const server = await ServerProcess.create({
    env: {
      ...database.env,
      ...RUN_SERVER_ENV,
      // No mail: a deletion is confirmed with the typed word after a recent sign-in.
      MAIL_TRANSPORT: 'none',
      RECENT_SIGN_IN: '3600',
      ACCOUNT_DELETION_POLL_INTERVAL_MS: '100',
    },
    logFile: path.join(options.logDir, `erasure-${database.kind}.log`),
  });
  await server.start();
  const requesters = await Promise.all(
    inGroup('request').map(async (id) => ({ id, browser: await signedInByEmail(server.url, emails.get(id) ?? '') })),
  );

  // The job's accounts: scheduled a day ago with a grace period of days (signed out everywhere).
  // The load comes in one batch per kill: at each start, the grace period of a batch of them ends
  // and a batch of the others asks to delete; the heavy account is in the last batch.
  const startsAt = Date.now();
  const jobIds = inGroup('job');
  await direct.kysely.deleteFrom('sessions').where('shopperId', 'in', jobIds).execute();
  await direct.kysely
    .updateTable('shoppers')
    .set({ deletionDueAt: new Date(startsAt + 86_400_000).toISOString() })
    .where('id', 'in', jobIds)
    .execute();
  const batchOf = (index: number) => options.kills - 1 - (index % options.kills);
  const before: Map<number, AccountRows> = await snapshot(direct.kysely, ids);
  const batchStarts = Array.from({ length: options.kills }, () => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  });

  // The shoppers deleting themselves: each at a moment of its batch, again until answered.
  let stopped = false;
  const answers = new Map<number, { status: number; interruptedBefore: number }>();
  const unexpected: string[] = [];
  const requests = requesters.map(async ({ id, browser }, index) => {
    await batchStarts[batchOf(index)]?.promise;
    await sleep(Math.random() * options.uptimeMs);
    let interrupted = 0;
    while (!stopped) {
      const outcome: Outcome = await call(browser, {
        method: 'POST',
        url: api('/privacy/delete-account'),
        body: { Confirmation: 'DELETE' },
      });
      if (outcome.kind === 'answered') {
        answers.set(id, { status: outcome.status, interruptedBefore: interrupted });
        // 401: an earlier attempt, cut off by a kill, had erased the account (and its sessions).
        if (outcome.status !== 200 && !(outcome.status === 401 && interrupted > 0)) {
          unexpected.push(`${id}: ${outcome.status} ${outcome.body.slice(0, 100)}`);
        }
        return;
      }
      if (outcome.kind === 'interrupted') interrupted++;
      await sleep(200);
    }
  });

  const probe = writeProbe(database);
  const afterKills: { kill: number; whole: number; erased: number; partial: string[] }[] = [];
  const tally = (states: Map<number, AccountState>) => {
    const list = [...states.values()];
    return {
      whole: list.filter((s) => s.state === 'whole').length,
      erased: list.filter((s) => s.state === 'erased').length,
      partial: [...states].flatMap(([id, s]) => (s.state === 'partial' ? [`${id} (${groups.get(id)}): ${s.why}`] : [])),
    };
  };
  let aimed = 0;
  for (let kill = 1; kill <= options.kills; kill++) {
    const due = jobIds.filter((_, index) => batchOf(index) === kill - 1);
    await direct.kysely
      .updateTable('shoppers')
      .set({ deletionDueAt: new Date().toISOString() })
      .where('id', 'in', due)
      .execute();
    batchStarts[kill - 1]?.resolve();
    // The last kill comes as the job sets to its batch: the start after it finds erasures due.
    await sleep(kill === options.kills ? 200 : options.uptimeMs * (0.5 + Math.random()));
    // Aim: kill as soon as a write transaction (nearly always an erasure here) is seen open.
    const until = Date.now() + 2000;
    let open = false;
    while (!open && Date.now() < until) {
      open = await probe.open();
      if (!open) await sleep(2);
    }
    if (open) aimed++;
    await server.kill();
    // With the server down: what the crash left, as the next start will find it.
    afterKills.push({ kill, ...tally(await statesNow(direct.kysely, before)) });
    if (kill < options.kills) await server.start();
  }
  stopped = true;
  for (const start of batchStarts) start.resolve();
  await Promise.all(requests);
  const loadSeconds = (Date.now() - startsAt) / 1000;

  // The server starts on what the last kill left; the job erases whatever is still due.
  await server.start();
  const dueLeft = async () =>
    Number(
      (
        await direct.kysely
          .selectFrom('shoppers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deletionDueAt', 'is not', null)
          .where('deletedAt', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const dueAtRestart = await dueLeft();
  const finishing = performance.now();
  while ((await dueLeft()) > 0 && performance.now() - finishing < FINISH_TIMEOUT_MS) await sleep(200);
  const finishSeconds = (performance.now() - finishing) / 1000;
  const final = await statesNow(direct.kysely, before);
  const exitCode = await server.stop();
  await probe.close();
  const integrity =
    direct.raw.kind === 'sqlite' ? String(direct.raw.sqlite.pragma('integrity_check', { simple: true })) : 'ok';
  await direct.close();

  const finalTally = tally(final);
  const stateIn = (group: Group, state: AccountState['state']) =>
    inGroup(group).filter((id) => final.get(id)?.state === state);
  const acked = [...answers].filter(([, a]) => a.status === 200).map(([id]) => id);
  const requestedNotErased = acked.filter((id) => final.get(id)?.state !== 'erased');
  const violations = afterKills.flatMap((k) => k.partial.map((p) => `after kill ${k.kill}: ${p}`));
  return {
    title: `Erasure under SIGKILL on ${database.kind}`,
    facts: [
      [
        'accounts',
        `${ids.length} (${jobIds.length} for the job, ${requesters.length} deleting themselves over HTTP, ${inGroup('kept').length} kept); ${shop.rows.orders?.toLocaleString('en') ?? '?'} orders, the heaviest ${HEAVY_ORDERS}`,
      ],
      [
        'load',
        `${loadSeconds.toFixed(1)} s, ${options.kills} SIGKILLs, ${aimed} of them while a write transaction was open`,
      ],
      ['after each kill (whole/erased)', afterKills.map((k) => `${k.whole}/${k.erased}`).join(', ')],
      [
        'deletions over HTTP',
        `${acked.length} answered 200, ${[...answers.values()].filter((a) => a.status === 401).length} found erased by an attempt a kill cut off, ${requesters.length - answers.size} never answered; ${[...answers.values()].reduce((n, a) => n + a.interruptedBefore, 0)} attempts cut off`,
      ],
      ['due at the last start', `${dueAtRestart}, erased by the job within ${finishSeconds.toFixed(1)} s`],
      ['in the end (whole / erased)', `${finalTally.whole} / ${finalTally.erased}`],
      ['whole run', `${((performance.now() - began) / 1000).toFixed(1)} s`],
    ],
    rules: [
      rule(
        'after every kill, and in the end, every account is whole (every row as before, no shopper.deleted) or erased (no personal data, orders kept anonymised, its shopper.deleted recorded exactly once with one delivery queued), never between',
        violations.length === 0 && finalTally.partial.length === 0,
        firstFew([...violations, ...finalTally.partial]),
      ),
      rule(
        'the job finished the rest after the restarts: every account whose grace period ended is erased',
        stateIn('job', 'erased').length === jobIds.length,
        `${stateIn('job', 'erased').length} of ${jobIds.length} erased`,
      ),
      rule(
        'every deletion answered 200 is erased; the accounts never deleted are whole',
        requestedNotErased.length === 0 && stateIn('kept', 'whole').length === inGroup('kept').length,
        `${acked.length - requestedNotErased.length} of ${acked.length} erased; ${stateIn('kept', 'whole').length} of ${inGroup('kept').length} kept whole`,
      ),
      rule(
        'the deletions over HTTP met no answer they should not (a 5xx, a 400)',
        unexpected.length === 0,
        firstFew(unexpected),
      ),
      rule(
        `the server never exited on its own; SIGTERM exits 0${direct.raw.kind === 'sqlite' ? '; SQLite’s integrity_check is clean' : ''}`,
        server.crashes === 0 && exitCode === 0 && integrity === 'ok',
        `${server.crashes} crashes; exit code ${exitCode}${direct.raw.kind === 'sqlite' ? `; integrity ${integrity}` : ''}`,
      ),
    ],
  };
}
