/**
 * Every query the servers of the suite run, by shape, per database (issue 45): the PostgreSQL
 * project runs only the test files where the database matters, and this record proves that every
 * query the SQLite project ran was run on PostgreSQL too. A shape is the SQL with its placeholders
 * made alike (`?` and `$1`), value lists of any length made one, and spaces made single, so that
 * the two dialects' texts of one query compare equal. On SQLite only what a server runs while
 * answering a call is recorded (the routes' SQL, not a test's own setup and checks); on PostgreSQL
 * everything (test-app.ts).
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the servers of one `vitest run` write their shapes: one folder per run (the main process). */
export const shapesDir = (runId: string) => path.join(tmpdir(), `account-query-shapes-${runId}`);

export function queryShape(sql: string): string {
  return (
    sql
      // SQLite's values are `+?` (db/sqlite-busy.ts), PostgreSQL's `$1`.
      .replace(/\+\?|\$\d+|\?/g, '?')
      .replace(/\s+/g, ' ')
      // The row locks PostgreSQL takes where SQLite, one writer at a time, needs none.
      .replace(/ for update( skip locked)?/g, '')
      // An IN-list or a row of values, however many: one.
      .replace(/\(\?(?:, \?)+\)/g, '(?)')
      // Several rows of a multi-row insert: one.
      .replace(/(\(\?\))(?:, \(\?\))+/g, '$1')
      .trim()
  );
}

/** Recorders whose servers were not closed write at the worker's exit. */
const unwritten = new Set<() => void>();
let exitHooked = false;

/** Collects the shapes a server runs; `write` appends the new ones to the run's file for its database. */
export function shapeRecorder(dir: string, database: string) {
  const seen = new Set<string>();
  let written = 0;
  const write = () => {
    const shapes = [...seen].slice(written);
    written = seen.size;
    if (shapes.length === 0) return;
    mkdirSync(dir, { recursive: true });
    appendFileSync(path.join(dir, `${database}-${process.pid}.txt`), `${shapes.join('\n')}\n`);
  };
  unwritten.add(write);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const pending of unwritten) pending();
    });
  }
  return {
    record(sql: string) {
      seen.add(queryShape(sql));
    },
    write() {
      write();
      unwritten.delete(write);
    },
  };
}

/** The shapes one database's servers ran in this run, from every worker's file. */
export function shapesOf(dir: string, database: string): Set<string> | null {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(`${database}-`));
  } catch {
    return null;
  }
  if (names.length === 0) return null;
  const shapes = new Set<string>();
  for (const name of names) {
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) if (line) shapes.add(line);
  }
  return shapes;
}
