/**
 * Rate limits (DESIGN §6) with rate-limiter-flexible, counted in the database so that every
 * instance shares them: PostgreSQL when configured, else the SQLite file. Over the limit the
 * client gets a clear 429 with Retry-After.
 */
import { ERROR_CODES } from '@account/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import type { RawDriver } from '../db/connection.js';
import { AppError } from '../errors.js';

export interface LimitRule {
  /** Distinguishes this limit's counters from the others'. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  windowSeconds: number;
}

export type Limit = (request: FastifyRequest, reply: FastifyReply, key?: string) => Promise<void>;

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ERROR_CODES.rateLimited, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}

const TABLE = 'rate_limits';

/** Counts one attempt for a key in the database; rejects with RateLimiterRes past the limit. */
function counter(driver: RawDriver, rule: LimitRule): (key: string) => Promise<unknown> {
  const options = {
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.windowSeconds,
    tableName: TABLE,
    tableCreated: true,
  };
  if (driver.kind === 'postgres') {
    const limiter = new RateLimiterPostgres({ ...options, storeClient: driver.pool, storeType: 'pool' });
    return (key) => limiter.consume(key);
  }
  const limiter = new RateLimiterSQLite({ ...options, storeClient: driver.sqlite, storeType: 'better-sqlite3' });
  // The counter's upsert takes the shared connection in turn, and waits like every other
  // statement for another process's lock on the file (the command line).
  return (key) => driver.use(() => limiter.consume(key));
}

export function rateLimiters(driver: RawDriver) {
  return function limit(rule: LimitRule): Limit {
    const consume = counter(driver, rule);
    /** Counts one attempt for the key (the client address unless given); throws a 429 past the limit. */
    return async (request, reply, key = request.ip) => {
      try {
        await consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        reply.header('retry-after', String(seconds));
        throw new RateLimitedError(seconds);
      }
    };
  };
}

export type RateLimiters = ReturnType<typeof rateLimiters>;
