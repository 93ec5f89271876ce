/**
 * Issue 9: PostgreSQL stopped under load, on a cluster of the test's own since it is stopped: the
 * API answers quickly with 503 and the one error body, readiness and liveness tell the truth, the
 * process keeps running, and it serves again by itself once the database is back. The short run
 * of `npm run reliability -- outage` (apps/server/reliability/outage.ts). The other outages are in
 * database-outage.test.ts.
 */
import { describe, it } from 'vitest';
import { PostgresCluster } from '../reliability/databases.js';
import { expectOutageHeld } from './support/reliability-run.js';

describe('issue 9: PostgreSQL stops under load', () => {
  it('PostgreSQL stopped: quick 503s with the one error body, ready 503, live 200, no crash; back by itself when it starts', async () => {
    const cluster = await PostgresCluster.start();
    const database = await cluster.database();
    try {
      await expectOutageHeld({ database, cluster, downMs: 2000 });
    } finally {
      await database.drop();
      await cluster.dispose();
    }
  }, 90_000);
});
