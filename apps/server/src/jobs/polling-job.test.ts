import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LookOutcome, type PollingJobOptions, pollingJob, retryDelayMs } from './polling-job.js';

const INTERVAL = 1_000;

/** A promise with its resolve and reject at hand: a look that finishes when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A job whose looks answer `answers` in turn (then false), counting them and their outcomes. */
function counted(answers: boolean[] = [], options: Partial<PollingJobOptions> = {}) {
  const outcomes: LookOutcome[] = [];
  const warn = vi.fn();
  let looks = 0;
  const job = pollingJob({
    name: 'test job',
    look: async () => {
      looks += 1;
      return answers.shift() ?? false;
    },
    intervalMs: INTERVAL,
    log: { warn },
    onLook: (_job, outcome) => outcomes.push(outcome),
    ...options,
  });
  return { job, outcomes, warn, looks: () => looks };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollingJob', () => {
  it('looks at start, again at once while a look finds more, then waits the interval', async () => {
    const { job, outcomes, looks } = counted([true, true, false]);
    job.start();
    // The looks that follow one that found more are due at once (the fake clock counts a zero
    // delay set while timers run as 1 ms): all three well within the first 10 ms.
    await vi.advanceTimersByTimeAsync(10);
    expect(looks()).toBe(3);
    expect(outcomes).toEqual(['more', 'more', 'done']);

    // The last found nothing: the next look comes an interval after it.
    await vi.advanceTimersByTimeAsync(INTERVAL - 20);
    expect(looks()).toBe(3);
    await vi.advanceTimersByTimeAsync(20);
    expect(looks()).toBe(4);
    await job.stop();
  });

  it('waits the interval between looks that find nothing', async () => {
    const { job, looks } = counted();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks()).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(looks()).toBe(4);
    await job.stop();
  });

  it('makes its first look after firstLookAfterMs when given', async () => {
    const { job, looks } = counted([], { firstLookAfterMs: 5_000 });
    job.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(looks()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks()).toBe(1);
    await job.stop();
  });

  it('wake() looks at once instead of at the next interval', async () => {
    const { job, looks } = counted();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks()).toBe(1);
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks()).toBe(2);
    // The interval starts again from that look.
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(looks()).toBe(2);
    await job.stop();
  });

  it('wake() during a look makes another look follow it at once', async () => {
    const first = deferred<boolean>();
    let looks = 0;
    const job = pollingJob({
      name: 'test job',
      look: () => {
        looks += 1;
        return looks === 1 ? first.promise : Promise.resolve(false);
      },
      intervalMs: INTERVAL,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toBe(1);
    job.wake();
    first.resolve(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toBe(2);
    await job.stop();
  });

  it('wake() before start() or after stop() does nothing', async () => {
    const { job, looks } = counted();
    job.wake();
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(looks()).toBe(0);
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    await job.stop();
    job.wake();
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(looks()).toBe(1);
  });

  it('stop() waits for the look under way, tells it to stop early, and no look starts after', async () => {
    const inFlight = deferred<boolean>();
    let looks = 0;
    let stoppingSeen: (() => boolean) | undefined;
    const job = pollingJob({
      name: 'test job',
      look: (stopping) => {
        looks += 1;
        stoppingSeen = stopping;
        return inFlight.promise;
      },
      intervalMs: INTERVAL,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toBe(1);
    expect(stoppingSeen?.()).toBe(false);

    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    expect(stoppingSeen?.()).toBe(true);
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(stopped).toBe(false);

    // It found more: still no look follows once stopped.
    inFlight.resolve(true);
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    expect(looks).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a failed look is logged and tried again at the next interval, never an unhandled rejection', async () => {
    const failure = new Error('database gone');
    let looks = 0;
    const warn = vi.fn();
    const outcomes: [string, LookOutcome][] = [];
    const job = pollingJob({
      name: 'test job',
      look: async () => {
        looks += 1;
        if (looks === 1) throw failure;
        return false;
      },
      intervalMs: INTERVAL,
      log: { warn },
      onLook: (name, outcome) => outcomes.push([name, outcome]),
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toBe(1);
    expect(warn).toHaveBeenCalledExactlyOnceWith({ err: failure }, 'test job failed');
    expect(outcomes).toEqual([['test job', 'failed']]);

    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toBe(2);
    expect(outcomes).toEqual([
      ['test job', 'failed'],
      ['test job', 'done'],
    ]);
    // stop() resolves though a look failed.
    await expect(job.stop()).resolves.toBeUndefined();
  });

  it('start() twice runs one loop, and a stopped job can start again', async () => {
    const { job, looks } = counted();
    job.start();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks()).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(looks()).toBe(2);
    await job.stop();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looks()).toBe(3);
    await job.stop();
  });
});

describe('retryDelayMs', () => {
  it('doubles the base with every attempt after the first', () => {
    const middle = () => 0.5;
    expect(retryDelayMs(0, 1_000, middle)).toBe(1_000);
    expect(retryDelayMs(1, 1_000, middle)).toBe(1_000);
    expect(retryDelayMs(2, 1_000, middle)).toBe(2_000);
    expect(retryDelayMs(5, 1_000, middle)).toBe(16_000);
  });

  it('waits at most an hour, jitter aside', () => {
    expect(retryDelayMs(40, 1_000, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1_000, 30_000, () => 0.5)).toBe(3_600_000);
  });

  it('varies by at most 20 % either way', () => {
    expect(retryDelayMs(3, 1_000, () => 0)).toBe(3_200);
    expect(retryDelayMs(3, 1_000, () => 1)).toBe(4_800);
    expect(retryDelayMs(40, 1_000, () => 0)).toBe(2_880_000);
    expect(retryDelayMs(40, 1_000, () => 1)).toBe(4_320_000);
    for (let attempt = 1; attempt < 30; attempt++) {
      const delay = retryDelayMs(attempt, 500);
      const nominal = Math.min(3_600_000, 500 * 2 ** (attempt - 1));
      expect(delay).toBeGreaterThanOrEqual(nominal * 0.8);
      expect(delay).toBeLessThanOrEqual(nominal * 1.2);
    }
  });
});
