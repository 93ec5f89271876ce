/**
 * Issue 9: the database going away under load. PostgreSQL stopped (a cluster of the test's own,
 * since it is stopped) or SQLite write-locked by another process: the API answers quickly with 503
 * and the one error body, readiness and liveness tell the truth, the process keeps running, and
 * it serves again by itself once the database is back. The short run of `npm run reliability --
 * outage` (apps/server/reliability/outage.ts), plus the crash it found: a connection cut inside a
 * transaction used to end the process (PostgreSQL stopped: database-outage-stopped.postgres.test.ts,
 * a file of its own as it takes a cluster of its own). And PostgreSQL that hangs instead of stopping (behind a
 * proxy that stops passing bytes on): the statement timeout turns it into 503s as well.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../reliability/databases.js';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import { TestBrowser } from './support/browser.js';
import { eventually } from './support/eventually.js';
import { FreezingProxy } from './support/freezing-proxy.js';
import { expectOutageHeld } from './support/reliability-run.js';
import { signIn } from './support/sign-in.js';
import { databaseKind, freshDatabase, startServer } from './support/test-app.js';

/** A server whose PostgreSQL is reached through a proxy that can hang, with the given statement timeout. */
async function serverBehindFreezingProxy(statementTimeoutMs: number) {
  const database = await freshDatabase();
  const target = new URL(database.env.DATABASE_URL ?? '');
  const proxy = await FreezingProxy.start({ host: target.hostname, port: Number(target.port) });
  const server = await startServer({
    env: { DATABASE_URL: proxy.urlFor(target.href), DATABASE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs) },
  });
  return {
    server,
    proxy,
    /** Asks PostgreSQL directly, past the proxy. */
    async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const admin = new pg.Client({ connectionString: target.href });
      await admin.connect();
      try {
        return await admin.query<R>(text, values);
      } finally {
        await admin.end();
      }
    },
    /**
     * None of the server's connections stays inside a transaction. A background job's may be
     * between two of its statements for a moment (that failed a run on a busy machine); one left
     * open stays so, as nothing here ends an idle transaction but its connection's close.
     */
    async expectNoTransactionLeftOpen() {
      await eventually(async () => {
        const { rows } = await this.query<{ state: string }>(
          'select state from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [target.pathname.slice(1)],
        );
        expect(rows.map((r) => r.state)).not.toContain('idle in transaction');
      }, 5_000);
    },
    async close() {
      proxy.thaw();
      await server.close();
      await proxy.close();
      await database.drop();
    },
  };
}

describe(`issue 9: the database goes away under load (${databaseKind})`, () => {
  if (databaseKind === 'postgres') {
    it('a connection cut while a transaction holds it fails that transaction (503), and the process and the pool carry on', async () => {
      const server = await startServer();
      try {
        const { kysely } = server.app.db;
        const url = new URL(server.config.databaseUrl ?? '');
        const error = await kysely
          .transaction()
          .execute(async (trx) => {
            await trx.selectFrom('shoppers').select('id').limit(1).execute();
            // Between two statements, as PostgreSQL does to every session when it stops.
            const admin = new pg.Client({ connectionString: server.config.databaseUrl });
            await admin.connect();
            await admin.query(
              'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
              [url.pathname.slice(1)],
            );
            await admin.end();
            await new Promise((resolve) => setTimeout(resolve, 200));
            await trx.selectFrom('shoppers').select('id').limit(1).execute();
          })
          .catch((e: unknown) => e);
        expect(isDatabaseUnavailable(error)).toBe(true);
        const ready = await fetch(`${server.baseUrl}/account/api/ready`);
        expect(ready.status).toBe(200);
      } finally {
        await server.close();
      }
    });

    it('PostgreSQL that stops answering (hung, or a network that drops everything): 503 once the statement timeout is past, live 200, no crash; back by itself', async () => {
      const setup = await serverBehindFreezingProxy(500);
      const { server, proxy } = setup;
      try {
        const browser = new TestBrowser(server.app);
        await signIn(browser, 'demo-emma');
        expect((await browser.request('/account/api/v1/shopuser/me')).statusCode).toBe(200);

        proxy.freeze();
        // Reads and writes: each gives up within the timeout (500 ms and a second for an
        // answer or a new connection), with the one error body, on connections held and new ones.
        for (const call of [
          { url: '/account/api/v1/shopuser/me' },
          { method: 'PATCH' as const, url: '/account/api/v1/setting/interests', body: { InterestIds: [] } },
          { url: '/account/api/v1/shopuser/me' },
        ]) {
          const started = performance.now();
          const response = await browser.request(call);
          const took = performance.now() - started;
          expect(response.statusCode, call.url).toBe(503);
          expect(response.json(), call.url).toMatchObject({ status: 503, code: 'service_unavailable' });
          expect(took, call.url).toBeLessThan(4000);
        }
        expect((await browser.request('/account/api/ready')).statusCode).toBe(503);
        expect((await browser.request('/account/api/live')).statusCode).toBe(200);

        proxy.thaw();
        // The connections that gave up were closed rather than reused with a reply still pending,
        // so the pool is whole: many calls in a row all answer.
        const deadline = performance.now() + 10_000;
        let status = 0;
        while (status !== 200 && performance.now() < deadline) {
          status = (await browser.request('/account/api/v1/shopuser/me')).statusCode;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(200);
        const again = await Promise.all(
          Array.from({ length: 30 }, () => browser.request('/account/api/v1/shopuser/me')),
        );
        expect(again.map((r) => r.statusCode)).toEqual(again.map(() => 200));
        expect((await browser.request('/account/api/ready')).statusCode).toBe(200);
        await setup.expectNoTransactionLeftOpen();
      } finally {
        await setup.close();
      }
    }, 60_000);

    it('a hang in the middle of a transaction fails it (503); its connection is closed, not reused, so nothing of it is ever committed', async () => {
      const setup = await serverBehindFreezingProxy(300);
      const { server, proxy } = setup;
      try {
        const { kysely } = server.app.db;
        const error = await kysely
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable('shoppers').set({ firstName: 'Half-done' }).execute();
            proxy.freeze();
            await trx.selectFrom('shoppers').select('id').limit(1).execute();
          })
          .catch((e: unknown) => e);
        expect(isDatabaseUnavailable(error)).toBe(true);
        proxy.thaw();
        // Whole transactions after it, on whichever connections the pool hands out.
        for (let i = 0; i < 10; i++) {
          await kysely.transaction().execute((trx) => trx.selectFrom('shoppers').select('id').limit(1).execute());
        }
        const halfDone = await setup.query(`select id from shoppers where first_name = 'Half-done'`);
        expect(halfDone.rowCount).toBe(0);
        await setup.expectNoTransactionLeftOpen();
      } finally {
        await setup.close();
      }
    });

    it('a statement slower than the statement timeout is cancelled by PostgreSQL: 503, and its connection serves on', async () => {
      const server = await startServer({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '200' } });
      try {
        const { kysely } = server.app.db;
        const error = await sql`select pg_sleep(1)`.execute(kysely).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: '57014' });
        expect(isDatabaseUnavailable(error)).toBe(true);
        const results = await Promise.all(
          Array.from({ length: 20 }, () => sql<{ one: number }>`select 1 as one`.execute(kysely)),
        );
        expect(results.map((r) => r.rows[0]?.one)).toEqual(results.map(() => 1));
      } finally {
        await server.close();
      }
    });

    it('migrations are not held to the statement timeout: a server starts while they wait longer than it for a lock', async () => {
      const database = await freshDatabase();
      const env = { DATABASE_URL: database.env.DATABASE_URL ?? '', DATABASE_STATEMENT_TIMEOUT_MS: '100' };
      const admin = new pg.Client({ connectionString: env.DATABASE_URL });
      try {
        await (await startServer({ env })).close();
        // Another instance migrating: the migrations table is locked for longer than the timeout.
        await admin.connect();
        await admin.query('begin');
        await admin.query('lock table kysely_migration in access exclusive mode');
        const released = new Promise((resolve) => setTimeout(resolve, 600)).then(() => admin.query('commit'));
        const started = performance.now();
        const server = await startServer({ env });
        const took = performance.now() - started;
        await released;
        const response = await fetch(`${server.baseUrl}/account/api/ready`);
        await server.close();
        expect(response.status).toBe(200);
        expect(took).toBeGreaterThan(500);
      } finally {
        await admin.end();
        await database.drop();
      }
    });
  } else {
    it('SQLite locked by another process: reads go on, writes give up with 503 and the one error body, live 200; back when released', async () => {
      const database = sqliteDatabase();
      try {
        await expectOutageHeld({ database, cluster: null, downMs: 0 });
      } finally {
        await database.drop();
      }
    }, 90_000);

    it('SQLite locked for a moment by the command line: a rate-limited call (the sign-in start) waits for the lock, not 503', async () => {
      const server = await startServer();
      const other = new SQLite(path.join(server.config.dataDir, 'account.db'));
      try {
        other.exec('begin immediate');
        const answer = fetch(`${server.baseUrl}/sso/start`);
        // Long enough for a call that does not wait to have answered already.
        await new Promise((resolve) => setTimeout(resolve, 300));
        other.exec('commit');
        const response = await answer;
        expect(response.status, await response.text()).toBe(200);
      } finally {
        other.close();
        await server.close();
      }
    });
  }
});
