import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Tests run against the contract's TypeScript sources, never a stale build. */
const resolve = { conditions: ['@account/source'] };
const ssr = { resolve: { conditions: ['@account/source'], externalConditions: ['@account/source'] } };
const env = { TZ: 'UTC' };

/** Server test files that run on SQLite only: nothing in them depends on the database (issue 45). */
const SQLITE_ONLY = [
  'api-docs.test.ts',
  'demo-off.test.ts',
  'durability-checks.test.ts',
  'pdf-text.test.ts',
  'providers-apple.test.ts',
  'providers-facebook.test.ts',
  'providers-google.test.ts',
  'providers-steam.test.ts',
  'request-log-privacy.test.ts',
  'security-abuse.test.ts',
  'security-fuzz.test.ts',
  'security-login-csrf.test.ts',
  'security-logs.test.ts',
  'security-proxy.test.ts',
  'security-redirects.test.ts',
  'security-routes.test.ts',
  'serving.test.ts',
  'sms-transport.test.ts',
  'vat.test.ts',
];

export default defineConfig({
  resolve,
  ssr,
  test: {
    // Four test files at a time. Vitest's default leaves one core free, which on a two-core
    // machine is one file at a time; the server tests spend much of their time waiting on
    // servers, databases and child processes (745 s for the whole run with one worker, 520 s with
    // two), so four files run at once even on two cores: 161 s, against 181 s with two (issue 45).
    // The PostgreSQL files share one server and its 100 connections, hence no more.
    maxWorkers: 4,
    // `npm run coverage`: the lines the tests run in-process (servers spawned as processes are not counted).
    coverage: {
      provider: 'v8',
      include: ['packages/contract/src/**', 'apps/server/src/**', 'apps/web/src/**'],
      exclude: ['**/*.test.{ts,tsx}'],
      reporter: ['text-summary', 'json', 'html'],
    },
    projects: [
      {
        resolve,
        ssr,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node', env },
      },
      {
        resolve: { ...resolve, alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        ssr,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'node',
          env,
        },
      },
      {
        // What one component does, rendered in a DOM (happy-dom) and used through Testing Library as
        // a shopper uses it; Playwright keeps the journeys, each screen's layout and its axe scan.
        resolve: { ...resolve, alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        ssr,
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          env,
          setupFiles: ['apps/web/src/dom-test-setup.ts'],
        },
      },
      {
        resolve,
        ssr,
        test: { name: 'server-unit', include: ['apps/server/src/**/*.test.ts'], environment: 'node', env },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'server-sqlite',
          // The files of a worker share their modules: importing the server anew for every file
          // was 52 of its 120 s (issue 45). Each file starts servers and databases of its own.
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          // Tests of what only PostgreSQL offers (several instances on one database).
          exclude: ['apps/server/test/**/*.postgres.test.ts'],
          environment: 'node',
          env: { ...env, TEST_DATABASE: 'sqlite' },
          globalSetup: [
            'apps/server/test/support/demo-template-global-setup.ts',
            'apps/server/test/support/query-shapes-global-setup.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'server-postgres',
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          // Where the database does not matter, the SQLite project's run is enough: HTTP, protocols
          // and input rules, whose queries other files run here too. The query check
          // (query-shapes-global-setup.ts) fails the run when a query ran on SQLite only. Besides, the
          // tests of SQLite's own files (what an erasure leaves in them).
          exclude: [...SQLITE_ONLY.map((file) => `apps/server/test/${file}`), 'apps/server/test/**/*.sqlite.test.ts'],
          environment: 'node',
          env: { ...env, TEST_DATABASE: 'postgres' },
          // In this order: the template is made on the PostgreSQL the first one starts.
          globalSetup: [
            'apps/server/test/support/postgres-global-setup.ts',
            'apps/server/test/support/demo-template-global-setup.ts',
            'apps/server/test/support/query-shapes-global-setup.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
