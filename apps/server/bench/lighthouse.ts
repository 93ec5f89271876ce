/**
 * The Lighthouse section: performance scores with Lighthouse's default mobile emulation (a mid-range
 * phone, simulated slow 4G and 4x CPU slowdown) for the login page, the overview and the orders
 * list. The pages come from the built server in demo mode on a fresh data directory, so they have
 * content; the signed-in pages get a session of the demo shopper Emma (a long order history),
 * written into the database, as a cookie header. Chromium runs headless, launched here, a fresh
 * one per run: a cookie the browser has stored (the XSRF cookie the login page is given) would
 * otherwise replace the cookie header Lighthouse adds.
 * Lighthouse is a devDependency of the web app (apps/web).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { openDatabase } from '../src/db/connection.js';
import { SESSION_SECRET, startAccountServer } from './processes.js';
import { createSessions } from './sessions.js';

export interface PageScore {
  page: string;
  url: string;
  /** 0-100; null when Lighthouse could not score the page. */
  score: number | null;
  /** Milliseconds (CLS: unitless). */
  firstContentfulPaint: number | null;
  largestContentfulPaint: number | null;
  totalBlockingTime: number | null;
  speedIndex: number | null;
  cumulativeLayoutShift: number | null;
  /** Lighthouse's biggest opportunities: what would save the most load time, by its estimate. */
  opportunities: { audit: string; title: string; savingsMs: number; savingsBytes: number | null }[];
  /** How many runs the figures are the median of, and the LCP of the fastest and the slowest. */
  runs: number;
  lcpRange: [number, number] | null;
  /** Where the page ended up (a signed-in page that redirects to the login page lost its session). */
  finalUrl: string;
  error?: string;
}

const DEMO_SHOPPER = 'emma.devries@example.com';
const PAGES = [
  { page: 'login', path: '/account/login', signedIn: false },
  { page: 'overview', path: '/account/', signedIn: true },
  { page: 'orders', path: '/account/orders', signedIn: true },
] as const;

/** Starts headless Chromium with a DevTools port of its own choosing; answers the port. */
async function launchChromium(userDataDir: string): Promise<{ port: number; close(): Promise<void> }> {
  const chromium = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    chromium.once('error', reject);
    chromium.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
    chromium.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  chromium.stderr?.resume();
  const exited = new Promise((resolve) => chromium.once('exit', resolve));
  return {
    port,
    async close() {
      chromium.kill('SIGKILL');
      await exited;
    },
  };
}

const FIRST_AND_LAST = ['first-contentful-paint', 'interactive'];

/** One Lighthouse run of a page in a fresh headless Chromium; undefined when Lighthouse gave no result. */
async function lighthouseRun(url: string, cookie: string | undefined): Promise<Result | undefined> {
  const profile = mkdtempSync(path.join(tmpdir(), 'account-bench-chromium-'));
  const browser = await launchChromium(profile);
  try {
    const run = await lighthouse(url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    return run?.lhr;
  } finally {
    await browser.close();
    // Chromium's helper processes can still be writing to the profile after it exits; a leftover
    // temporary directory is not worth failing the run for.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`Could not remove ${profile}: ${(error as Error).message}`);
    }
  }
}

/**
 * `runs` per page: one Lighthouse run on this kind of machine differs from the next by up to
 * ±20 % in LCP and TBT, and Lighthouse's guidance is the median of five.
 */
export async function lighthouseSection(options: { logDir: string; runs: number }): Promise<PageScore[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'account-bench-demo-'));
  const server = await startAccountServer({
    name: 'lighthouse-demo-server',
    env: { DATA_DIR: dataDir, DEMO: 'true' },
    logDir: options.logDir,
    logLevel: 'warn',
  });
  try {
    const db = openDatabase({ databaseUrl: undefined, dataDir });
    let cookie: string;
    try {
      const emma = await db.kysely
        .selectFrom('shoppers')
        .select('id')
        .where('email', '=', DEMO_SHOPPER)
        .executeTakeFirstOrThrow();
      cookie = (await createSessions(db.kysely, [emma.id], SESSION_SECRET))[0]!.cookie;
    } finally {
      await db.close();
    }
    const scores: PageScore[] = [];
    for (const page of PAGES) {
      const url = `${server.origin}${page.path}`;
      const runs: Result[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        const lhr = await lighthouseRun(url, page.signedIn ? cookie : undefined);
        if (lhr) runs.push(lhr);
      }
      // The run nearest the median of FCP and TTI, as Lighthouse's own tools pick it; a run that
      // could not measure those is no run to choose from.
      const measured = runs.filter((r) => !r.runtimeError && FIRST_AND_LAST.every((id) => r.audits[id]?.numericValue));
      const lhr: Result | undefined = measured.length > 0 ? computeMedianRun(measured) : runs[0];
      // The whole report beside the server logs: what the LCP element was, the request chain.
      if (lhr) writeFileSync(path.join(options.logDir, `lighthouse-${page.page}.json`), JSON.stringify(lhr));
      const metric = (id: string) => lhr?.audits[id]?.numericValue ?? null;
      const lcps = measured.flatMap((r) => r.audits['largest-contentful-paint']?.numericValue ?? []);
      const score: PageScore = {
        page: page.page,
        url,
        runs: measured.length,
        lcpRange: lcps.length > 0 ? [Math.min(...lcps), Math.max(...lcps)] : null,
        score: lhr?.categories.performance?.score == null ? null : Math.round(lhr.categories.performance.score * 100),
        firstContentfulPaint: metric('first-contentful-paint'),
        largestContentfulPaint: metric('largest-contentful-paint'),
        totalBlockingTime: metric('total-blocking-time'),
        speedIndex: metric('speed-index'),
        cumulativeLayoutShift: metric('cumulative-layout-shift'),
        opportunities: Object.values(lhr?.audits ?? {})
          .flatMap((audit) =>
            audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) > 0
              ? [
                  {
                    audit: audit.id,
                    title: audit.title,
                    savingsMs: audit.details.overallSavingsMs ?? 0,
                    savingsBytes: audit.details.overallSavingsBytes ?? null,
                  },
                ]
              : [],
          )
          .sort((a, b) => b.savingsMs - a.savingsMs)
          .slice(0, 3),
        finalUrl: lhr?.finalDisplayedUrl ?? url,
        ...(lhr?.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      };
      scores.push(score);
      const ms = (value: number | null) => (value === null ? '?' : `${(value / 1000).toFixed(2)} s`);
      console.log(
        `  ${page.page.padEnd(10)} score ${score.score ?? '?'}  FCP ${ms(score.firstContentfulPaint)}  ` +
          `LCP ${ms(score.largestContentfulPaint)}  TBT ${Math.round(score.totalBlockingTime ?? 0)} ms` +
          `  (median of ${score.runs} runs${score.lcpRange ? `, LCP ${ms(score.lcpRange[0])}–${ms(score.lcpRange[1])}` : ''})` +
          (score.finalUrl !== url ? `  (ended at ${score.finalUrl})` : '') +
          (score.error ? `  ${score.error}` : ''),
      );
      for (const o of score.opportunities) {
        console.log(`             opportunity: ${o.title} (${(o.savingsMs / 1000).toFixed(1)} s)`);
      }
    }
    return scores;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
