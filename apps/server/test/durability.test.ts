/**
 * Issue 9, DESIGN §5 (an acknowledged write survives a crash): the short run of the reliability
 * suite's durability scenario (apps/server/reliability) on this project's database. Shoppers write
 * addresses, settings and claims over HTTP while the server process is SIGKILLed twice and
 * restarted; afterwards every acknowledged write is in the database, and everything there is whole:
 * each change has the webhook event written in its transaction, and each event its change.
 * `npm run reliability -- durability` is the longer run.
 */
import { describe, it } from 'vitest';
import { runDurability } from '../reliability/durability.js';
import { expectAllHeld, logDir } from './support/reliability-run.js';
import { databaseKind, freshDatabase } from './support/test-app.js';

const databaseName = databaseKind === 'sqlite' ? 'SQLite' : 'PostgreSQL';

describe(`issue 9: durability under SIGKILL (${databaseKind})`, () => {
  it(`DESIGN §5 every acknowledged write survives SIGKILL, whole, on ${databaseName}`, async () => {
    const database = await freshDatabase();
    const logs = logDir('durability');
    try {
      // Two kills, each after 1.5 s of writes (hundreds of them): the longer run kills more often.
      const report = await runDurability({
        database: { kind: databaseKind, ...database },
        kills: 2,
        uptimeMs: 1500,
        logDir: logs,
      });
      expectAllHeld(report, logs);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
