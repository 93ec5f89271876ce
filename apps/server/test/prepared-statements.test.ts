/**
 * The speed work's database mechanisms (DESIGN §8): prepared queries are built once and run with
 * each call's own values; on PostgreSQL statements go out named, so each connection plans them
 * once, and on SQLite a kept statement is planned once too; the SQL statements per call are
 * counted as the bench counts them.
 */
import { type RawBuilder, sql } from 'kysely';
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

  it.runIf(databaseKind === 'sqlite')(
    'SQLite plans a kept statement once: binding its values again does not plan it anew',
    async () => {
      // Two indexes, each the better one for some values: after ANALYZE (sqlite_stat4), SQLite
      // re-plans a statement whose bound values it looked at each time they are bound again.
      await sql`create table plan_probe (id integer primary key, a integer not null, b integer not null)`.execute(
        db.kysely,
      );
      await sql`create index plan_probe_a on plan_probe (a)`.execute(db.kysely);
      await sql`create index plan_probe_b on plan_probe (b)`.execute(db.kysely);
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        insert into plan_probe (id, a, b) select i, i, 2000 - i from n`.execute(db.kysely);
      await sql`analyze`.execute(db.kysely);
      // Without ORDER BY the rows come in the order of the index read: along a, ids ascend; along b, they descend.
      const ids = async (a: number, b: number) =>
        (await sql<{ id: number }>`select id from plan_probe where a > ${a} and b > ${b}`.execute(db.kysely)).rows.map(
          (r) => r.id,
        );
      const ascending = (list: number[]) => list.every((id, i) => i === 0 || id > list[i - 1]!);
      const few = await ids(1990, -1);
      const others = await ids(0, 1990);
      expect([...few].sort((x, y) => x - y)).toEqual([1991, 1992, 1993, 1994, 1995, 1996, 1997, 1998, 1999, 2000]);
      expect([...others].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(ascending(others)).toBe(ascending(few));
    },
  );
});

describe(`DESIGN §8: rows built by one literal per statement, exactly as the ${databaseKind} driver builds them`, () => {
  /** The rows the driver under Kysely answers, and those the database library makes itself of the statement. */
  async function bothRows(query: RawBuilder<unknown>) {
    const compiled = query.compile(db.kysely);
    const ours = (await db.kysely.withoutPlugins().executeQuery(compiled)).rows;
    const parameters = [...compiled.parameters];
    const theirs =
      db.raw.kind === 'sqlite'
        ? db.raw.sqlite.prepare(compiled.sql).all(...parameters)
        : (await db.raw.pool.query(compiled.sql, parameters)).rows;
    return { ours, theirs };
  }

  it('gives the same keys in the same order with the same values, for a new statement and a kept one', async () => {
    const query = sql`select id, name, view_order, cast(${'Zürich €'} as text) as label, null as missing, cast(${5} as bigint) as big from interests order by id`;
    for (const run of ['new', 'kept']) {
      const { ours, theirs } = await bothRows(query);
      expect(ours, run).toEqual(theirs);
      expect(ours.map((row) => Object.keys(row as object))).toEqual(theirs.map((row) => Object.keys(row as object)));
      expect(ours[0], run).toEqual({ id: 1, name: 'Hiking', view_order: 1, label: 'Zürich €', missing: null, big: 5 });
    }
  });

  it('lets a later column of the same name win, as the library does', async () => {
    const { ours, theirs } = await bothRows(sql`select 1 as n, 2 as n, name from interests where id = ${1}`);
    expect(ours).toEqual([{ n: 2, name: 'Hiking' }]);
    expect(ours).toEqual(theirs);
  });

  it('never makes a column named __proto__ the row’s prototype', async () => {
    const { ours, theirs } = await bothRows(
      sql`select cast(${'x'} as text) as "__proto__", id from interests where id = ${1}`,
    );
    expect(ours).toEqual(theirs);
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
  });

  it('answers a write with its changed rows, and a write returning rows with those rows', async () => {
    const inserted = await db.kysely
      .insertInto('interests')
      .values({ name: 'Sailing', viewOrder: 3 })
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    const renamed = await db.kysely
      .updateTable('interests')
      .set({ name: 'Rowing' })
      .where('name', '=', 'Sailing')
      .returning(['name', 'viewOrder'])
      .execute();
    expect(renamed).toEqual([{ name: 'Rowing', viewOrder: 3 }]);
    await db.kysely.deleteFrom('interests').where('name', '=', 'Rowing').execute();
  });

  it.runIf(databaseKind === 'sqlite')('streams the same rows as it answers at once (SQLite)', async () => {
    const query = db.kysely.selectFrom('interests').select(['id', 'name', 'viewOrder']).orderBy('id');
    const streamed: unknown[] = [];
    for await (const row of query.stream(1)) streamed.push(row);
    expect(streamed).toEqual(await query.execute());
    expect(streamed[0]).toEqual({ id: 1, name: 'Hiking', viewOrder: 1 });
  });
});
