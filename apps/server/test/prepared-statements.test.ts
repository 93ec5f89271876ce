/**
 * The speed work's database mechanisms (DESIGN §8): prepared queries are built once and run with
 * each call's own values; on PostgreSQL statements go out named, so each connection plans them
 * once; the SQL statements per call are counted as the bench counts them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { prepared } from '../src/db/prepared.js';
import { databaseKind, freshDatabase } from './support/test-app.js';

let db: Db;
let drop: () => Promise<void>;
const statements: string[] = [];

beforeAll(async () => {
  const database = await freshDatabase();
  drop = database.drop;
  db = openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
    // One connection, so that PostgreSQL's per-connection list of prepared statements is the one asked.
    poolSize: 1,
    onStatement: (text) => statements.push(text),
  });
  await migrateToLatest(db);
  await db.kysely
    .insertInto('interests')
    .values([
      { name: 'Hiking', viewOrder: 1 },
      { name: 'Climbing', viewOrder: 2 },
    ])
    .execute();
});

afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe(`DESIGN §8 prepared queries (${databaseKind})`, () => {
  it('builds the query once and runs it with each call’s values', async () => {
    let builds = 0;
    const byName = prepared(db.kysely, (p: { name: string }) => {
      builds++;
      return db.kysely.selectFrom('interests').select(['id', 'name']).where('name', '=', p.name);
    });
    expect((await byName.first({ name: 'Hiking' }))?.name).toBe('Hiking');
    expect((await byName.first({ name: 'Climbing' }))?.name).toBe('Climbing');
    expect(await byName.rows({ name: 'Sailing' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs in a transaction when given one, and reports a write’s affected rows', async () => {
    const rename = prepared(db.kysely, (p: { from: string; to: string }) =>
      db.kysely.updateTable('interests').set({ name: p.to }).where('name', '=', p.from),
    );
    await db.kysely.transaction().execute(async (trx) => {
      const result = await rename.result({ from: 'Climbing', to: 'Bouldering' }, trx);
      expect(Number(result.numAffectedRows)).toBe(1);
    });
    const names = await db.kysely.selectFrom('interests').select('name').orderBy('id').execute();
    expect(names.map((r) => r.name)).toEqual(['Hiking', 'Bouldering']);
  });

  it('refuses a query that uses none of its values (a value read outside the query would be baked in)', async () => {
    const baked = prepared(db.kysely, (p: { name: string }) => {
      void p.name;
      return db.kysely.selectFrom('interests').select('id').where('name', '=', 'Hiking');
    });
    await expect(baked.rows({ name: 'Climbing' })).rejects.toThrow(/used none of its values/);
  });

  it('sees every statement through onStatement (the bench counts them per call)', async () => {
    statements.length = 0;
    await db.kysely.selectFrom('interests').select('id').execute();
    await db.kysely.selectFrom('newsletters').select('id').execute();
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/from "newsletters"/);
  });

  it.runIf(databaseKind === 'postgres')(
    'PostgreSQL keeps a statement prepared on the connection after its first run',
    async () => {
      const text = 'select "id" from "interests" where "name" = $1';
      await db.kysely.executeQuery({ ...sql`select 1`.compile(db.kysely), sql: text, parameters: ['Hiking'] });
      const held = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db.kysely);
      expect(held.rows.map((r) => r.statement)).toContain(text);
    },
  );
});
