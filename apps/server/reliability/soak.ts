/**
 * Soak: several connections of signed-in shoppers mix reads and writes for minutes on end. No call
 * may fail, and the server's memory must level off: the resident size (VmRSS of the child, sampled
 * every second) in the last tenth of the run may be at most RSS_GROWTH_BOUND_MB above the second
 * tenth (the first is warm-up: code loaded, caches and pools filled). For the default 10 minutes
 * that is the last minute against the second.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Address } from '@account/contract';
import type { TargetDatabase } from './databases.js';
import { firstFew, maximum, percentile, type Report, rule, sleep } from './report.js';
import { ServerProcess } from './server-process.js';
import { api, call, type Outcome, type Shopper, signInShoppers } from './shoppers.js';

export interface SoakOptions {
  database: TargetDatabase;
  seconds: number;
  /** Loops calling at once, each as one of the shoppers. */
  connections: number;
  logDir: string;
}

/**
 * How far the average RSS of the last tenth may lie above that of the second tenth. A leak of even
 * 1 KB per request is ~100 MB over the default run (~100,000 calls), while V8's heap and glibc's
 * arenas settling under steady load move the RSS by a few MB.
 */
export const RSS_GROWTH_BOUND_MB = 24;
/** Pause between a loop's calls: moderate load that leaves room for others on a shared machine. */
const THINK_MS = 10;
const MB = 1024 * 1024;

const SUBJECTS = ['demo-emma', 'demo-sofia', 'demo-lukas', 'demo-noah', 'new', 'new', 'new', 'new'];

type Operation = (shopper: Shopper, n: number) => Promise<Outcome[]>;

const get =
  (url: string): Operation =>
  async (shopper) => [await call(shopper.browser, api(url))];
const send =
  (method: 'PATCH' | 'POST', url: string, body: (n: number) => unknown): Operation =>
  async (shopper, n) => [await call(shopper.browser, { method, url: api(url), body: body(n) })];

/** An address added and removed again, so that the address book stays the same size. */
const addressRoundTrip: Operation = async (shopper, n) => {
  const email = `soak.${n}@example.com`;
  const created = await call(shopper.browser, {
    method: 'POST',
    url: api('/address'),
    body: {
      FirstName: 'Soak',
      LastName: 'Test',
      Email: email,
      ConfirmEmail: email,
      Telephone: '+31 612345678',
      ConfirmTelephone: '+31 612345678',
      Country: 'NL',
      Address: `Soak street ${n}`,
      AddressNumber: '1',
      ZipCode: '1015 CJ',
      City: 'Amsterdam',
    },
  });
  if (created.kind !== 'answered' || created.status !== 200) return [created];
  const { addressId } = Address.parse(created.json());
  return [created, await call(shopper.browser, { method: 'DELETE', url: api(`/address/${addressId}`) })];
};

/** The mix, as [weight, what, operation]: about two thirds reads. */
const MIX: [number, string, Operation][] = [
  [30, 'GET /shopuser/me', get('/shopuser/me')],
  [10, 'GET /setting', get('/setting')],
  [8, 'GET /setting/preferences', get('/setting/preferences')],
  [8, 'GET /localize', get('/localize')],
  [10, 'GET /order', get('/order?page=1')],
  [4, 'GET /order?query', get('/order?page=1&query=jacket')],
  [10, 'PATCH /setting/interests', send('PATCH', '/setting/interests', (n) => ({ InterestIds: [(n % 6) + 1] }))],
  [5, 'PATCH /setting/newsletters', send('PATCH', '/setting/newsletters', (n) => ({ NewsletterIds: [(n % 3) + 1] }))],
  [
    7,
    'PATCH /localize',
    send('PATCH', '/localize', (n) => ({
      Country: ['NL', 'BE', 'DE'][n % 3],
      Language: ['en', 'nl', 'de'][n % 3],
      Currency: 'EUR',
    })),
  ],
  [8, 'POST + DELETE /address', addressRoundTrip],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [weight]) => sum + weight, 0);

function pickOperation(): [string, Operation] {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [weight, what, operation] of MIX) {
    roll -= weight;
    if (roll < 0) return [what, operation];
  }
  const [, what, operation] = MIX[0] as [number, string, Operation];
  return [what, operation];
}

const average = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

export async function runSoak(options: SoakOptions): Promise<Report> {
  const { database } = options;
  mkdirSync(options.logDir, { recursive: true });
  const server = await ServerProcess.create({
    env: { ...database.env, DEMO: 'true', SIGN_IN_RATE_LIMIT: '1000000' },
    logFile: path.join(options.logDir, `soak-${database.kind}.log`),
  });
  await server.start();
  const shoppers = await signInShoppers(
    server.url,
    SUBJECTS.slice(0, Math.max(1, Math.min(SUBJECTS.length, options.connections))),
  );

  const durationMs = options.seconds * 1000;
  const began = performance.now();
  const elapsed = () => performance.now() - began;
  const rss: { at: number; bytes: number }[] = [];
  const sampler = setInterval(() => {
    const bytes = server.rss();
    if (bytes !== null) rss.push({ at: elapsed(), bytes });
  }, 1000);

  const latencies: number[] = [];
  const byWhat = new Map<string, number>();
  const failures: string[] = [];
  let serverErrors = 0;
  let lastReport = 0;

  async function loop(shopper: Shopper) {
    for (let n = 0; elapsed() < durationMs; n++) {
      const [what, operation] = pickOperation();
      for (const outcome of await operation(shopper, n)) {
        byWhat.set(what, (byWhat.get(what) ?? 0) + 1);
        latencies.push(outcome.ms);
        if (outcome.kind === 'answered' && outcome.status >= 500) serverErrors++;
        if (outcome.kind !== 'answered' || outcome.status >= 300) {
          failures.push(
            `${what}: ${outcome.kind === 'answered' ? `${outcome.status} ${outcome.body.slice(0, 100)}` : outcome.kind}`,
          );
        }
      }
      if (elapsed() - lastReport > 60_000) {
        lastReport = elapsed();
        const mb = ((rss.at(-1)?.bytes ?? 0) / MB).toFixed(0);
        console.log(
          `  soak ${database.kind}: ${(lastReport / 60_000).toFixed(0)} min, ${latencies.length} calls, RSS ${mb} MB`,
        );
      }
      await sleep(THINK_MS);
    }
  }
  await Promise.all(
    Array.from({ length: options.connections }, (_, i) => loop(shoppers[i % shoppers.length] as Shopper)),
  );
  clearInterval(sampler);
  const seconds = elapsed() / 1000;
  const stillRunning = server.running;
  const exitCode = await server.stop();

  const tenth = durationMs / 10;
  const window = (index: number) =>
    rss.filter((s) => s.at >= index * tenth && s.at < (index + 1) * tenth).map((s) => s.bytes);
  const second = average(window(1));
  const last = average(window(9));
  const growthMb = (last - second) / MB;
  const peakMb = maximum(rss.map((s) => s.bytes)) / MB;
  const windowSeconds = (tenth / 1000).toFixed(0);
  return {
    title: `Soak on ${database.kind}`,
    facts: [
      [
        'load',
        `${options.connections} connections of ${shoppers.length} shoppers for ${seconds.toFixed(0)} s, ${THINK_MS} ms between a connection's calls`,
      ],
      [
        'calls',
        `${latencies.length} (${(latencies.length / seconds).toFixed(0)}/s); ${[...byWhat].map(([what, n]) => `${what} ${n}`).join(', ')}`,
      ],
      [
        'latency',
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${maximum(latencies).toFixed(0)} ms`,
      ],
      [
        'server RSS',
        `${windowSeconds} s windows: 2nd ${(second / MB).toFixed(1)} MB, last ${(last / MB).toFixed(1)} MB; peak ${peakMb.toFixed(1)} MB; per window ${Array.from({ length: 10 }, (_, i) => (average(window(i)) / MB).toFixed(0)).join(' ')}`,
      ],
    ],
    rules: [
      rule('no call was answered with a 5xx', serverErrors === 0, `${serverErrors} of ${latencies.length}`),
      rule(
        'every call succeeded (2xx), none went unanswered',
        failures.length === 0,
        failures.length === 0 ? `${latencies.length} calls` : `${failures.length} failed: ${firstFew(failures)}`,
      ),
      rule(
        `server memory levels off: the last ${windowSeconds} s average RSS at most ${RSS_GROWTH_BOUND_MB} MB above the second ${windowSeconds} s`,
        window(1).length > 0 && window(9).length > 0 && growthMb <= RSS_GROWTH_BOUND_MB,
        `${growthMb >= 0 ? '+' : ''}${growthMb.toFixed(1)} MB (${rss.length} samples)`,
      ),
      rule('the server ran throughout and SIGTERM exits 0', stillRunning && exitCode === 0, `exit code ${exitCode}`),
    ],
  };
}
