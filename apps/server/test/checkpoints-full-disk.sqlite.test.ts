/**
 * SQLite's background checkpoints (db/checkpoints.ts) on a disk that fills up: the thread's failing
 * checkpoint is logged once through the server's logger, not once per look, and it works again,
 * silently, when space is freed. Needs a real full disk (a small tmpfs, root); the checkpoint's
 * other behaviour is db/checkpoints.test.ts.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { CHECKPOINT_INTERVAL_MS } from '../src/db/checkpoints.js';
import { openDatabase } from '../src/db/connection.js';
import { canMount, mountTmpfs, run } from './support/mounts.js';

/** `rows` rows of about 1 kB each. */
const addNotes = (rows: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
    insert into notes (text) select hex(randomblob(500)) from n`;

describe.runIf(canMount())('SQLite WAL checkpoints on a full disk (a 4 MB tmpfs)', () => {
  it("a failed checkpoint is logged once through the server's logger, and not again when it works after space is freed", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'account-checkpoint-full-'));
    mountTmpfs(dir, '4m');
    const file = path.join(dir, 'account.db');
    const db = openDatabase({ databaseUrl: undefined, dataDir: dir, checkpointInBackground: true });
    const warn = vi.fn();
    db.storage?.logTo({ warn, error: vi.fn() });
    try {
      await sql`create table notes (id integer primary key, text text not null)`.execute(db.kysely);
      await addNotes(1200).execute(db.kysely);
      await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(1_000_000), { timeout: 4000, interval: 50 });
      const filler = path.join(dir, 'filler');
      try {
        writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
      } catch (error) {
        // Written up to the last free byte: the disk is full.
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      // These fit in the WAL the thread has already copied back, which starts again from its
      // beginning; copying them on into the database file needs pages the disk no longer has.
      await addNotes(300).execute(db.kysely);
      await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 4000, interval: 20 });
      expect(warn.mock.calls[0]?.[1]).toMatch(/SQLite WAL checkpoint failed; it is tried again/);
      // The thread keeps trying meanwhile; the log hears of the episode once.
      await new Promise((resolve) => setTimeout(resolve, 5 * CHECKPOINT_INTERVAL_MS));
      expect(warn).toHaveBeenCalledTimes(1);

      rmSync(filler);
      const full = statSync(file).size;
      await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(full), { timeout: 4000, interval: 50 });
      expect(warn).toHaveBeenCalledTimes(1);
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
      expect(rows[0]?.n).toBe(1500);
    } finally {
      await db.close();
      run('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
