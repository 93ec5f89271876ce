/**
 * The API section (DESIGN §8): the account server's hot calls under moderate load with autocannon,
 * against a bare Fastify JSON route measured in the same run on the same machine as the ceiling.
 *
 * The server is the built one (apps/server/dist/main.js) in a child process, on the generated shop
 * with demo mode off. Signed-in sessions of many shoppers are written into the database beforehand
 * and rotated request by request, so the calls read many shoppers' data, not one cached account.
 * What the calls change (new addresses, interests) is put back after the warm-up, so that the reads
 * are measured on the shop as generated, and afterwards, so that the kept database stays the generated one.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types.js';
import { PRIVATE_ADDRESS } from '../test/fixtures/addresses.js';
import type { BenchDatabase } from './databases.js';
import type { GeneratedShop } from './generate.js';
import { addParcels } from './parcels.js';
import {
  cpuMsOf,
  freePort,
  memoryOf,
  memorySampler,
  ROOT,
  SESSION_SECRET,
  startAccountServer,
  startChild,
} from './processes.js';
import { type BenchSession, createSessions, removeSessions } from './sessions.js';
import { statementsPerCall } from './statements.js';

export interface ApiOptions {
  /** Seconds of load per measuring window. */
  duration: number;
  /** Measuring windows per call, one after the other; the CPU per request is the least of theirs. */
  windows: number;
  /** Seconds of load before each measurement (JIT, caches, connection pools). */
  warmup: number;
  connections: number;
  /**
   * Connections of the moderate load at which latency is judged (DESIGN §8: p99 under 10 ms at
   * moderate load): few enough that requests do not queue behind each other on a busy server.
   */
  moderateConnections: number;
  /** Signed-in shoppers to spread the calls over. */
  sessions: number;
  logLevel: string;
  logDir: string;
}

export interface LoadResult {
  call: string;
  /** Successful (2xx) responses per second. */
  rps: number;
  /** Latency of the successful responses, milliseconds. */
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  /** Responses other than 2xx, and connection errors or timeouts. */
  non2xx: number;
  errors: number;
  /**
   * Server CPU time per request, microseconds, the least of the windows': what the call itself
   * costs. Other work on the machine only adds to it (on this shared virtual machine the bare
   * route's own figure moves by a third), so the least is the figure it disturbed least.
   */
  cpuMicrosPerRequest: number;
  /** Each window's server CPU time per request, microseconds, in the order measured. */
  cpuWindows: number[];
  /** PostgreSQL: its server's CPU time per request (postmaster and backends), microseconds; the least of the windows'. */
  databaseCpuMicrosPerRequest?: number;
  databaseCpuWindows?: number[];
  /** SQL statements the call sends, averaged over many shoppers (statements.ts). */
  statementsPerRequest?: number;
  /** Highest resident memory of the server process while this call ran (sampled every 100 ms). */
  peakRssBytes: number;
  /** rps relative to the bare route's, for information (DESIGN §8 budgets CPU per request). */
  ratio?: number;
  /** Why the call could not be measured (its first request failed). */
  error?: string;
  /** The first connection error or failed response during the load, for a start at finding why. */
  firstFailure?: string;
  /** The same call at moderate load, for its latency. */
  moderate?: { connections: number; rps: number; p50: number; p99: number; failed: number };
}

export interface ApiResult {
  duration: number;
  windows: number;
  connections: number;
  sessions: number;
  logLevel: string;
  /** The bare route, loaded before and after the account server's calls. */
  bare: { before: LoadResult; after: LoadResult; rps: number };
  calls: LoadResult[];
  /** The account server's peak resident memory over the whole section (VmHWM). */
  serverPeakRssBytes: number;
}

/** One call: how to build its request for a given session. */
interface CallDef {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: (session: BenchSession & { orderId: number }) => string;
  body?: unknown;
}

const API = '/account/api/v1';
/** A word in about a fifth of the generated products' names (generate.ts NOUNS). */
const COMMON_WORD = 'jacket';

const ADDRESS = PRIVATE_ADDRESS;

export const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface LoadSpec {
  call: string;
  origin: string;
  method: string;
  /** Called for every request: its path, headers and body. */
  next: () => { path: string; headers: Record<string, string>; body?: string };
  seconds: number;
  connections: number;
}

/** Loads one call with autocannon; latencies are taken per response (autocannon's histogram has 1 ms steps). */
function load(spec: LoadSpec): Promise<{ result: autocannon.Result; latencies: Float64Array; firstFailure?: string }> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let firstFailure: string | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.origin,
        connections: spec.connections,
        duration: spec.seconds,
        requests: [
          {
            method: spec.method as autocannon.Request['method'],
            setupRequest: (request) => {
              const { path, headers, body } = spec.next();
              return { ...request, path, headers: { ...request.headers, ...headers }, ...(body ? { body } : {}) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({ result, latencies: latencies.slice(0, count).sort(), ...(firstFailure ? { firstFailure } : {}) });
      },
    );
    instance.on('reqError', (error) => {
      firstFailure ??= String(error);
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode >= 300) {
        firstFailure ??= `HTTP ${statusCode}`;
        return;
      }
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
  });
}

/** Loads the call after its warm-up for `windows` windows of spec.seconds, one after the other. */
async function measure(
  spec: LoadSpec,
  pid: number,
  warmup: number,
  windows: number,
  databaseCpuMs?: () => number,
): Promise<LoadResult> {
  const sampler = memorySampler(pid);
  if (warmup > 0) await load({ ...spec, seconds: warmup });
  const runs: Awaited<ReturnType<typeof load>>[] = [];
  const cpuWindows: number[] = [];
  const databaseCpuWindows: number[] = [];
  for (let window = 0; window < windows; window++) {
    const cpuBefore = cpuMsOf(pid);
    const databaseBefore = databaseCpuMs?.();
    const run = await load(spec);
    const perRequest = (ms: number) => (ms * 1000) / Math.max(1, run.result.requests.total);
    cpuWindows.push(perRequest(cpuMsOf(pid) - cpuBefore));
    if (databaseCpuMs && databaseBefore !== undefined) {
      databaseCpuWindows.push(perRequest(databaseCpuMs() - databaseBefore));
    }
    runs.push(run);
  }
  const peakRssBytes = sampler.stop();
  const total = (of: (result: autocannon.Result) => number) => runs.reduce((sum, run) => sum + of(run.result), 0);
  const latencies = new Float64Array(runs.reduce((sum, run) => sum + run.latencies.length, 0));
  let at = 0;
  for (const run of runs) {
    latencies.set(run.latencies, at);
    at += run.latencies.length;
  }
  latencies.sort();
  const firstFailure = runs.find((run) => run.firstFailure)?.firstFailure;
  return {
    call: spec.call,
    rps: total((result) => result['2xx']) / total((result) => result.duration),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((sum, t) => sum + t, 0) / Math.max(1, latencies.length),
    requests: total((result) => result.requests.total),
    non2xx: total((result) => result.non2xx),
    errors: total((result) => result.errors),
    cpuMicrosPerRequest: Math.min(...cpuWindows),
    cpuWindows,
    ...(databaseCpuWindows.length === 0
      ? {}
      : { databaseCpuMicrosPerRequest: Math.min(...databaseCpuWindows), databaseCpuWindows }),
    peakRssBytes,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

/** Shoppers spread evenly over the generated ones (not the heavy one), each with an order of theirs. */
async function sessionShoppers(db: Kysely<Database>, shop: GeneratedShop, count: number) {
  const candidates = Math.max(1, shop.size.shoppers - 1);
  const wanted = Math.min(count, candidates);
  const ids = Array.from({ length: wanted }, (_, i) => shop.firstShopperId + 1 + Math.floor((i * candidates) / wanted));
  const orders = new Map<number, number>();
  for (let from = 0; from < ids.length; from += 1000) {
    const rows = await db
      .selectFrom('orders')
      .select((eb) => ['shopperId', eb.fn.max('id').as('orderId')])
      .where('shopperId', 'in', ids.slice(from, from + 1000))
      .groupBy('shopperId')
      .execute();
    for (const row of rows) orders.set(row.shopperId, Number(row.orderId));
  }
  return ids.filter((id) => orders.has(id)).map((id) => ({ shopperId: id, orderId: orders.get(id)! }));
}

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** '812' for one window, '796 (least of 812, 796, 845)' for several. */
export function leastOf(windows: readonly number[]): string {
  const least = Math.round(Math.min(...windows)).toLocaleString('en');
  if (windows.length < 2) return least;
  return `${least} (least of ${windows.map((w) => Math.round(w).toLocaleString('en')).join(', ')})`;
}

export function describeLoad(r: LoadResult): string {
  if (r.error) return `  ${r.call.padEnd(34)} not measured: ${r.error}`;
  const ratio = r.ratio === undefined ? '' : `${Math.round(r.ratio * 100)}% of bare`.padStart(13);
  const failed =
    r.non2xx + r.errors > 0 ? `  ${r.non2xx} non-2xx, ${r.errors} errors (first: ${r.firstFailure ?? '?'})` : '';
  return (
    `  ${r.call.padEnd(34)}${Math.round(r.rps).toLocaleString('en').padStart(8)} req/s` +
    `  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms${ratio}` +
    `  CPU ${leastOf(r.cpuWindows)} µs/req` +
    (r.databaseCpuWindows === undefined ? '' : ` + database ${leastOf(r.databaseCpuWindows)} µs/req`) +
    (r.statementsPerRequest === undefined ? '' : `  ${r.statementsPerRequest.toFixed(1)} statements`) +
    `  RSS ${mb(r.peakRssBytes)}${failed}`
  );
}

async function bareRoute(options: ApiOptions, label: string): Promise<LoadResult> {
  const port = await freePort();
  const bare = await startChild({
    name: 'bare-route',
    args: ['--import', 'tsx', path.join(ROOT, 'apps/server/bench/bare-server.ts')],
    env: { PORT: String(port), NODE_ENV: 'production' },
    port,
    readyPath: '/',
    logDir: options.logDir,
  });
  try {
    const result = await measure(
      {
        call: `bare route ${label}`,
        origin: bare.origin,
        method: 'GET',
        next: () => ({ path: '/', headers: {} }),
        seconds: options.duration,
        connections: options.connections,
      },
      bare.pid,
      options.warmup,
      options.windows,
    );
    console.log(describeLoad(result));
    return result;
  } finally {
    await bare.stop();
  }
}

export async function apiSection(
  bench: BenchDatabase,
  shop: GeneratedShop,
  kind: string,
  options: ApiOptions,
): Promise<ApiResult> {
  const db = bench.db.kysely;
  const shoppers = await sessionShoppers(db, shop, options.sessions);
  if (shoppers.length === 0) throw new Error('No generated shopper has an order');
  const shopperIds = shoppers.map((s) => s.shopperId);
  const orderOf = new Map(shoppers.map((s) => [s.shopperId, s.orderId]));
  const interests = await db.selectFrom('interests').select('id').orderBy('id').limit(2).execute();
  // What the writes change, to put back afterwards.
  const lastAddress = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const savedInterests = await db
    .selectFrom('shopperInterests')
    .select(['shopperId', 'interestId'])
    .where('shopperId', 'in', shopperIds)
    .execute();
  /** Puts back what the writes changed: the shop as generated, for the reads measured next and the next run. */
  const putBack = async () => {
    await db
      .deleteFrom('addresses')
      .where('id', '>', Number(lastAddress?.id ?? 0))
      .where('shopperId', 'in', shopperIds)
      .execute();
    await db.deleteFrom('shopperInterests').where('shopperId', 'in', shopperIds).execute();
    for (let from = 0; from < savedInterests.length; from += 5000) {
      await db
        .insertInto('shopperInterests')
        .values(savedInterests.slice(from, from + 5000))
        .execute();
    }
  };
  const removeParcels = await addParcels(db, [...orderOf.values()]);
  const sessions = (await createSessions(db, shopperIds, SESSION_SECRET)).map((s) => ({
    ...s,
    orderId: orderOf.get(s.shopperId)!,
  }));
  console.log(
    `  ${options.connections} connections, ${options.windows} windows of ${options.duration} s per call after ${options.warmup} s warm-up, ` +
      `${sessions.length.toLocaleString('en')} signed-in shoppers in rotation; a server just started serves ` +
      `every call for ${options.warmup} s first`,
  );

  const calls: CallDef[] = [
    { name: 'GET /shopuser/me', method: 'GET', path: () => `${API}/shopuser/me` },
    { name: 'GET /order?page=1', method: 'GET', path: () => `${API}/order?page=1` },
    { name: `GET /order?query=${COMMON_WORD}`, method: 'GET', path: () => `${API}/order?query=${COMMON_WORD}` },
    { name: 'GET /order/{id}', method: 'GET', path: (s) => `${API}/order/${s.orderId}` },
    {
      name: 'GET /order/shipments/{id}',
      method: 'GET',
      path: (s) => `${API}/order/shipments/${s.orderId}`,
    },
    { name: 'POST /address', method: 'POST', path: () => `${API}/address`, body: ADDRESS },
    {
      name: 'PATCH /setting/interests',
      method: 'PATCH',
      path: () => `${API}/setting/interests`,
      body: { InterestIds: interests.map((i) => i.id) },
    },
  ];

  const requestFor = (call: CallDef, session: (typeof sessions)[number]) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    return {
      path: call.path(session),
      headers: {
        ...(call.method === 'GET' ? { cookie: session.cookie } : session.writeHeaders),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body } : {}),
    };
  };

  try {
    const counted = sessions.slice(0, 40);
    const statements = await statementsPerCall(
      bench.serverEnv,
      SESSION_SECRET,
      (name) => {
        const call = calls.find((c) => c.name === name)!;
        return counted.map((session) => {
          const request = requestFor(call, session);
          return { name, method: call.method, url: request.path, headers: request.headers, body: request.body };
        });
      },
      calls.map((c) => c.name),
    );
    const before = await bareRoute(options, '(before)');
    let starts = 0;
    // A server just started spends up to twice the CPU per request for its first 10-15 s (its
    // compiler at work, its heap growing, PostgreSQL's new backends mapping their shared memory;
    // measured: /me 3,300 -> 1,300-1,500 µs on PostgreSQL): every call is served for a while before any is measured.
    const start = async () => {
      const started = await startAccountServer({
        name: `server-${kind}${starts++ > 0 ? `-${starts}` : ''}`,
        env: bench.serverEnv,
        logDir: options.logDir,
        logLevel: options.logLevel,
      });
      let turn = 0;
      for (const call of calls) {
        await load({
          call: call.name,
          origin: started.origin,
          method: call.method,
          next: () => requestFor(call, sessions[turn++ % sessions.length]!),
          seconds: options.warmup,
          connections: options.connections,
        });
      }
      // The warm-up's writes gave each shopper some 3-4 more addresses, which /shopuser/me,
      // measured next, would read and send as well.
      await putBack();
      return started;
    };
    let server = await start();
    const results: LoadResult[] = [];
    let serverPeakRssBytes = 0;
    try {
      for (const call of calls) {
        // A server that died under the previous call is reported there and started anew for this one.
        if (server.exited() !== null) {
          serverPeakRssBytes = Math.max(serverPeakRssBytes, results.at(-1)?.peakRssBytes ?? 0);
          server = await start();
        }
        // One request first: a call that fails is reported, not loaded.
        const probe = requestFor(call, sessions[0]!);
        const problem = await fetch(`${server.origin}${probe.path}`, {
          method: call.method,
          headers: probe.headers,
          ...(probe.body ? { body: probe.body } : {}),
        }).then(
          async (response) => {
            const text = await response.text();
            return response.ok ? null : `${response.status} ${text.slice(0, 200)}`;
          },
          (error: unknown) => String(error),
        );
        if (problem !== null) {
          const failed: LoadResult = {
            call: call.name,
            rps: 0,
            p50: Number.NaN,
            p99: Number.NaN,
            mean: Number.NaN,
            requests: 0,
            non2xx: 1,
            errors: 0,
            cpuMicrosPerRequest: Number.NaN,
            cpuWindows: [],
            peakRssBytes: 0,
            error: problem,
          };
          console.log(describeLoad(failed));
          results.push(failed);
          continue;
        }
        let turn = 0;
        const result = await measure(
          {
            call: call.name,
            origin: server.origin,
            method: call.method,
            next: () => requestFor(call, sessions[turn++ % sessions.length]!),
            seconds: options.duration,
            connections: options.connections,
          },
          server.pid,
          options.warmup,
          options.windows,
          bench.serverCpuMs,
        );
        const statementCount = statements.get(call.name);
        if (statementCount !== undefined) result.statementsPerRequest = statementCount;
        let died = server.exited();
        if (died === null) {
          const moderate = await measure(
            {
              call: `${call.name} at moderate load`,
              origin: server.origin,
              method: call.method,
              next: () => requestFor(call, sessions[turn++ % sessions.length]!),
              seconds: options.duration,
              connections: options.moderateConnections,
            },
            server.pid,
            1,
            1,
          );
          result.moderate = {
            connections: options.moderateConnections,
            rps: moderate.rps,
            p50: moderate.p50,
            p99: moderate.p99,
            failed: moderate.non2xx + moderate.errors,
          };
          died = server.exited();
        }
        if (died !== null) result.error = `the server ${died}`;
        results.push(result);
        console.log(describeLoad(result));
        if (result.moderate) {
          const m = result.moderate;
          console.log(
            `  ${'  at moderate load'.padEnd(34)}${Math.round(m.rps).toLocaleString('en').padStart(8)} req/s` +
              `  p50 ${m.p50.toFixed(2).padStart(6)} ms  p99 ${m.p99.toFixed(2).padStart(6)} ms  (${m.connections} connections)`,
          );
        }
      }
    } finally {
      serverPeakRssBytes = Math.max(serverPeakRssBytes, memoryOf(server.pid)?.peak ?? 0);
      await server.stop();
    }
    const after = await bareRoute(options, '(after)');
    const bareRps = (before.rps + after.rps) / 2;
    for (const r of results) if (!r.error) r.ratio = r.rps / bareRps;
    return {
      duration: options.duration,
      windows: options.windows,
      connections: options.connections,
      sessions: sessions.length,
      logLevel: options.logLevel,
      bare: { before, after, rps: bareRps },
      calls: results,
      serverPeakRssBytes,
    };
  } finally {
    await removeSessions(db, sessions);
    await putBack();
    await removeParcels();
  }
}
