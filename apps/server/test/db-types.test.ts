/**
 * db/types.ts cannot drift from the migrations (issue 45, item 8): a fresh database is migrated,
 * introspected, and every table and column it has must be the one db/types.ts declares, under the
 * name the app's CamelCaseRowsPlugin maps it to, and nullable exactly where the declared type
 * includes null; nothing may be declared that no migration made.
 */
import { readFileSync } from 'node:fs';
import { sql, type TableMetadata } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CamelCaseRowsPlugin } from '../src/db/camel-case-rows.js';
import { type Db, openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { type DeclaredTables, declaredTables } from './support/db-types-file.js';
import { databaseKind, freshDatabase } from './support/test-app.js';

const TYPES_FILE = new URL('../src/db/types.ts', import.meta.url);

/** The names the app's queries and rows use: the plugin's own mapping, which it keeps protected. */
class Names extends CamelCaseRowsPlugin {
  camel = (name: string) => this.camelCase(name);
  snake = (name: string) => this.snakeCase(name);
}
const names = new Names();

/**
 * SQLite's primary key columns, as `table.column`. SQLite reports one without NOT NULL as nullable,
 * and for compatibility lets it hold null (but an integer one); the app never writes null there, and
 * PostgreSQL makes every primary key column not null, which is what db/types.ts declares.
 */
async function sqlitePrimaryKeys(db: Db): Promise<Set<string>> {
  if (db.kind !== 'sqlite') return new Set();
  const rows = await sql<{ table: string; column: string }>`
    select m.name as "table", p.name as "column" from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table' and p.pk > 0`.execute(db.kysely);
  return new Set(rows.rows.map((r) => `${r.table}.${r.column}`));
}

/**
 * What differs between the database's tables and the declared ones, one line each, named as in
 * db/types.ts with the database's name beside it.
 */
function drift(tables: readonly TableMetadata[], primaryKeys: ReadonlySet<string>, declared: DeclaredTables): string[] {
  const problems: string[] = [];
  const made = new Set<string>();
  for (const table of tables) {
    const key = names.camel(table.name);
    made.add(key);
    const columns = declared.get(key);
    if (!columns) {
      problems.push(`table ${table.name}: made by the migrations, missing from db/types.ts (Database.${key})`);
      continue;
    }
    const present = new Set<string>();
    for (const column of table.columns) {
      const name = names.camel(column.name);
      present.add(name);
      const where = `${key}.${name} (${table.name}.${column.name})`;
      const declaration = columns.get(name);
      if (!declaration) {
        problems.push(`${where}: made by the migrations, missing from db/types.ts`);
        continue;
      }
      const nullable = column.isNullable && !primaryKeys.has(`${table.name}.${column.name}`);
      if (declaration.nullable !== nullable) {
        problems.push(
          `${where}: ${nullable ? 'nullable' : 'not null'} in the database, declared ${declaration.type} in db/types.ts`,
        );
      }
    }
    for (const name of columns.keys()) {
      if (!present.has(name)) problems.push(`${key}.${name}: declared in db/types.ts, made by no migration`);
    }
  }
  for (const key of declared.keys()) {
    if (!made.has(key)) problems.push(`table ${key}: declared in db/types.ts, made by no migration`);
  }
  return problems;
}

describe(`db/types.ts against the migrated schema (${databaseKind})`, () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' });
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('declares every table and column the migrations make, and no other, nullable alike', async () => {
    const tables = await db.kysely.introspection.getTables();
    const declared = declaredTables(readFileSync(TYPES_FILE, 'utf8'));
    expect(tables.length).toBeGreaterThan(0);
    expect(drift(tables, await sqlitePrimaryKeys(db), declared)).toEqual([]);
  });

  it('names every table and column so that the queries, snake-cased by the plugin, reach it', async () => {
    const unreachable = (await db.kysely.introspection.getTables()).flatMap((table) =>
      [table.name, ...table.columns.map((c) => c.name)]
        .filter((name) => names.snake(names.camel(name)) !== name)
        .map((name) => `${table.name}: ${name} → ${names.camel(name)} → ${names.snake(names.camel(name))}`),
    );
    expect(unreachable).toEqual([]);
  });
});

describe('reading db/types.ts', () => {
  const read = (source: string) =>
    Object.fromEntries(
      [...declaredTables(source)].map(([table, columns]) => [
        table,
        Object.fromEntries([...columns].map(([column, { nullable }]) => [column, nullable])),
      ]),
    );

  it('reads the Database interface’s tables, their columns and whether each may be null', () => {
    const source = `
      import type { Generated } from 'kysely';
      type Id = Generated<number>;
      /** ISO 8601. */
      type Timestamp = string;
      type MaybeTime = Timestamp | null;
      export interface Line {
        /** Its name; may be { braced } or; have semicolons. */
        name: string;
        url: string | null; // why: a comment after a member
      }
      export interface ThingsTable extends Line {
        id: Id;
        externalId: Generated<string | null>;
        state: 'pending' | 'sent';
        seenAt: MaybeTime;
        doneAt:
          | Timestamp
          | null;
        expire: number | string | null;
      }
      export interface Database {
        things: ThingsTable;
      }`;
    expect(read(source)).toEqual({
      things: {
        name: false,
        url: true,
        id: false,
        externalId: true,
        state: false,
        seenAt: true,
        doneAt: true,
        expire: true,
      },
    });
  });

  it('refuses what it cannot read, naming it, instead of passing over a column', () => {
    expect(() => declaredTables('export interface Database { things: ThingsTable; }')).toThrow(
      'Database.things names ThingsTable, which is no interface of the file',
    );
    expect(() =>
      declaredTables('interface ThingsTable { id?: number; }\nexport interface Database { things: ThingsTable; }'),
    ).toThrow('cannot read the member "id?: number" of interface ThingsTable');
    expect(() =>
      declaredTables(
        'interface ThingsTable { data: JSONColumnType<{ a: 1 }>; }\nexport interface Database { things: ThingsTable; }',
      ),
    ).toThrow('cannot read the member');
    expect(() =>
      declaredTables(
        'interface ThingsTable { tags: Array<string>; }\nexport interface Database { things: ThingsTable; }',
      ),
    ).toThrow('ThingsTable.tags has a type this reader does not know: Array<string>');
    expect(() => declaredTables('interface ThingsTable { id: number; }')).toThrow('no interface Database');
  });

  it('reads the real file', () => {
    const declared = declaredTables(readFileSync(TYPES_FILE, 'utf8'));
    expect(declared.get('addresses')?.get('houseNumberSuffix')).toEqual({ type: 'string', nullable: false });
    // Through `extends OrderLine`.
    expect(declared.get('orderProducts')?.get('priceE4')).toEqual({ type: 'MoneyE4', nullable: false });
    expect(declared.get('shoppers')?.get('externalId')).toEqual({ type: 'Generated<string | null>', nullable: true });
  });
});
