/** The reliability suite's short runs in the tests: a report whose server log is kept only when a rule failed. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { type OutageOptions, runOutage } from '../../reliability/outage.js';
import { failures, printReport, type Report } from '../../reliability/report.js';

/** A folder for the server's log of one run. */
export const logDir = (name: string) => mkdtempSync(path.join(tmpdir(), `account-${name}-logs-`));

/** Every rule held; the server's log is kept only when one did not. */
export function expectAllHeld(report: Report, logs: string): void {
  if (failures(report).length > 0) printReport(report);
  else rmSync(logs, { recursive: true, force: true });
  expect(failures(report), `server log in ${logs}`).toEqual([]);
}

/** The outage run's short form in the tests: every rule of it held. */
export async function expectOutageHeld(options: Pick<OutageOptions, 'database' | 'cluster' | 'downMs'>): Promise<void> {
  const logs = logDir('outage');
  const report = await runOutage({
    ...options,
    steadyMs: 1500,
    // Still well below the pool's 5 s connect timeout, with room for a machine busy with other tests.
    quickMs: 2500,
    connections: 6,
    logDir: logs,
  });
  expectAllHeld(report, logs);
}
