import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './connection.js';
import { SQLITE_BUSY_BUDGET_MS } from './sqlite-busy.js';
import { isDatabaseUnavailable } from './unavailable.js';

let dir: string;
let db: Db;
/** Another process on the same file, e.g. the command line, holding the write lock. */
let other: SQLite.Database;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'account-busy-'));
  db = openDatabase({ databaseUrl: undefined, dataDir: dir });
  await sql`create table notes (id integer primary key, text text not null)`.execute(db.kysely);
  other = new SQLite(path.join(dir, 'account.db'));
  other.pragma('busy_timeout = 5000');
});
afterEach(async () => {
  other.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () =>
  Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely)).rows[0]?.n);

/** Event-loop turns within `ms`: about ms / 10 when nothing blocks the process. */
async function turnsWithin(ms: number): Promise<number> {
  let turns = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    turns++;
  }
  return turns;
}

describe('SQLite locked by another process (DESIGN §5 busy timeout)', () => {
  it('writes wait for the lock without holding up the process or the reads, and go through once it is released', async () => {
    other.exec('begin immediate');
    const inTransaction = db.kysely
      .transaction()
      .execute((trx) => sql`insert into notes (text) values ('in a transaction')`.execute(trx));
    const alone = sql`insert into notes (text) values ('on its own')`.execute(db.kysely);
    expect(await turnsWithin(300)).toBeGreaterThan(15);
    expect(await count()).toBe(0);
    other.exec('commit');
    await Promise.all([inTransaction, alone]);
    expect(await count()).toBe(2);
  });

  it(`gives up after ${SQLITE_BUSY_BUDGET_MS} ms with SQLITE_BUSY, which the API answers with a 503`, async () => {
    other.exec('begin immediate');
    const began = Date.now();
    const error = await db.kysely
      .transaction()
      .execute((trx) => sql`insert into notes (text) values ('too late')`.execute(trx))
      .catch((e: unknown) => e);
    expect(Date.now() - began).toBeGreaterThanOrEqual(SQLITE_BUSY_BUDGET_MS - 200);
    expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
    expect(isDatabaseUnavailable(error)).toBe(true);
    other.exec('rollback');
    // Nothing was left half-done: the connection serves the next write at once.
    await sql`insert into notes (text) values ('afterwards')`.execute(db.kysely);
    expect(await count()).toBe(1);
  }, 15_000);

  it('issue 22: a transaction that SQLite rolled back itself (SQLITE_FULL) fails with SQLITE_FULL, not "cannot rollback - no transaction is active"', async () => {
    const { raw } = db;
    if (raw.kind !== 'sqlite') throw new Error('not SQLite');
    // The database may not grow by another page: as on a full disk, SQLite ends the transaction.
    raw.sqlite.pragma(`max_page_count = ${raw.sqlite.pragma('page_count', { simple: true })}`);
    const error = await db.kysely
      .transaction()
      .execute((trx) => sql`insert into notes (text) values (${'x'.repeat(100_000)})`.execute(trx))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    expect(raw.sqlite.inTransaction).toBe(false);
    raw.sqlite.pragma('max_page_count = 4294967294');
    await db.kysely.transaction().execute((trx) => sql`insert into notes (text) values ('afterwards')`.execute(trx));
    expect(await count()).toBe(1);
  });
});
