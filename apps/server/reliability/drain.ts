/**
 * Drain (issue 22): a rolling restart of two instances on one PostgreSQL behind a load balancer
 * (proxy.ts: round-robin over the instances whose /account/api/ready answers 200, checked every
 * 250 ms, no retries) under a steady load, and no request may fail. Instance A is sent SIGTERM,
 * exits, is started again and, once the proxy has it back, B the same. A stopping instance answers
 * ready 503 at once and serves on for SHUTDOWN_DRAIN_MS, so the proxy takes it out before its
 * listener closes; a request the proxy still sent to a closed listener would come back refused or
 * reset. With --drain-ms=0 (the control) the listener closes at once, and the same measurement
 * counts the refusals a plain stop causes.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { HttpBrowser } from '../test/support/http-browser.js';
import type { TargetDatabase } from './databases.js';
import { HEALTH_INTERVAL_MS, LoadBalancer } from './proxy.js';
import { firstFew, type Report, rule, sleep } from './report.js';
import { ServerProcess } from './server-process.js';
import { api, call, type Outcome, signInShoppers } from './shoppers.js';

export interface DrainOptions {
  database: TargetDatabase;
  /** SHUTDOWN_DRAIN_MS of the instances; 0 is the control. */
  drainMs: number;
  /** Load loops at once: every other one a signed-in shopper, the rest anonymous. */
  connections: number;
  /** Where the proxy and the instances listen. */
  port: () => Promise<number>;
  logDir: string;
  /** Load before the first restart and after the last. */
  steadyMs?: number;
}

const SUBJECTS = ['demo-emma', 'demo-sofia', 'demo-lukas', 'demo-noah'];
/** Pause between a loop's calls: a steady stream that leaves room on a shared machine. */
const THINK_MS = 20;
/** A call that takes longer counts as hung. */
const HANG_MS = 15_000;
/** How long the proxy may take to put a started instance back (its checks are every 250 ms). */
const BACK_IN_MS = 20_000;

type Verdict = 'succeeded' | 'refused' | '5xx' | 'other';

interface Phase {
  name: string;
  counts: Record<Verdict, number>;
  /** The first few failures of each kind, for the report. */
  examples: Record<Verdict, string[]>;
}

/** refused: the instance refused or reset the connection (the proxy says so, or cut the answer off). */
function verdictOf(outcome: Outcome): [Verdict, string] {
  if (outcome.kind === 'answered') {
    if (outcome.status >= 200 && outcome.status < 300) return ['succeeded', ''];
    const why = `${outcome.status} ${outcome.body.slice(0, 80)}`;
    if (outcome.status === 502 && /^proxy: (refused|reset)$/.test(outcome.body)) return ['refused', why];
    return outcome.status >= 500 ? ['5xx', why] : ['other', why];
  }
  if (outcome.kind === 'interrupted') return ['refused', `answer cut off: ${outcome.error}`];
  // The proxy itself refused, or no answer in time: the harness or the machine, not a drain.
  return ['other', outcome.kind];
}

async function waitFor(what: string, done: () => boolean, timeoutMs: number): Promise<number> {
  const began = performance.now();
  while (!done()) {
    if (performance.now() - began > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
  return performance.now() - began;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function runDrain(options: DrainOptions): Promise<Report> {
  const { database, drainMs } = options;
  if (database.kind !== 'postgres') throw new Error('drain runs two instances on one PostgreSQL database');
  mkdirSync(options.logDir, { recursive: true });
  const steadyMs = options.steadyMs ?? 3000;
  const proxyPort = await options.port();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    ...database.env,
    DEMO: 'true',
    SIGN_IN_RATE_LIMIT: '1000000',
    // One secret for both: a session made on one instance is valid on the other.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SHUTDOWN_DRAIN_MS: String(drainMs),
  };
  const instances: [string, ServerProcess][] = [];
  for (const name of ['A', 'B']) {
    const server = await ServerProcess.create({
      env,
      port: await options.port(),
      // Starting from the TypeScript sources took up to a minute on a busy 2-core machine.
      startTimeoutMs: 180_000,
      logFile: path.join(options.logDir, `drain-${drainMs}-${name}.log`),
    });
    instances.push([name, server]);
  }
  const proxy = new LoadBalancer(instances.map(([name, server]) => ({ name, port: server.port })));
  const facts: Report['facts'] = [];
  const phases: Phase[] = [];
  let phase: Phase | undefined;
  const enter = (name: string) => {
    phase = {
      name,
      counts: { succeeded: 0, refused: 0, '5xx': 0, other: 0 },
      examples: { succeeded: [], refused: [], '5xx': [], other: [] },
    };
    phases.push(phase);
  };
  const restarts: { name: string; exitCode: number | null; outMs: number | null }[] = [];
  let stopped = false;
  let loops: Promise<void>[] = [];

  try {
    // One after the other: the first runs the migrations and seeds the demo shop.
    for (const [, server] of instances) await server.start();
    await proxy.start(proxyPort);
    await waitFor('both instances in the proxy', () => instances.every(([n]) => proxy.isHealthy(n)), BACK_IN_MS);
    // The demo identity provider keeps its codes and signing key in the memory of each instance
    // (a real one is a service of its own), so sign-in goes to one instance; the session is in the
    // database, and from then on every call goes through the proxy.
    const shoppers = await signInShoppers(instances[0]?.[1].url ?? proxyUrl, SUBJECTS);
    for (const shopper of shoppers) shopper.browser.baseUrl = proxyUrl;

    const loop = async (index: number) => {
      const shopper = index % 2 === 0 ? shoppers[(index / 2) % shoppers.length] : undefined;
      const browser = shopper?.browser ?? new HttpBrowser(proxyUrl);
      const url = api(shopper ? '/shopuser/me' : '/setting');
      while (!stopped) {
        const current = phase;
        const outcome = await call(browser, url, HANG_MS);
        if (current) {
          const [verdict, why] = verdictOf(outcome);
          current.counts[verdict]++;
          if (verdict !== 'succeeded' && current.examples[verdict].length < 3)
            current.examples[verdict].push(`GET ${url}: ${why}`);
        }
        await sleep(THINK_MS);
      }
    };
    enter('steady, both in');
    loops = Array.from({ length: options.connections }, (_, i) => loop(i));
    await sleep(steadyMs);

    for (const [name, server] of instances) {
      enter(`restart ${name}`);
      const term = performance.now();
      const exitCode = await server.stop();
      const exitMs = performance.now() - term;
      const startMs = await server.start();
      const backInMs = await waitFor(`${name} back in the proxy`, () => proxy.isHealthy(name), BACK_IN_MS);
      // Without a drain the proxy may only notice once the process is gone.
      const out = proxy.changes.find((c) => c.upstream === name && !c.healthy && c.at >= term);
      // Requests the instance took while it drained: after SIGTERM, before the proxy took it out.
      const servedDraining = proxy.forwarded.filter(
        (f) => f.upstream === name && f.at >= term && f.at < (out?.at ?? Number.POSITIVE_INFINITY),
      ).length;
      const outMs = out ? out.at - term : null;
      restarts.push({ name, exitCode, outMs });
      facts.push([
        `${name}: SIGTERM to out of the proxy`,
        out ? `${seconds(out.at - term)} (${out.reason}); ${servedDraining} requests served meanwhile` : 'never',
      ]);
      facts.push([`${name}: SIGTERM to exit`, `${seconds(exitMs)}, exit code ${exitCode}`]);
      facts.push([`${name}: start to ready, to back in the proxy`, `${seconds(startMs)}, +${Math.round(backInMs)} ms`]);
    }
    enter('steady, both back');
    await sleep(steadyMs);
  } finally {
    stopped = true;
    await Promise.all(loops);
    await proxy.close();
    // Not measured: a quick end.
    for (const [, server] of instances) await server.kill();
  }

  const total = (verdict: Verdict) => phases.reduce((sum, p) => sum + p.counts[verdict], 0);
  const sent = (p: Phase) => Object.values(p.counts).reduce((sum, n) => sum + n, 0);
  facts.unshift(
    ['SHUTDOWN_DRAIN_MS', drainMs],
    ['proxy health check', `every ${HEALTH_INTERVAL_MS} ms, round-robin, no retries`],
    ['load', `${options.connections} loops (signed-in GET /shopuser/me, anonymous GET /setting), ${THINK_MS} ms apart`],
  );
  for (const p of phases) {
    const { succeeded, refused, other } = p.counts;
    facts.push([
      p.name,
      `sent ${sent(p)}, succeeded ${succeeded}, refused ${refused}, 5xx ${p.counts['5xx']}, other ${other}`,
    ]);
  }
  facts.push([
    'whole run',
    `sent ${phases.reduce((s, p) => s + sent(p), 0)}, succeeded ${total('succeeded')}, refused ${total('refused')}, 5xx ${total('5xx')}, other ${total('other')}`,
  ]);
  const examples = (verdict: Verdict) =>
    firstFew(phases.flatMap((p) => p.examples[verdict].map((e) => `${p.name}: ${e}`)));
  const crashes = instances.reduce((sum, [, s]) => sum + s.crashes, 0);
  return {
    title: `drain: rolling restart of two instances behind a proxy on ${database.kind} (SHUTDOWN_DRAIN_MS=${drainMs})`,
    facts,
    rules: [
      rule(
        'load ran through every phase',
        phases.length === 4 && phases.every((p) => sent(p) > 0),
        phases.map((p) => `${p.name} ${sent(p)}`).join(', '),
      ),
      rule(
        'no request refused or reset by an instance',
        total('refused') === 0,
        total('refused') === 0 ? '0 refused' : `${total('refused')} refused: ${examples('refused')}`,
      ),
      rule('no 5xx answer', total('5xx') === 0, total('5xx') === 0 ? '0' : `${total('5xx')}: ${examples('5xx')}`),
      rule(
        'no other failure (hang, unexpected status)',
        total('other') === 0,
        total('other') === 0 ? '0' : `${total('other')}: ${examples('other')}`,
      ),
      rule(
        'each instance left the proxy before its listener closed, and exited 0 on SIGTERM',
        restarts.every((r) => r.exitCode === 0 && r.outMs !== null && r.outMs < drainMs) && crashes === 0,
        restarts
          .map((r) => `${r.name}: out after ${r.outMs === null ? 'never' : seconds(r.outMs)}, exit ${r.exitCode}`)
          .concat(crashes > 0 ? [`${crashes} crashes`] : [])
          .join('; '),
      ),
    ],
  };
}
