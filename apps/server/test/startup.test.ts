/** Startup failures are readable (issue: bad configuration and a broken database path fail fast). */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BUILT_MAIN } from '../reliability/server-process.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DatabaseOpenError } from '../src/db/connection.js';
import { MigrationError } from '../src/db/migrate.js';
import { DEMO_IDP_PATH } from '../src/demo/identity-provider.js';
import { migratedByNewerRelease } from './support/newer-release.js';
import { databaseIndependent, databaseKind, freePort, freshDatabase, startServer } from './support/test-app.js';

const root = path.resolve(import.meta.dirname, '../../..');
const secret = randomBytes(32).toString('hex');

/** The server's process, as production runs it: the build (built-server-global-setup.ts). */
const MAIN = [BUILT_MAIN];
const mainEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? '', ...env });

function runMain(env: Record<string, string>) {
  return spawnSync(process.execPath, MAIN, { cwd: root, env: mainEnv(env), encoding: 'utf8', timeout: 30_000 });
}

function startMain(env: Record<string, string>) {
  return spawn(process.execPath, MAIN, { cwd: root, env: mainEnv(env) });
}

describe(`Startup (${databaseKind})`, () => {
  it.runIf(databaseIndependent)('stops with a readable message and exit code 1 on bad configuration', () => {
    const result = runMain({ PORT: 'abc', SESSION_SECRET: secret });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The account area cannot start.');
    expect(result.stderr).toContain("PORT: must be a whole number from 1 to 65535 (got 'abc')");
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('stops with a readable message when the data directory cannot hold the database', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'account-broken-'));
    const blocker = path.join(parent, 'not-a-directory');
    writeFileSync(blocker, 'a file where the data directory should be');
    const config = loadConfig({ SESSION_SECRET: secret, DATA_DIR: blocker });
    await expect(buildApp(config, { logger: false })).rejects.toThrow(DatabaseOpenError);
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      /Check that DATA_DIR points at a writable directory/,
    );

    const result = runMain({ SESSION_SECRET: secret, DATA_DIR: blocker, PORT: '3999' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Cannot open the SQLite database');
  });

  it('stops with a readable message when PostgreSQL cannot be reached', async () => {
    const config = loadConfig({ SESSION_SECRET: secret, DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:1/none' });
    await expect(buildApp(config, { logger: false })).rejects.toThrow(MigrationError);
    await expect(buildApp(config, { logger: false })).rejects.toThrow(/postgres:\/\/127\.0\.0\.1:1\/none/);
    await expect(buildApp(config, { logger: false })).rejects.toThrow(/Cannot reach the database .*ECONNREFUSED/);
  });

  it.runIf(databaseKind === 'postgres')('says so when the password in DATABASE_URL is wrong', async () => {
    const database = await freshDatabase();
    const url = new URL(database.env.DATABASE_URL ?? '');
    url.password = 'not-the-password';
    const config = loadConfig({ SESSION_SECRET: secret, ...database.env, DATABASE_URL: url.href });
    try {
      await expect(buildApp(config, { logger: false })).rejects.toThrow(/refused the user or password in DATABASE_URL/);
    } finally {
      await database.drop();
    }
  });

  it('operate: refuses a database a newer release migrated with a step not marked additive, saying what to do', async () => {
    const database = await freshDatabase();
    const config = loadConfig({ SESSION_SECRET: secret, LOG_LEVEL: 'silent', ...database.env });
    const app = await buildApp(config, { logger: false });
    // A migration row without its mark (Kysely's own table, outside the app's schema type).
    await sql`insert into kysely_migration (name, timestamp) values (${'2099-01-01-001-from-the-future'}, ${new Date().toISOString()})`.execute(
      app.db.kysely,
    );
    await app.close();
    try {
      await expect(buildApp(config, { logger: false })).rejects.toThrow(
        /migrated by a newer release .*2099-01-01-001-from-the-future.*Run that release or a later one/,
      );
    } finally {
      await database.drop();
    }
  });

  describe('rolling back, or restarting the previous release mid-deploy', () => {
    it("the previous release starts on a newer release's additive steps, and logs that it does", async () => {
      const step = '2099-01-01-001-an-additive-step';
      const database = await migratedByNewerRelease(step, true);
      const lines: string[] = [];
      const config = loadConfig({ SESSION_SECRET: secret, LOG_LEVEL: 'info', ...database.env });
      const app = await buildApp(config, { logger: { stream: { write: (line: string) => lines.push(line) } } });
      try {
        expect((await app.inject({ url: '/account/api/ready' })).statusCode).toBe(200);
        const said = lines.map((line) => JSON.parse(line) as { level: number; msg: string; migrations?: string[] });
        expect(said.find((line) => line.migrations)).toMatchObject({
          level: 40,
          migrations: [step],
          msg: expect.stringContaining(`newer release migrated: its migrations ${step} are additive`),
        });
      } finally {
        await app.close();
        await database.drop();
      }
    });

    it("the previous release refuses a newer release's contract step, naming it", async () => {
      const step = '2099-01-01-001-a-contract-step';
      const database = await migratedByNewerRelease(step, false);
      const config = loadConfig({ SESSION_SECRET: secret, LOG_LEVEL: 'silent', ...database.env });
      try {
        await expect(buildApp(config, { logger: false })).rejects.toThrow(
          new RegExp(`migrated by a newer release .*\\(${step}\\)\\. Run that release or a later one`),
        );
      } finally {
        await database.drop();
      }
    });
  });

  it('starts again on an existing database without migrating or seeding twice', async () => {
    const database = await freshDatabase();
    const config = loadConfig({ SESSION_SECRET: secret, DEMO: 'true', LOG_LEVEL: 'silent', ...database.env });
    const first = await buildApp(config, { logger: false });
    const count = async (app: typeof first) =>
      (
        await app.db.kysely
          .selectFrom('shoppers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const shoppers = Number(await count(first));
    await first.close();
    const started = performance.now();
    const second = await buildApp(config, { logger: false });
    const elapsed = performance.now() - started;
    expect(Number(await count(second))).toBe(shoppers);
    await second.close();
    await database.drop();
    // DESIGN §8 budget is 2 s to listening on an existing database; the bench measures it for real.
    expect(elapsed).toBeLessThan(5000);
  });
});

describe.runIf(databaseIndependent)('Graceful shutdown', () => {
  it('on SIGTERM readiness says 503 at once, requests are served for SHUTDOWN_DRAIN_MS, then it exits with code 0', async () => {
    const database = await freshDatabase();
    const port = await freePort();
    const drainMs = 2000;
    const child = startMain({
      SESSION_SECRET: secret,
      PORT: String(port),
      SHUTDOWN_DRAIN_MS: String(drainMs),
      ...database.env,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const url = (path: string) => `http://127.0.0.1:${port}/account/api${path}`;
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Account area ready');
    expect((await fetch(url('/ready'))).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const signalled = performance.now();
    child.kill('SIGTERM');
    // A load balancer asking now is told to stop sending...
    await expect.poll(async () => (await fetch(url('/ready'))).status, { timeout: 1000, interval: 50 }).toBe(503);
    expect((await fetch(url('/health'))).status).toBe(503);
    // ...while every request still on its way is answered, not refused.
    const statuses: number[] = [];
    const connections = new Set<string | null>();
    while (performance.now() - signalled < drainMs - 500) {
      for (const response of [await fetch(url('/v1/setting')), await fetch(url('/live'))]) {
        statuses.push(response.status);
        connections.add(response.headers.get('connection'));
      }
    }
    expect(statuses.length).toBeGreaterThan(2);
    expect(new Set(statuses)).toEqual(new Set([200]));
    // Kept-alive connections are told to close, so none outlives the listener.
    expect(connections).toEqual(new Set(['close']));
    expect(await exited).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(drainMs);
    expect(output).toContain('shutting down: draining');
    expect(output).toContain('"msg":"stopped"');
    await database.drop();
  });
});

describe.runIf(databaseIndependent)('Signals from the first line (a container without an init: Node is PID 1)', () => {
  it('a SIGTERM while migrating stops start-up promptly: exit code 0, a log line saying so, and a database that opens whole', async () => {
    const database = await freshDatabase();
    const dataDir = database.env.DATA_DIR ?? '';
    const file = path.join(dataDir, 'account.db');
    const child = startMain({
      SESSION_SECRET: secret,
      PORT: String(await freePort()),
      DEMO: 'true',
      DATA_DIR: dataDir,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      // The database file appears as start-up opens it to migrate (a fresh database: all migrations, then the demo shop).
      await expect.poll(() => existsSync(file), { timeout: 15_000, interval: 5 }).toBe(true);
      const signalled = performance.now();
      child.kill('SIGTERM');
      const { code, signal } = await exited;
      expect({ code, signal }, output).toEqual({ code: 0, signal: null });
      expect(performance.now() - signalled).toBeLessThan(5000);
      expect(output).toContain('SIGTERM during start-up: stopping start-up');
      expect(output).toContain('start-up stopped; the database is closed');
      expect(output).not.toContain('Account area ready');
      const opened = new SQLite(file);
      expect(opened.pragma('integrity_check', { simple: true })).toBe('ok');
      opened.close();
      // The next start finishes what was stopped.
      const app = await buildApp(
        loadConfig({ SESSION_SECRET: secret, DEMO: 'true', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
        {
          logger: false,
        },
      );
      await app.close();
    } finally {
      child.kill('SIGKILL');
      await database.drop();
    }
  });
});

describe.runIf(databaseIndependent)('A slow client cannot hold a shutdown', () => {
  it('a request whose body comes a byte a second is cut when closing begins: close ends well within the forced exit', async () => {
    const server = await startServer();
    const client = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    let drip: ReturnType<typeof setInterval> | undefined;
    try {
      await new Promise<void>((resolve) => client.once('connect', resolve));
      const closedByServer = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.on('error', () => {});
      // Its headers are parsed and its body is arriving before closing begins.
      const requested = new Promise((resolve) => server.app.server.once('request', resolve));
      client.write(
        `POST ${DEMO_IDP_PATH}/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\na`,
      );
      drip = setInterval(() => client.write('a'), 1000);
      await requested;
      const started = performance.now();
      const closing = server.close();
      const bound = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 8000).unref());
      expect(await Promise.race([closing.then(() => 'closed' as const), bound])).toBe('closed');
      expect(performance.now() - started).toBeLessThan(5000);
      await closedByServer;
    } finally {
      clearInterval(drip);
      client.destroy();
    }
  });
});

/**
 * Every module the server loads as it starts lengthens its start (DESIGN §8: start < 2 s); these
 * are loaded by the feature that needs them, when it is first used.
 */
const LOADED_WHEN_USED = [
  { feature: 'passkeys', module: /\/node_modules\/@simplewebauthn\// },
  { feature: 'avatar upload', module: /\/node_modules\/(sharp|file-type)\// },
  { feature: 'metrics (METRICS_PORT)', module: /\/node_modules\/prom-client\// },
  { feature: 'email over SMTP', module: /\/node_modules\/nodemailer\// },
  { feature: 'sign-in by ID token or OpenID Connect', module: /\/node_modules\/(jose|openid-client|oauth4webapi)\// },
  { feature: 'all of date-fns (its index)', module: /\/node_modules\/date-fns\/index\.js$/ },
  { feature: 'all of validator (its index)', module: /\/node_modules\/validator\/index\.js$/ },
];

/** The URL of every module that loading the server's app module loads, in a fresh process. */
function modulesLoadedBy(moduleUrl: string): string[] {
  // Loader hooks run on a thread of their own: each load is posted back, and a last module marks the end.
  const hooks = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
  const script = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = [];
const END = 'data:text/javascript,export default "end"';
const ended = new Promise((resolve) => port1.on('message', (url) => (url === END ? resolve() : loaded.push(url))));
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}), { data: { port: port2 }, transferList: [port2] });
await import(${JSON.stringify(moduleUrl)});
await import(END);
await ended;
port1.close();
console.log(JSON.stringify(loaded));`;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=@account/source', '--input-type=module', '-e', script],
    { cwd: root, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8', timeout: 30_000 },
  );
  if (result.status !== 0) throw new Error(`Loading ${moduleUrl} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[];
}

describe.skipIf(databaseKind !== 'sqlite')('DESIGN §8 start < 2 s: what the server loads to start', () => {
  it('loads no module that only a feature in use needs, and of date-fns and validator only the functions used', () => {
    const loaded = modulesLoadedBy(new URL('../src/app.ts', import.meta.url).href);
    expect(loaded.some((url) => url.endsWith('/apps/server/src/app.ts'))).toBe(true);
    const early = LOADED_WHEN_USED.filter(({ module }) => loaded.some((url) => module.test(url)));
    expect(early.map(({ feature }) => feature)).toEqual([]);
  });
});
