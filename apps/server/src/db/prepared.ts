/**
 * Queries built and compiled once, run many times with new values. Kysely builds the query tree,
 * runs the plugins over it and compiles it to SQL on every call, which was about a fifth of the
 * server's CPU on the hot calls (npm run bench); a prepared query does that on its first run only.
 *
 *   const find = prepared(db, (p: { id: string }) => db.selectFrom('sessions').selectAll().where('id', '=', p.id));
 *   const rows = await find.rows({ id });
 *
 * The builder receives stand-ins for the values, one per name, which the compiled parameters
 * carry; each run puts the given values in their places. A stand-in stands for one value: a list
 * for `in (...)` changes the SQL with its length, so such queries stay ordinary Kysely queries.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './types.js';

/** Where a run's value goes: the name of the parameter it takes. */
class StandIn {
  constructor(readonly name: string) {}
}

type Executor = Kysely<Database> | Transaction<Database>;

export interface Prepared<P, O> {
  /** Every row. */
  rows(params: P, executor?: Executor): Promise<O[]>;
  /** The first row, or undefined. */
  first(params: P, executor?: Executor): Promise<O | undefined>;
  /** The driver's result, for the affected row count or the inserted id of a write. */
  result(params: P, executor?: Executor): Promise<QueryResult<O>>;
}

export function prepared<P extends Record<string, unknown>, O>(
  db: Kysely<Database>,
  build: (params: P) => Compilable<O>,
): Prepared<P, O> {
  let compiled: CompiledQuery<O> | undefined;
  const compile = (): CompiledQuery<O> => {
    const standIns = new Proxy({} as Record<string, StandIn>, {
      get: (cache, name) => {
        if (typeof name !== 'string') return undefined;
        cache[name] ??= new StandIn(name);
        return cache[name];
      },
    });
    // why: the builder is typed for the values it will be run with, but at compile time it gets
    // stand-ins in their places; they only mark parameter slots and are never sent as values.
    const query = build(standIns as unknown as P).compile();
    if (!query.parameters.some((value) => value instanceof StandIn) && Object.keys(standIns).length > 0) {
      throw new Error(`A prepared query used none of its values: ${query.sql}`);
    }
    return query;
  };
  const result = (params: P, executor: Executor = db): Promise<QueryResult<O>> => {
    compiled ??= compile();
    const parameters = compiled.parameters.map((value) => (value instanceof StandIn ? params[value.name] : value));
    return executor.executeQuery<O>({ ...compiled, parameters });
  };
  return {
    result,
    rows: async (params, executor) => (await result(params, executor)).rows,
    first: async (params, executor) => (await result(params, executor)).rows[0],
  };
}
