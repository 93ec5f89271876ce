import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './connection.js';

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'account-rows-'));
  db = openDatabase({ databaseUrl: undefined, dataDir: dir });
  await sql`create table notes (id integer primary key, text text, picture blob, price real)`.execute(db.kysely);
  await sql`insert into notes (text, picture, price) values ('Zürich €', x'00ff', 1.5), (null, null, null)`.execute(
    db.kysely,
  );
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The rows Kysely answers, and the rows better-sqlite3 makes itself of the same statement. */
async function bothRows(query: RawBuilder<unknown>) {
  const compiled = query.compile(db.kysely);
  const ours = (await db.kysely.executeQuery(compiled)).rows;
  if (db.raw.kind !== 'sqlite') throw new Error('SQLite only');
  const theirs = db.raw.sqlite.prepare(compiled.sql).all(...compiled.parameters);
  return { ours, theirs };
}

describe('DESIGN §8: SQLite rows built by one literal per statement, exactly as better-sqlite3 builds them', () => {
  it('gives the same keys in the same order with the same values (text, null, blob, real, integer)', async () => {
    for (const run of [1, 2]) {
      const { ours, theirs } = await bothRows(sql`select id, text, picture, price from notes order by id`);
      expect(ours, `run ${run}`).toEqual(theirs);
      expect(ours.map((row) => Object.keys(row as object))).toEqual([
        ['id', 'text', 'picture', 'price'],
        ['id', 'text', 'picture', 'price'],
      ]);
      expect(Buffer.isBuffer((ours[0] as { picture: unknown }).picture)).toBe(true);
    }
  });

  it('lets a later column of the same name win, as better-sqlite3 does', async () => {
    const { ours, theirs } = await bothRows(sql`select 1 as n, 2 as n, text from notes where id = ${1}`);
    expect(ours).toEqual([{ n: 2, text: 'Zürich €' }]);
    expect(ours).toEqual(theirs);
  });

  it('leaves a statement with a column named __proto__ to better-sqlite3, which never makes it the prototype', async () => {
    const { ours, theirs } = await bothRows(sql`select 'x' as "__proto__", id from notes where id = ${1}`);
    expect(ours).toEqual(theirs);
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
  });

  it('answers writes with their changes and id, and writes returning rows with those rows', async () => {
    const inserted = await db.kysely.executeQuery(sql`insert into notes (text) values ('new')`.compile(db.kysely));
    expect(inserted.numAffectedRows).toBe(1n);
    expect(inserted.insertId).toBe(3n);
    const returned = await db.kysely.executeQuery(
      sql`update notes set text = 'newer' where id = ${3} returning id, text`.compile(db.kysely),
    );
    expect(returned.rows).toEqual([{ id: 3, text: 'newer' }]);
  });

  it('streams the same rows as it answers at once', async () => {
    const query = db.kysely
      .withTables<{ notes: { id: number; text: string | null } }>()
      .selectFrom('notes')
      .select(['id', 'text'])
      .orderBy('id');
    const streamed: unknown[] = [];
    for await (const row of query.stream(1)) streamed.push(row);
    expect(streamed).toEqual(await query.execute());
    expect(streamed[0]).toEqual({ id: 1, text: 'Zürich €' });
  });
});
