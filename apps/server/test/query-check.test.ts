/**
 * Issue 45: the query check (support/query-shapes.ts) hears what test servers run, except from a
 * server started with `queryCheck: false` (the fuzzing file's, whose random bodies make random queries).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { shapesDir } from './support/query-shapes.js';
import { databaseKind, startServer } from './support/test-app.js';

/** The shapes this worker's servers have written so far. */
function written(): number {
  const file = path.join(shapesDir(inject('queryShapesRun')), `${databaseKind}-${process.pid}.txt`);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

/** Starts a server, has it answer a call that reads the database, and closes it. */
async function answerOneCall(queryCheck?: boolean): Promise<void> {
  const server = await startServer(queryCheck === undefined ? {} : { queryCheck });
  try {
    expect((await fetch(`${server.baseUrl}/account/api/ready`)).status).toBe(200);
  } finally {
    await server.close();
  }
}

describe('issue 45: the query check hears the test servers', () => {
  it('a server records the queries it runs while answering a call', async () => {
    const before = written();
    await answerOneCall();
    expect(written()).toBeGreaterThan(before);
  });

  it('a server started with queryCheck: false records none', async () => {
    const before = written();
    await answerOneCall(false);
    expect(written()).toBe(before);
  });
});
