/**
 * The database goes away under load, and comes back. PostgreSQL: the run's own cluster is stopped
 * (a fast shutdown: sessions are terminated, new connections refused) and started again. SQLite:
 * another connection holds the write lock (as a long import or a second process would).
 *
 * While it is away the API answers quickly, with 503 and the one error body, never 500 and never a
 * hang; readiness says 503 (PostgreSQL; SQLite still reads, so it stays ready) and liveness 200;
 * the process keeps running. When it is back the API serves again by itself, without a restart.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, ErrorBody } from '@account/contract';
import type SQLite from 'better-sqlite3';
import { SQLITE_BUSY_BUDGET_MS } from '../src/db/sqlite-busy.js';
import { openTarget, type PostgresCluster, type TargetDatabase } from './databases.js';
import { firstFew, maximum, percentile, type Report, rule, sleep } from './report.js';
import { RUN_SERVER_ENV, ServerProcess } from './server-process.js';
import { api, call, type Outcome, ok, type Shopper, signInShoppers } from './shoppers.js';

export interface OutageOptions {
  database: TargetDatabase;
  /** The cluster to stop; required for PostgreSQL. */
  cluster: PostgresCluster | null;
  /** How long the database stays away. */
  downMs: number;
  logDir: string;
  /** Load loops at once. */
  connections?: number;
  /** Load before the outage and after the recovery. */
  steadyMs?: number;
  /** Longest a call may take while the database is away (QUICK_MS); more room on a busy test machine. */
  quickMs?: number;
}

/** Longest a call may take while the database is away: well below the pool's 5 s connect timeout. */
const QUICK_MS = 1000;
/** From the database being back to the API serving again. */
const RECOVERY_MS = 5000;
/** After recovery, connections broken by the outage may still fail once: this long is allowed for it. */
const SETTLE_MS = 1000;

interface Sample {
  /** When the call was sent and answered, in ms since the run began. */
  sent: number;
  done: number;
  what: 'read' | 'write' | 'ready' | 'live';
  outcome: Outcome;
}

const describe = (s: Sample) =>
  `${s.what} at ${(s.sent / 1000).toFixed(1)} s: ${s.outcome.kind === 'answered' ? `${s.outcome.status} ${s.outcome.body.slice(0, 100)}` : s.outcome.kind}`;

/** A 503 in the one error body, code service_unavailable. */
function isUnavailable(outcome: Outcome): boolean {
  if (outcome.kind !== 'answered' || outcome.status !== 503) return false;
  try {
    const body = ErrorBody.strict().parse(JSON.parse(outcome.body));
    return body.status === 503 && body.code === ERROR_CODES.unavailable && body.message.length > 0;
  } catch {
    return false;
  }
}

export async function runOutage(options: OutageOptions): Promise<Report> {
  const { database, cluster } = options;
  const kind = database.kind;
  if (kind === 'postgres' && !cluster) throw new Error('the PostgreSQL outage needs a cluster of its own');
  mkdirSync(options.logDir, { recursive: true });
  const server = await ServerProcess.create({
    env: { ...database.env, ...RUN_SERVER_ENV },
    logFile: path.join(options.logDir, `outage-${kind}.log`),
  });
  await server.start();
  const shoppers = await signInShoppers(server.url, ['demo-emma', 'demo-sofia', 'demo-lukas', 'demo-noah']);
  const probe = shoppers[0]?.browser;
  if (!probe) throw new Error('no shoppers');

  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const samples: Sample[] = [];
  let stopped = false;
  let crashed = false;

  async function sample(what: Sample['what'], send: () => Promise<Outcome>): Promise<Outcome> {
    const sent = now();
    const outcome = await send();
    samples.push({ sent, done: now(), what, outcome });
    if (outcome.kind !== 'answered' && server.running === false) crashed = true;
    return outcome;
  }

  async function load(shopper: Shopper, n: number) {
    for (let i = n; !stopped; i++) {
      await sample('read', () => call(shopper.browser, api('/shopuser/me')));
      await sample('write', () =>
        call(shopper.browser, {
          method: 'PATCH',
          url: api('/setting/interests'),
          body: { InterestIds: [(i % 5) + 1] },
        }),
      );
    }
  }

  async function probes() {
    while (!stopped) {
      await Promise.all([
        sample('ready', () => call(probe as Shopper['browser'], '/account/api/ready')),
        sample('live', () => call(probe as Shopper['browser'], '/account/api/live')),
      ]);
      await sleep(200);
    }
  }

  const connections = options.connections ?? 8;
  const workers = [
    ...Array.from({ length: connections }, (_, i) => load(shoppers[i % shoppers.length] as Shopper, i)),
    probes(),
  ];

  const steadyMs = options.steadyMs ?? 3000;
  const quickMs = options.quickMs ?? QUICK_MS;
  await sleep(steadyMs);
  let lock: SQLite.Database | null = null;
  const away = now();
  if (cluster) {
    await cluster.stop();
  } else {
    const direct = openTarget(database);
    if (direct.raw.kind !== 'sqlite') throw new Error('expected SQLite');
    lock = direct.raw.sqlite;
    // Wait for the server's write under way, as another process would, then keep the lock.
    lock.pragma('busy_timeout = 5000');
    lock.exec('begin immediate');
  }
  const gone = now();
  // A SQLite write gives up after waiting SQLITE_BUSY_BUDGET_MS: the lock outlasts that, so some do.
  await sleep(kind === 'sqlite' ? Math.max(options.downMs, SQLITE_BUSY_BUDGET_MS + 2000) : options.downMs);
  const returning = now();
  if (cluster) {
    await cluster.start();
  } else {
    lock?.exec('rollback');
    lock?.close();
  }
  const back = now();
  // Recovered: the first call sent after the database is back that succeeds, reads and writes alike.
  let recovered: number | null = null;
  const recoveryDeadline = back + RECOVERY_MS;
  while (recovered === null && now() < recoveryDeadline) {
    const served = samples.filter((s) => s.sent >= back && (s.what === 'read' || s.what === 'write') && ok(s.outcome));
    if (served.some((s) => s.what === 'read') && served.some((s) => s.what === 'write')) {
      recovered = maximum(served.map((s) => s.done));
    } else {
      await sleep(50);
    }
  }
  await sleep(steadyMs);
  stopped = true;
  await Promise.all(workers);
  const stillRunning = server.running;
  const exitCode = await server.stop();

  const calls = (from: number, to: number, ...what: Sample['what'][]) =>
    samples.filter((s) => s.sent >= from && s.sent < to && what.includes(s.what));
  const before = samples.filter((s) => s.done < away && (s.what === 'read' || s.what === 'write'));
  // While away: sent after the database began to go and before it was coming back.
  const during = calls(away, returning, 'read', 'write');
  const afterwards = calls((recovered ?? back) + SETTLE_MS, Number.POSITIVE_INFINITY, 'read', 'write');
  const duringWrites = during.filter((s) => s.what === 'write');
  const failed = during.filter((s) => !ok(s.outcome));
  const wrongFailures = failed.filter((s) => !isUnavailable(s.outcome));
  const latencies = during.map((s) => s.done - s.sent);
  // Each call is quick; but a SQLite write waits for the lock for a while before it gives up.
  const limitOf = (s: Sample) => (kind === 'sqlite' && s.what === 'write' ? SQLITE_BUSY_BUDGET_MS + quickMs : quickMs);
  const slow = during.filter((s) => s.done - s.sent > limitOf(s));
  const duringReads = during.filter((s) => s.what === 'read');
  const hung = samples.filter((s) => s.outcome.kind === 'hung');
  const probesAway = calls(gone, returning, 'ready', 'live');
  const readyAway = probesAway.filter((s) => s.what === 'ready');
  const liveAway = probesAway.filter((s) => s.what === 'live');
  // SQLite still reads under another process's write lock, so the instance stays ready.
  const readyExpected = kind === 'postgres' ? 503 : 200;
  const status = (s: Sample) => (s.outcome.kind === 'answered' ? s.outcome.status : s.outcome.kind);

  const rules = [
    rule(
      'before the outage every call succeeds',
      before.length > 0 && before.every((s) => ok(s.outcome)),
      `${before.length} calls; ${firstFew(before.filter((s) => !ok(s.outcome)).map(describe))}`,
    ),
    rule(
      kind === 'postgres'
        ? 'while PostgreSQL is stopped every failing call is a 503 with the one error body (code service_unavailable), never a 500'
        : 'while SQLite is locked every failing call is a 503 with the one error body (code service_unavailable), never a 500',
      failed.length > 0 && wrongFailures.length === 0,
      wrongFailures.length > 0
        ? `${wrongFailures.length} of ${failed.length} failures are not: ${firstFew(wrongFailures.map(describe))}`
        : `${failed.length} of ${during.length} calls answered 503 (${duringWrites.filter((s) => !ok(s.outcome)).length} of ${duringWrites.length} writes), the rest 2xx`,
    ),
    rule(
      kind === 'postgres'
        ? `while it is away every call is answered within ${quickMs} ms, and none hangs`
        : `while it is locked reads are answered within ${quickMs} ms and writes give up within ${SQLITE_BUSY_BUDGET_MS + quickMs} ms; none hangs`,
      slow.length === 0 && hung.length === 0,
      `reads p50 ${percentile(
        duringReads.map((s) => s.done - s.sent),
        50,
      ).toFixed(0)} ms, writes p50 ${percentile(
        duringWrites.map((s) => s.done - s.sent),
        50,
      ).toFixed(
        0,
      )} ms, max ${maximum(latencies).toFixed(0)} ms; ${hung.length} hung${slow.length > 0 ? `; late: ${firstFew(slow.map((s) => `${describe(s)} in ${(s.done - s.sent).toFixed(0)} ms`))}` : ''}`,
    ),
    ...(kind === 'sqlite'
      ? [
          rule(
            'while it is locked every read succeeds (a write lock of another process does not stop readers)',
            duringReads.length > 0 && duringReads.every((s) => ok(s.outcome)),
            `${duringReads.length} reads; ${firstFew(duringReads.filter((s) => !ok(s.outcome)).map(describe))}`,
          ),
        ]
      : []),
    rule(
      `while it is away /account/api/ready answers ${readyExpected} and /account/api/live 200, each within ${quickMs} ms`,
      readyAway.length > 0 &&
        readyAway.every((s) => status(s) === readyExpected) &&
        liveAway.every((s) => status(s) === 200) &&
        probesAway.every((s) => s.done - s.sent <= quickMs),
      `ready: ${[...new Set(readyAway.map(status))].join(', ')} (${readyAway.length} probes); live: ${[...new Set(liveAway.map(status))].join(', ')}; max ${maximum(probesAway.map((s) => s.done - s.sent)).toFixed(0)} ms`,
    ),
    rule(
      'the server process keeps running throughout (no crash, no dropped connection)',
      stillRunning && !crashed && samples.every((s) => s.outcome.kind === 'answered'),
      `${samples.filter((s) => s.outcome.kind !== 'answered').length} calls without an answer`,
    ),
    rule(
      `when the database is back the API serves again by itself within ${RECOVERY_MS} ms`,
      recovered !== null,
      recovered === null
        ? 'not recovered'
        : `reads and writes succeed ${(recovered - back).toFixed(0)} ms after it was back`,
    ),
    rule(
      'after recovering every call succeeds, and ready answers 200',
      afterwards.length > 0 &&
        afterwards.every((s) => ok(s.outcome)) &&
        calls((recovered ?? back) + SETTLE_MS, Number.POSITIVE_INFINITY, 'ready').every((s) => status(s) === 200),
      `${afterwards.length} calls; ${firstFew(afterwards.filter((s) => !ok(s.outcome)).map(describe))}`,
    ),
    rule('SIGTERM afterwards exits 0', exitCode === 0, `exit code ${exitCode}`),
  ];
  return {
    title: kind === 'postgres' ? 'PostgreSQL stopped under load' : 'SQLite locked under load',
    facts: [
      [
        'load',
        `${connections} loops of GET /shopuser/me + PATCH /setting/interests, ${shoppers.length} shoppers; ready/live probed every 200 ms`,
      ],
      [
        kind === 'postgres' ? 'stopped' : 'write lock held',
        kind === 'postgres'
          ? `${((returning - away) / 1000).toFixed(1)} s (stopping took ${(gone - away).toFixed(0)} ms, starting ${(back - returning).toFixed(0)} ms)`
          : `${((returning - away) / 1000).toFixed(1)} s (taking it took ${(gone - away).toFixed(0)} ms)`,
      ],
      [
        'calls',
        `${samples.length} (${before.length} before, ${during.length} while away, ${afterwards.length} after recovery)`,
      ],
    ],
    rules,
  };
}
