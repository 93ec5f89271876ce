/**
 * DESIGN §8 on PostgreSQL: a transaction's BEGIN goes out with its first statement, in one round
 * trip (db/connection.ts), and the transaction is still one: what it wrote is rolled back with it.
 * Counted at a TCP proxy between the server's pool and PostgreSQL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/connection.js';
import { FreezingProxy } from './support/freezing-proxy.js';
import { freshDatabase } from './support/test-app.js';

let proxy: FreezingProxy;
let db: Db;

beforeAll(async () => {
  const database = await freshDatabase('postgres');
  const target = new URL(database.env.DATABASE_URL ?? '');
  proxy = await FreezingProxy.start({ host: target.hostname, port: Number(target.port) });
  db = openDatabase({
    databaseUrl: proxy.urlFor(target.href),
    dataDir: mkdtempSync(path.join(tmpdir(), 'account-round-trips-')),
    poolSize: 1,
  });
  await sql`create table round_trip (id integer primary key)`.execute(db.kysely);
});
afterAll(async () => {
  await db?.close();
  await proxy?.close();
});

/** The round trips `work` made on an open connection. */
async function roundTrips(work: () => Promise<unknown>): Promise<number> {
  const before = proxy.turns;
  await work().catch(() => undefined);
  return proxy.turns - before;
}

const ids = async () =>
  (await sql<{ id: number }>`select id from round_trip order by id`.execute(db.kysely)).rows.map((r) => r.id);

describe('PostgreSQL transactions (DESIGN §8: fewer round trips)', () => {
  it('BEGIN goes out with the first statement: two statements and COMMIT in three round trips', async () => {
    const trips = await roundTrips(() =>
      db.kysely.transaction().execute(async (trx) => {
        await sql`insert into round_trip (id) values (1)`.execute(trx);
        await sql`insert into round_trip (id) values (2)`.execute(trx);
      }),
    );
    expect(trips).toBe(3);
    expect(await ids()).toEqual([1, 2]);
  });

  it('the first statement runs inside the transaction: a failure after it rolls it back', async () => {
    const failed = db.kysely.transaction().execute(async (trx) => {
      await sql`insert into round_trip (id) values (3)`.execute(trx);
      await sql`insert into round_trip (id) values (1)`.execute(trx);
    });
    await expect(failed).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([1, 2]);
  });

  it('a first statement that fails fails the transaction, and the connection serves the next one', async () => {
    const failed = db.kysely.transaction().execute(async (trx) => {
      await sql`insert into round_trip (id) values (1)`.execute(trx);
    });
    await expect(failed).rejects.toThrow(/duplicate key/);
    await db.kysely.transaction().execute(async (trx) => {
      await sql`insert into round_trip (id) values (4)`.execute(trx);
    });
    expect(await ids()).toEqual([1, 2, 4]);
  });

  it('a transaction that ends before its first statement sends nothing', async () => {
    expect(await roundTrips(() => db.kysely.transaction().execute(async () => 'nothing to do'))).toBe(0);
    const thrown = roundTrips(() =>
      db.kysely.transaction().execute(async () => {
        throw new Error('changed its mind');
      }),
    );
    expect(await thrown).toBe(0);
    expect(await ids()).toEqual([1, 2, 4]);
  });
});
