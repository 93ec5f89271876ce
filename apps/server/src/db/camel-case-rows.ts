/**
 * Kysely's CamelCasePlugin, its result rows mapped by a function made once per column list. The
 * plugin renames every key of every row through a lookup and a reduce: about 50 µs for a page of
 * ten orders, 4 % of the call's CPU under the bench's load; a made function takes 5. The queries
 * go out snake-cased as before, and the rows come back exactly as the plugin maps them: nested
 * objects (PostgreSQL's parsed JSON columns) are mapped by the plugin itself, their keys being data.
 */
import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import { objectBuilder } from './object-builder.js';

type RowMapper = (row: UnknownRow, nested: (value: unknown) => unknown) => UnknownRow;

/** Column lists kept; the app's statements have a few hundred, so the limit only guards the memory. */
const MAPPERS = 1000;

/** As Kysely's own test: an object of no class (the plugin maps those, not dates or buffers). */
function isRow(value: unknown): value is UnknownRow {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export class CamelCaseRowsPlugin extends CamelCasePlugin {
  readonly #mappers = new Map<string, RowMapper>();
  readonly #nested = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    // As the plugin: an array's objects are mapped, not arrays in it.
    if (Array.isArray(value)) return value.map((item) => (isRow(item) ? this.mapRow(item) : item));
    return isRow(value) ? this.mapRow(value) : value;
  };

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    const first = rows[0];
    if (!first) return args.result;
    const mapper = this.#mapperOf(Object.keys(first));
    if (!mapper) return super.transformResult(args);
    return { ...args.result, rows: rows.map((row) => mapper(row, this.#nested)) };
  }

  /**
   * `(row, nested) => ({ orderNumber: nested(row.order_number), … })` for these columns; none when
   * the cache is full or a name would set the prototype (a `__proto__` key in an object literal).
   */
  #mapperOf(columns: string[]): RowMapper | undefined {
    const signature = columns.join('\u0000');
    let mapper = this.#mappers.get(signature);
    if (mapper || this.#mappers.size >= MAPPERS) return mapper;
    mapper = objectBuilder<RowMapper>(
      ['row', 'nested'],
      columns.map((column) => this.camelCase(column)),
      (i) => `nested(row[${JSON.stringify(columns[i])}])`,
    );
    if (!mapper) return undefined;
    this.#mappers.set(signature, mapper);
    return mapper;
  }
}
