/**
 * A real server for integration tests: the app from buildApp() on a SQLite file or a PostgreSQL
 * database of its own (TEST_DATABASE picks which), listening on a free port so that server-to-
 * server calls (the OpenID Connect token exchange) really travel over HTTP. In demo mode the
 * database starts as a copy of the run's migrated and seeded template.
 */

import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_FEATURES, API_BASE, type Feature } from '@account/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { freePort } from './ports.js';
import { shapeRecorder, shapesDir } from './query-shapes.js';

export { freePort };

export type DatabaseKind = 'sqlite' | 'postgres';
/** The file the server opens in DATA_DIR (db/connection.ts). */
const SQLITE_FILE = 'account.db';
export const databaseKind = (process.env.TEST_DATABASE ?? 'sqlite') as DatabaseKind;

/**
 * For a test or group where the database plays no part (HTTP, input rules, processes, texts): it
 * runs in the SQLite project only. The query check still proves every query it runs also ran on
 * PostgreSQL elsewhere (issue 45).
 */
export const databaseIndependent = databaseKind === 'sqlite';

/** A database of its own for a test: new, or a copy of `template` (a file on SQLite, a database's name on PostgreSQL). */
async function newDatabase(
  kind: DatabaseKind,
  template: string | null,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'account-test-'));
  if (kind === 'sqlite') {
    if (template) copyFileSync(template, path.join(dataDir, SQLITE_FILE));
    return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('postgresUrl');
  const name = `account_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database: a temporary directory for SQLite, a new database on the test PostgreSQL. */
export const freshDatabase = (kind: DatabaseKind = databaseKind) => newDatabase(kind, null);

/**
 * A fresh database already migrated and holding the demo shop: a copy of the run's template
 * (demo-template-global-setup.ts), so a server in demo mode starts without migrating and seeding.
 */
const demoDatabase = (kind: DatabaseKind = databaseKind) => newDatabase(kind, inject('demoTemplate'));

/** A path of the account API. */
export const api = (path: string) => `${API_BASE}${path}`;

/** Stores a site setting; before the server's first settings read, so no cached copy hides it. */
export async function putSetting(server: TestServer, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await server.app.db.kysely
    .insertInto('siteSettings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

/** Switches `features` off and leaves the rest on; before the server's first settings read, as putSetting. */
export async function switchOff(server: TestServer, ...features: Feature[]): Promise<void> {
  await putSetting(
    server,
    'enableFeatures',
    ALL_FEATURES.filter((feature) => !features.includes(feature)),
  );
}

/**
 * For a test that changed sessions in the database itself: waits until the server has heard of
 * the change, as it does within milliseconds (on PostgreSQL it keeps sessions in memory, told of
 * every change by the database: modules/sessions/ended-notices.ts).
 */
export async function sessionsChanged(app: FastifyInstance): Promise<void> {
  await app.endedSessions?.settled();
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  demo?: boolean;
  env?: Record<string, string>;
  /** A directory holding a built web app (index.html); defaults to a small fixture. */
  webDist?: string;
  /** The app's logger (with env LOG_LEVEL); quiet unless given. */
  logger?: BuildOptions['logger'];
  onRoute?: BuildOptions['onRoute'];
  /**
   * false: the server's queries are left out of the query check (query-shapes.ts). For a fuzzing
   * file: its random bodies make random partial updates, one query for each subset of columns,
   * which no PostgreSQL file could all run.
   */
  queryCheck?: boolean;
}

let fixtureDist: string | null = null;
/** A stand-in for the Vite build so SPA serving is tested without building the web app. */
function webFixture(): string {
  if (fixtureDist) return fixtureDist;
  fixtureDist = mkdtempSync(path.join(tmpdir(), 'account-web-'));
  mkdirSync(path.join(fixtureDist, 'assets'));
  writeFileSync(
    path.join(fixtureDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>My account</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(fixtureDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(fixtureDist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["app.ts"]}');
  mkdirSync(path.join(fixtureDist, '.vite'));
  writeFileSync(path.join(fixtureDist, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(fixtureDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return fixtureDist;
}

export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const demo = options.demo ?? true;
  const database = demo ? await demoDatabase() : await freshDatabase();
  // A test that must know the address before the server starts (a provider at the server's own
  // demo identity provider) picks the port itself.
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: String(demo),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...database.env,
    ...options.env,
  });
  // On SQLite the queries made while the server answers a call, not those of a test's own setup
  // and checks; on PostgreSQL every query, so that one a cache makes at start there (and during a
  // call on SQLite) counts as run. "While", not "within": an AsyncLocalStorage would say exactly,
  // but it turns on Node 20's promise hooks for every await in the worker, a few percent of the
  // suite's CPU (issue 45). A test's own query made during a call then counts too, which can only
  // widen what SQLite is said to run, never hide a query from the check.
  const postgres = Boolean(config.databaseUrl);
  const shapes = shapeRecorder(shapesDir(inject('queryShapesRun')), postgres ? 'postgres' : 'sqlite');
  const answering = new Set<FastifyRequest>();
  const app = await buildApp(config, {
    logger: options.logger ?? false,
    webDist: options.webDist ?? webFixture(),
    ...(options.onRoute && { onRoute: options.onRoute }),
    onStatement: (sql) => {
      if (options.queryCheck !== false && (postgres || answering.size > 0)) shapes.record(sql);
    },
  });
  app.addHook('onRequest', (request, _reply, done) => {
    answering.add(request);
    done();
  });
  const answered = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    answering.delete(request);
    done();
  };
  app.addHook('onResponse', answered);
  app.addHook('onRequestAbort', (request, done) => answered(request, undefined, done));
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    baseUrl: `http://localhost:${port}`,
    close: async () => {
      await app.close();
      shapes.write();
      await database.drop();
    },
  };
}
