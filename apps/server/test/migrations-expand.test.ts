/**
 * Upgrades follow expand/contract (issue 22, README: Upgrades): each migration since the first
 * release only adds, so the previous release keeps running on the new schema while a rolling
 * deploy replaces its instances. Proven on the real databases, migration by migration: every
 * table and column the schema had before is still there with the same type, none has become
 * required, and a column added to an existing table can be left out of an older release's insert
 * (it is nullable or has a default).
 */
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/connection.js';
import { migrations } from '../src/db/migrations/index.js';
import { databaseKind, freshDatabase } from './support/test-app.js';

/**
 * The last migration that changed what existed (money as ten-thousandths renamed columns); it ran
 * before the first release. Every migration after it must only expand.
 */
const LAST_CONTRACT_STEP = '2026-11-25-003-money-ten-thousandths';

interface Column {
  type: string;
  required: boolean;
  hasDefault: boolean;
}
type Schema = Map<string, Map<string, Column>>;

async function schemaOf(db: Db): Promise<Schema> {
  const schema: Schema = new Map();
  if (db.kind === 'sqlite') {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
    for (const { name } of tables.rows) {
      const columns = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
        select * from pragma_table_info(${name})`.execute(db.kysely);
      schema.set(
        name,
        new Map(
          columns.rows.map((c) => [
            c.name,
            { type: c.type.toLowerCase(), required: c.notnull === 1, hasDefault: c.dflt_value !== null || c.pk > 0 },
          ]),
        ),
      );
    }
    return schema;
  }
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>`select table_name, column_name, data_type, is_nullable, column_default, is_identity
     from information_schema.columns where table_schema = current_schema()`.execute(db.kysely);
  for (const c of columns.rows) {
    const table = schema.get(c.table_name) ?? new Map<string, Column>();
    table.set(c.column_name, {
      type: c.data_type,
      required: c.is_nullable === 'NO',
      hasDefault: c.column_default !== null || c.is_identity === 'YES',
    });
    schema.set(c.table_name, table);
  }
  return schema;
}

/** What a migration did that an older release running on its result could trip over. */
function breakingChanges(before: Schema, after: Schema): string[] {
  const problems: string[] = [];
  for (const [table, columns] of before) {
    const now = after.get(table);
    if (!now) {
      problems.push(`table ${table} is gone`);
      continue;
    }
    for (const [name, column] of columns) {
      const kept = now.get(name);
      if (!kept) problems.push(`${table}.${name} is gone`);
      else if (kept.type !== column.type) problems.push(`${table}.${name} changed type ${column.type} -> ${kept.type}`);
      else if (kept.required && !column.required) problems.push(`${table}.${name} became required`);
    }
    for (const [name, column] of now) {
      if (!columns.has(name) && column.required && !column.hasDefault) {
        problems.push(`${table}.${name} is new and required without a default: an older insert would fail`);
      }
    }
  }
  return problems;
}

const names = Object.keys(migrations);
const expanding = names.slice(names.indexOf(LAST_CONTRACT_STEP) + 1);
const opened: { db: Db; drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const { db, drop } of opened) {
    await db.close();
    await drop();
  }
});

describe(`issue 22: every migration since the first release only expands the schema (${databaseKind})`, () => {
  it('there are migrations after the last contract step to check', () => {
    expect(names).toContain(LAST_CONTRACT_STEP);
    expect(expanding.length).toBeGreaterThan(0);
  });

  it.each(expanding)('%s keeps every table and column an older release uses, usable as it was', async (name) => {
    const database = await freshDatabase();
    const db = openDatabase({
      databaseUrl: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR ?? '',
      poolSize: 1,
    });
    opened.push({ db, drop: database.drop });
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
    const previous = names[names.indexOf(name) - 1] ?? '';
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const before = await schemaOf(db);
    expect((await migrator.migrateTo(name)).error).toBeUndefined();
    expect(breakingChanges(before, await schemaOf(db))).toEqual([]);
  });

  it('the check finds what would break an older release (a dropped, retyped or newly required column)', () => {
    const column = (type: string, required = false, hasDefault = false): Column => ({ type, required, hasDefault });
    const before: Schema = new Map([
      [
        't',
        new Map([
          ['a', column('text')],
          ['b', column('integer')],
        ]),
      ],
    ]);
    const after: Schema = new Map([
      [
        't',
        new Map([
          ['a', column('text', true)],
          ['c', column('text', true)],
          ['d', column('text', true, true)],
        ]),
      ],
    ]);
    expect(breakingChanges(before, after)).toEqual([
      't.a became required',
      't.b is gone',
      't.c is new and required without a default: an older insert would fail',
    ]);
  });
});
