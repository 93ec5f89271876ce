import { CamelCasePlugin, type PluginTransformResultArgs, type QueryId, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CamelCaseRowsPlugin } from './camel-case-rows.js';

const queryId: QueryId = { queryId: 'test' };
const resultOf = (rows: UnknownRow[]): PluginTransformResultArgs => ({ result: { rows }, queryId });

async function bothMap(rows: UnknownRow[]) {
  const theirs = await new CamelCasePlugin().transformResult(resultOf(rows));
  const ours = await new CamelCaseRowsPlugin().transformResult(resultOf(rows));
  return { theirs: theirs.rows, ours: ours.rows };
}

describe('DESIGN §8: result rows camel-cased by a function made per column list, exactly as Kysely’s plugin', () => {
  it('maps flat rows, keeping the column order, values and their identity', async () => {
    const when = new Date('2026-11-27T12:00:00.000Z');
    const bytes = Buffer.from('avatar');
    const rows = [
      { id: 1, order_number: 'A-1', access_url: null, created_at: when, picture: bytes, total_e4: 120000 },
      {
        id: 2,
        order_number: 'A-2',
        access_url: 'https://shop.example/2',
        created_at: when,
        picture: null,
        total_e4: 5,
      },
    ];
    const { theirs, ours } = await bothMap(rows);
    expect(ours).toEqual(theirs);
    expect(ours.map((row) => Object.keys(row))).toEqual(theirs.map((row) => Object.keys(row)));
    expect(ours[0]?.createdAt).toBe(when);
    expect(ours[0]?.picture).toBe(bytes);
  });

  it('maps the objects of parsed JSON columns as the plugin does: objects and an array’s objects, not arrays in arrays', async () => {
    const rows = [
      {
        wish_products: [{ product_id: 3, sale_price: { amount_e4: 1 } }, 'text', null],
        last_order: { order_number: 'A-3', nested_list: [[{ keep_me: 1 }]] },
        no_class: Object.assign(Object.create(null), { some_key: 1 }),
      },
    ];
    const { theirs, ours } = await bothMap(rows);
    expect(ours).toEqual(theirs);
    expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
  });

  it('maps rows of another column list with a mapper of their own', async () => {
    const plugin = new CamelCaseRowsPlugin();
    const first = await plugin.transformResult(resultOf([{ first_name: 'Anna' }]));
    const second = await plugin.transformResult(resultOf([{ last_name: 'Jansen', first_name: 'Anna' }]));
    expect(first.rows).toEqual([{ firstName: 'Anna' }]);
    expect(second.rows).toEqual([{ lastName: 'Jansen', firstName: 'Anna' }]);
    expect(Object.keys(second.rows[0] ?? {})).toEqual(['lastName', 'firstName']);
  });

  it('leaves a result without rows as it is, and a column named __proto__ to the plugin itself', async () => {
    const empty = resultOf([]);
    expect(await new CamelCaseRowsPlugin().transformResult(empty)).toBe(empty.result);
    const row = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as UnknownRow;
    const { theirs, ours } = await bothMap([row]);
    expect(ours).toEqual(theirs);
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.getPrototypeOf(theirs[0]));
  });
});
