import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkpointInBackground } from './checkpoints.js';
import { type Db, openDatabase } from './connection.js';

let dir: string;
let file: string;
let db: Db | null;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'account-checkpoints-'));
  file = path.join(dir, 'account.db');
});
afterEach(async () => {
  await db?.close();
  db = null;
  rmSync(dir, { recursive: true, force: true });
});

/** About 1.2 MB (300 pages): well below the 1,000 pages at which a commit checkpoints by itself. */
async function writeRows(kysely: Db['kysely']): Promise<void> {
  await sql`create table notes (id integer primary key, text text not null)`.execute(kysely);
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1200)
    insert into notes (text) select hex(randomblob(500)) from n`.execute(kysely);
}

describe('SQLite WAL checkpoints on a thread of their own (not on the event loop)', () => {
  it('pages written by the server reach the database file while its own connection runs no statement', async () => {
    db = openDatabase({ databaseUrl: undefined, dataDir: dir, checkpointInBackground: true });
    await writeRows(db.kysely);
    const before = statSync(file).size;
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 1_000_000), {
      timeout: 4000,
      interval: 50,
    });
  });

  it('closing ends the thread with the connection: the WAL is copied back and removed, no row lost', async () => {
    db = openDatabase({ databaseUrl: undefined, dataDir: dir, checkpointInBackground: true });
    await writeRows(db.kysely);
    await db.close();
    db = null;
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = openDatabase({ databaseUrl: undefined, dataDir: dir });
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.kysely);
    await reopened.close();
    expect(rows[0]?.n).toBe(1200);
  });

  it('a thread that cannot open the database says so in the log, and the server checkpoints by itself', async () => {
    const warn = vi.fn();
    const checkpoints = checkpointInBackground(path.join(dir, 'missing.db'), () => ({ warn }));
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 4000, interval: 20 });
    expect(warn.mock.calls[0]?.[1]).toMatch(/checkpoint thread ended; the server checkpoints the WAL itself/);
    await checkpoints.stop();
  });
});
