/**
 * Issue 23: the achievements catalogue's version, which the instances read to know when to read
 * the catalogue again, is moved by the database at the commit of every transaction that changed
 * achievements. Moved at once instead, its row would stay locked while the transaction goes on,
 * and two transactions (two integration batches, say) that each change an achievement and then a
 * row the other holds would deadlock on it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { freshDatabase } from './support/test-app.js';

let url: string;
let drop: () => Promise<void>;
const clients: pg.Client[] = [];

beforeAll(async () => {
  const database = await freshDatabase('postgres');
  drop = database.drop;
  url = database.env.DATABASE_URL!;
  const db = openDatabase({ databaseUrl: url, dataDir: database.env.DATA_DIR! });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
});

afterAll(async () => {
  for (const client of clients) await client.end();
  await drop?.();
});

async function client(): Promise<pg.Client> {
  const connected = new pg.Client({ connectionString: url });
  await connected.connect();
  clients.push(connected);
  return connected;
}

const version = async (c: pg.Client) =>
  Number((await c.query("select version from catalogue_versions where name = 'achievements'")).rows[0].version);

describe('issue 23: the achievements catalogue’s version', () => {
  it('moves at the commit of each transaction that changed achievements, and two such transactions that also wait for each other’s rows both commit', async () => {
    const [a, b] = [await client(), await client()];
    const ids: number[] = [];
    for (const name of ['First', 'Second'])
      ids.push(
        (
          await a.query(
            `insert into achievements (name, description, scale_type, total_progress, view_order, created_at)
             values ($1, '', 0, 1, 0, '2026-11-27T00:00:00.000Z') returning id`,
            [name],
          )
        ).rows[0].id,
      );
    await a.query(`insert into site_settings (key, value) values ('shared', '1')`);
    const before = await version(a);

    await a.query('begin');
    await b.query('begin');
    await a.query('update achievements set name = $2 where id = $1', [ids[0], 'First, renamed']);
    // Not yet visible: the version moves with the commit.
    expect(await version(b)).toBe(before);
    await b.query(`update site_settings set value = '2' where key = 'shared'`);
    // Each now changes what the other holds: b an achievement (the version's row, if it were
    // moved at once), a the setting b holds. PostgreSQL would find a deadlock within a second.
    const bChanges = b.query('update achievements set name = $2 where id = $1', [ids[1], 'Second, renamed']);
    const aWaits = a.query(`update site_settings set value = '3' where key = 'shared'`);
    await bChanges;
    await b.query('commit');
    await aWaits;
    await a.query('commit');

    expect(await version(a)).toBe(before + 2);
    const names = await a.query('select name from achievements order by id');
    expect(names.rows.map((row) => row.name)).toEqual(['First, renamed', 'Second, renamed']);
  });

  it('moves when the achievements are emptied at once (TRUNCATE)', async () => {
    const c = await client();
    const before = await version(c);
    await c.query('truncate achievements cascade');
    expect(await version(c)).toBe(before + 1);
  });
});
