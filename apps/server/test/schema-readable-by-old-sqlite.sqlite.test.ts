/**
 * The database file opens in the SQLite operators have (README: Backup and restore): a distribution's
 * sqlite3 older than the server's own must parse its whole schema, or it calls the file malformed.
 * Triggers are stored as text and parsed by whoever opens the file, so they may use only what old
 * SQLite reads (aggregate ORDER BY came in 3.44).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { backupSqlite } from '../src/db/backup.js';
import { jsonObjects } from '../src/db/json-rows.js';
import { OLD_SQLITE_VERSION, openInOldSqlite, rowsOf } from './support/old-sqlite.js';
import { freshDatabase } from './support/test-app.js';

describe(`a migrated database opens in SQLite ${OLD_SQLITE_VERSION}`, () => {
  it('its schema parses, it passes the integrity check, and its triggers keep order parts in order', async () => {
    const database = await freshDatabase('sqlite');
    try {
      const config = loadConfig({ SESSION_SECRET: randomBytes(32).toString('hex'), DEMO: 'true', ...database.env });
      await (await buildApp(config, { logger: false })).close();
      const copy = path.join(database.env.DATA_DIR ?? '', 'copy.db');
      backupSqlite(config.dataDir, copy);

      const old = await openInOldSqlite(copy);
      try {
        expect(rowsOf(old, 'select sqlite_version() as v')).toEqual([{ v: OLD_SQLITE_VERSION }]);
        expect(rowsOf(old, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
        const triggers = rowsOf(old, "select name from sqlite_master where type = 'trigger' order by name");
        expect(triggers.map((t) => t.name)).toContain('order_products_insert');

        // The old SQLite runs the triggers too: a line put first, and a payment dated earliest, lead.
        const [order] = rowsOf(
          old,
          `select order_id as id from order_products group by order_id having count(*) > 1 limit 1`,
        );
        const id = Number(order?.id);
        const before = JSON.parse(String(rowsOf(old, `select products from orders where id = ${id}`)[0]?.products));
        old.exec(
          `insert into order_products (order_id, position, product_id, name) values (${id}, -1, 1, 'First of all')`,
        );
        old.exec(
          `insert into order_transactions (order_id, method, method_name, status, paid_e4, created_at)
           values (${id}, 'cash', 'Cash', 1, 0, '2000-01-01T00:00:00.000Z')`,
        );
        const [after] = rowsOf(old, `select products, transactions from orders where id = ${id}`);
        const products = JSON.parse(String(after?.products)) as { name: string }[];
        expect(products.map((p) => p.name)).toEqual(['First of all', ...before.map((p: { name: string }) => p.name)]);
        const transactions = JSON.parse(String(after?.transactions)) as { methodName: string }[];
        expect(transactions[0]?.methodName).toBe('Cash');
      } finally {
        old.close();
      }
    } finally {
      await database.drop();
    }
  });

  it("json-rows' arrays parse there as a view, and answer what the ordered aggregate of SQLite 3.44 answers", async () => {
    const rows = `create table line (id integer primary key, owner integer, position integer, name text);
      insert into line (owner, position, name) values (1, 2, 'b'), (1, 1, 'a'), (1, 3, 'c'), (2, 1, 'x'), (1, 1, 'a2');`;
    const array = jsonObjects(
      false,
      { name: 'line.name', at: 'line.position' },
      {
        from: 'line',
        as: 'line',
        where: 'line.owner = 1',
        orderBy: 'line.position, line.id',
      },
    );
    const expected = [
      { name: 'a', at: 1 },
      { name: 'a2', at: 1 },
      { name: 'b', at: 2 },
      { name: 'c', at: 3 },
    ];
    const old = await openInOldSqlite(null);
    try {
      old.exec(`${rows} create view parts as select ${array} as parts;`);
      expect(JSON.parse(String(rowsOf(old, 'select parts from parts')[0]?.parts))).toEqual(expected);
    } finally {
      old.close();
    }
    const current = new SQLite(':memory:');
    try {
      current.exec(rows);
      const ordered = `(select json_group_array(json_object('name', line.name, 'at', line.position) order by line.position, line.id)
        from line where line.owner = 1)`;
      const answer = current.prepare(`select ${array} as ours, ${ordered} as ordered`).get() as Record<string, string>;
      expect(answer.ours).toBe(answer.ordered);
      expect(JSON.parse(answer.ours ?? '')).toEqual(expected);
    } finally {
      current.close();
    }
  });
});
