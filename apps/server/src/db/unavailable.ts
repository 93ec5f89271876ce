/**
 * Whether an error means the database cannot serve right now — PostgreSQL stopped, restarting or
 * unreachable, a connection cut, the pool waited too long for one, SQLite locked by another
 * process, a disk that is full or refuses writes — rather than a fault in our code or data. The
 * API answers these with 503 (try again shortly), never 500, and recovers by itself once the
 * database is back (the pool reconnects).
 */

/** Socket errors of a database connection (node:net). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, shutting down), 53300 too_many_connections, 57014 query_canceled (the statement
 * timeout: the database is too busy to answer in time); class 08 (connection exceptions) below.
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What node-postgres throws without a code when a connection dies or none can be had in time. */
const POSTGRES_MESSAGES = [
  /^Connection terminated/, // unexpectedly; due to connection timeout
  /^timeout exceeded when trying to connect/, // the pool's connectionTimeoutMillis
  /is not queryable/, // a client whose connection broke, used again
  /^Query read timeout$/, // no answer within query_timeout: a server or network that hangs
];

function unavailable(error: object): boolean {
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (name === 'DatabaseUnavailableError') return true;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // SQLite: the lock was not free within busy_timeout (SQLITE_BUSY and its extended codes).
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  return typeof message === 'string' && POSTGRES_MESSAGES.some((pattern) => pattern.test(message));
}

/** The first error in the cause chain and an AggregateError's errors that `test` accepts. */
function findInChain<T>(error: unknown, test: (error: object) => T | null): T | null {
  // The cause chain and an AggregateError's errors (a host name that resolves to several addresses).
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const found = test(current);
    if (found !== null) return found;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return null;
}

/**
 * Why the storage cannot take a write: 'full' (SQLITE_FULL; PostgreSQL's 53100 disk_full),
 * 'moved' (the SQLite file was deleted or replaced while open: SQLITE_READONLY_DBMOVED, which
 * db/storage.ts raises itself as well), 'readonly' (SQLITE_READONLY, a database or file system
 * that refuses writes), 'io' (SQLITE_IOERR: a write or fsync the file system refused, as a file
 * system remounted read-only after an error does). Reads usually go on; see db/storage.ts.
 */
export type StorageProblem = { kind: 'full' | 'moved' | 'readonly' | 'io'; code: string };

function storage(error: object): StorageProblem | null {
  const { code } = error as { code?: unknown };
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL' || code === '53100') return { kind: 'full', code };
  if (code === 'SQLITE_READONLY_DBMOVED') return { kind: 'moved', code };
  if (code.startsWith('SQLITE_READONLY')) return { kind: 'readonly', code };
  if (code.startsWith('SQLITE_IOERR')) return { kind: 'io', code };
  return null;
}

export function storageProblem(error: unknown): StorageProblem | null {
  return findInChain(error, storage);
}

/** Also true for a storage that cannot take writes (storageProblem): that, too, is not our fault. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return findInChain(error, (e) => (unavailable(e) || storage(e) !== null ? true : null)) ?? false;
}
