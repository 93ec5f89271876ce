/**
 * Issue 9: the database going away under load. PostgreSQL stopped (a cluster of the test's own,
 * since it is stopped) or SQLite write-locked by another process: the API answers quickly with 503
 * and the one error body, readiness and liveness tell the truth, the process keeps running, and
 * it serves again by itself once the database is back. The short run of `npm run reliability --
 * outage` (apps/server/reliability/outage.ts), plus the crash it found: a connection cut inside a
 * transaction used to end the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresCluster, sqliteDatabase } from '../reliability/databases.js';
import { runOutage } from '../reliability/outage.js';
import { failures, printReport, type Report } from '../reliability/report.js';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import { databaseKind, startServer } from './support/test-app.js';

const logDir = () => mkdtempSync(path.join(tmpdir(), 'account-outage-logs-'));

/** Every rule held; the server's log is kept only when one did not. */
function expectAllHeld(report: Report, logs: string) {
  if (failures(report).length > 0) printReport(report);
  else rmSync(logs, { recursive: true, force: true });
  expect(failures(report), `server log in ${logs}`).toEqual([]);
}

describe(`issue 9: the database goes away under load (${databaseKind})`, () => {
  if (databaseKind === 'postgres') {
    it('PostgreSQL stopped: quick 503s with the one error body, ready 503, live 200, no crash; back by itself when it starts', async () => {
      const cluster = await PostgresCluster.start();
      const database = await cluster.database();
      try {
        const logs = logDir();
        const report = await runOutage({
          database,
          cluster,
          downMs: 2000,
          steadyMs: 1500,
          // Still well below the pool's 5 s connect timeout, with room for a machine busy with other tests.
          quickMs: 2500,
          connections: 6,
          logDir: logs,
        });
        expectAllHeld(report, logs);
      } finally {
        await database.drop();
        await cluster.dispose();
      }
    }, 90_000);

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
  } else {
    it('SQLite locked by another process: reads go on, writes give up with 503 and the one error body, live 200; back when released', async () => {
      const database = sqliteDatabase();
      const logs = logDir();
      try {
        const report = await runOutage({
          database,
          cluster: null,
          downMs: 0,
          steadyMs: 1500,
          // Still well below the pool's 5 s connect timeout, with room for a machine busy with other tests.
          quickMs: 2500,
          connections: 6,
          logDir: logs,
        });
        expectAllHeld(report, logs);
      } finally {
        await database.drop();
      }
    }, 90_000);
  }
});
