/**
 * Something a suite shares (a server, a stand-in, an SMTP server): started before the tests of the
 * enclosing describe block, or of the file, and closed after them. Tests read it by calling the
 * answer; suites started one after another close in the reverse order (Vitest runs after-hooks as a stack).
 */
import { afterAll, beforeAll } from 'vitest';

export function forSuite<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (started === undefined) throw new Error('read before beforeAll started it');
    return started;
  };
}
