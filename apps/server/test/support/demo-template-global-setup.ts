/**
 * Migrates one database and seeds the demo shop into it once per run, for the 'server-sqlite' and
 * 'server-postgres' projects. startServer gives each server a copy of it (a file copy on SQLite,
 * CREATE DATABASE … TEMPLATE on PostgreSQL) instead of migrating and seeding afresh, which took
 * about a second for each of the ~130 servers a project starts. The server still runs its
 * migrations and its seed at startup: they find the work done.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDemo } from '../../src/db/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SQLite: the template's database file; PostgreSQL: the template database's name. */
    demoTemplate: string;
  }
}

async function migrateAndSeed(location: { databaseUrl: string | undefined; dataDir: string }): Promise<void> {
  const db = openDatabase({ ...location, poolSize: 1 });
  try {
    await migrateToLatest(db);
    // The seed's dates are relative to now; a run is minutes long, and the demo's dates are days apart.
    await seedDemo(db.kysely, { publicUrl: 'http://localhost' });
  } finally {
    // On SQLite closing also checkpoints the write-ahead log into the file, so the file alone is the copy.
    await db.close();
  }
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'account-template-'));
  if (project.config.env.TEST_DATABASE !== 'postgres') {
    await migrateAndSeed({ databaseUrl: undefined, dataDir });
    project.provide('demoTemplate', path.join(dataDir, 'account.db'));
    return async () => rmSync(dataDir, { recursive: true, force: true });
  }
  // Provided by postgres-global-setup.ts, which runs first.
  const adminUrl = project.getProvidedContext().postgresUrl;
  const name = `account_template_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrateAndSeed({ databaseUrl: url.href, dataDir });
  project.provide('demoTemplate', name);
  return async () => {
    await onAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
