/**
 * Issue 9, DESIGN §5 (an acknowledged write survives a crash): the short run of the reliability
 * suite's durability scenario (apps/server/reliability) on this project's database. Shoppers write
 * addresses, settings and claims over HTTP while the server process is SIGKILLed three times and
 * restarted; afterwards every acknowledged write is in the database, and everything there is whole:
 * each change has the webhook event written in its transaction, and each event its change.
 * `npm run reliability -- durability` is the longer run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDurability } from '../reliability/durability.js';
import { failures, printReport } from '../reliability/report.js';
import { databaseKind, freshDatabase } from './support/test-app.js';

const databaseName = databaseKind === 'sqlite' ? 'SQLite' : 'PostgreSQL';

describe(`issue 9: durability under SIGKILL (${databaseKind})`, () => {
  it(`DESIGN §5 every acknowledged write survives SIGKILL, whole, on ${databaseName}`, async () => {
    const database = await freshDatabase();
    const logDir = mkdtempSync(path.join(tmpdir(), 'account-durability-logs-'));
    try {
      const report = await runDurability({
        database: { kind: databaseKind, ...database },
        kills: 3,
        uptimeMs: 2000,
        logDir,
      });
      // The server's log is kept only when something failed.
      if (failures(report).length > 0) printReport(report);
      else rmSync(logDir, { recursive: true, force: true });
      expect(failures(report), `server log in ${logDir}`).toEqual([]);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
