/**
 * Small helpers the demo seed shares: a seeded pseudo-random generator (the demo data must be the
 * same on every run, relative to the moment it is seeded), time arithmetic and batched inserts.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../types.js';

export type SeedDb = Kysely<Database>;

/** Demo amounts are written in whole cents; money is stored in ten-thousandths (db/types.ts). */
export const fromCents = (cents: number): number => cents * 100;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: tiny, fast and good enough to make demo data look uneven. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** A whole number from min to max, both included. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export type Random = ReturnType<typeof seededRandom>;

/** Points in time relative to the moment the demo is seeded; never later than that moment. */
export function clock(now: Date) {
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(Math.min(ms, nowMs)).toISOString();
  return {
    now: iso(nowMs),
    /** `days` (fractions allowed) before now. */
    daysAgo: (days: number): string => iso(nowMs - days * DAY),
    /** `days` after now: only for expiry dates, which may lie in the future. */
    daysAhead: (days: number): string => new Date(nowMs + days * DAY).toISOString(),
    /** `hours` after an ISO timestamp, capped at now. */
    hoursAfter: (at: string, hours: number): string => iso(Date.parse(at) + hours * HOUR),
  };
}

export type Clock = ReturnType<typeof clock>;

/** Inserts rows in batches, so neither SQLite's nor PostgreSQL's parameter limit is reached. */
export async function insertBatched<T extends keyof Database & string>(
  db: SeedDb,
  table: T,
  rows: Insertable<Database[T]>[],
  batchSize = 100,
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + batchSize))
      .execute();
  }
}
