/**
 * Issue 45: the PostgreSQL project runs only the test files where the database matters (see
 * vitest.config.ts). Both server projects record the shapes of the queries their servers run
 * (query-shapes.ts); at the end of a run that checks it (ACCOUNT_QUERY_CHECK=1, set by
 * `npm test` and `npm run test:unit`) a query that ran on SQLite but never on PostgreSQL fails it.
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { shapesDir, shapesOf } from './query-shapes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    queryShapesRun: string;
  }
}

/**
 * SQLite's own forms of what PostgreSQL does in other words, by design: not missing on PostgreSQL.
 */
const SQLITE_FORMS = [
  // SQLite's write transaction; PostgreSQL's is a plain begin.
  /^begin immediate$/,
  // Rows gathered as JSON (db/json-rows.ts): PostgreSQL says json_agg. responses-unchanged.test.ts
  // holds the answers of both databases equal.
  /json_group_array\(/,
];

/**
 * One folder per run. Every project's setup runs in vitest's main process, but each project loads
 * this file afresh: the run's name is kept in the process's environment.
 */
process.env.ACCOUNT_QUERY_SHAPES_RUN ??= `${process.pid}-${Date.now()}`;
const RUN = process.env.ACCOUNT_QUERY_SHAPES_RUN;

export default function setup(project: TestProject): () => void {
  project.provide('queryShapesRun', RUN);
  return () => {
    if (project.name !== 'server-postgres' || process.env.ACCOUNT_QUERY_CHECK !== '1') return;
    const dir = shapesDir(RUN);
    const sqlite = shapesOf(dir, 'sqlite');
    const postgres = shapesOf(dir, 'postgres') ?? new Set<string>();
    rmSync(dir, { recursive: true, force: true });
    if (sqlite === null) return;
    const missing = [...sqlite]
      .filter((shape) => !postgres.has(shape) && !SQLITE_FORMS.some((form) => form.test(shape)))
      .sort();
    if (missing.length > 0) {
      // Thrown here it would only be logged: vitest keeps the run's exit code past a teardown.
      console.error(
        `\n${missing.length} queries ran on SQLite but never on PostgreSQL: run a test that makes them in a file ` +
          `the server-postgres project includes (vitest.config.ts).\n${missing.map((m) => `  ${m}`).join('\n')}\n`,
      );
      process.exitCode = 1;
    }
  };
}
