import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, storageProblem } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable: a database that cannot serve right now is a 503, not a 500', () => {
  it('PostgreSQL stopping, crashed or starting: SQLSTATE 57P01, 57P02, 57P03, and too many connections', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300']) expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('PostgreSQL too busy to answer in time: the statement timeout (57014)', () => {
    expect(isDatabaseUnavailable(withCode('57014', 'canceling statement due to statement timeout'))).toBe(true);
  });

  it('PostgreSQL connection exceptions: every SQLSTATE of class 08', () => {
    for (const code of ['08000', '08003', '08006', '08001', '08004', '08P01']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
  });

  it('a connection refused, reset or timed out, also as the cause or inside an AggregateError', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('ETIMEDOUT') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'all addresses failed'))).toBe(true);
  });

  it("node-postgres's own words for a dead connection or a pool that waited too long", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Query read timeout',
    ]) {
      expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    }
  });

  it('SQLite locked by another process (SQLITE_BUSY and its extended codes)', () => {
    expect(isDatabaseUnavailable(withCode('SQLITE_BUSY', 'database is locked'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
  });

  it('not: faults of our code or data, which stay 500s', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "nope" does not exist'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      withCode('SQLITE_ERROR', 'no such table'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('a cause chain that loops ends', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it('issue 22: storage that cannot take writes is a 503 too, told apart by kind: full, moved, readonly, io', () => {
    const cases: [string, string][] = [
      ['SQLITE_FULL', 'full'],
      ['53100', 'full'],
      ['SQLITE_READONLY_DBMOVED', 'moved'],
      ['SQLITE_READONLY', 'readonly'],
      ['SQLITE_READONLY_DIRECTORY', 'readonly'],
      ['SQLITE_IOERR_WRITE', 'io'],
      ['SQLITE_IOERR_FSYNC', 'io'],
    ];
    for (const [code, kind] of cases) {
      expect(storageProblem(new Error('wrapped', { cause: withCode(code) }))).toEqual({ kind, code });
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
    for (const code of ['SQLITE_BUSY', 'SQLITE_CONSTRAINT_UNIQUE', 'ECONNREFUSED', '57P01']) {
      expect(storageProblem(withCode(code))).toBeNull();
    }
  });
});
