import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Tests run against the contract's TypeScript sources, never a stale build. */
const resolve = { conditions: ['@account/source'] };
const ssr = { resolve: { conditions: ['@account/source'], externalConditions: ['@account/source'] } };
const env = { TZ: 'UTC' };
/**
 * Each project's settings for its files (a project does not inherit the root's). The files of a
 * worker share their modules: a process of its own for each of the 72 files of the contract, web
 * and server-unit projects took twice their CPU (34 s against 17 s), and importing the server anew
 * for every file was 52 of the SQLite project's 120 s (issue 45). Each file starts the servers and
 * databases it needs; none leaves mocks or fake timers behind (they passed in shuffled orders).
 */
const shared = { isolate: false, env };

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
  'query-check.test.ts',
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

/**
 * The server files that run the server, its command line or PostgreSQL's outages as processes:
 * long in wall time (up to 85 s on a busy machine) while using little CPU. They start first, in
 * both projects, so that none is left running alone at the end. Vitest's own order runs one project
 * after the other and, on a fresh clone without its cache of durations, the largest files first:
 * the command line's tests then started last and ran 30 s past everything else (issue 45).
 */
const LONG_FILES = [
  'cli',
  'package',
  'startup',
  'durability',
  'database-outage',
  'database-outage-stopped.postgres',
  'instances.postgres',
  'security-fuzz',
].map((name) => `/apps/server/test/${name}.test.ts`);

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONG_FILES.length : index;
    };
    // Array sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongFilesFirst },
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
        test: { ...shared, name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { ...resolve, alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        ssr,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'node',
          ...shared,
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
          ...shared,
          setupFiles: ['apps/web/src/dom-test-setup.ts'],
        },
      },
      {
        resolve,
        ssr,
        test: { ...shared, name: 'server-unit', include: ['apps/server/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'server-sqlite',
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          // Tests of what only PostgreSQL offers (several instances on one database).
          exclude: ['apps/server/test/**/*.postgres.test.ts'],
          environment: 'node',
          env: { ...env, TEST_DATABASE: 'sqlite' },
          globalSetup: [
            'apps/server/test/support/built-server-global-setup.ts',
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
            'apps/server/test/support/built-server-global-setup.ts',
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
