/**
 * The one loop behind the server's background jobs (webhook delivery, security notices, account
 * erasure, the sweeps): it runs a job's looks, one at a time, and owns nothing of the work. Every
 * instance runs every job; which rows a look may take is decided by its repository's claim.
 */

/** How a look ended: `more` (a full batch: look again at once), `done` or `failed`. */
export type LookOutcome = 'more' | 'done' | 'failed';

export interface PollingJobOptions {
  /** Names the job in its log line (`<name> failed`) and to `onLook`. */
  name: string;
  /**
   * One look: does what is due and answers true when more may be due now. `stopping` turns true
   * when the job is stopped, for a look that can end early between units of work.
   */
  look(stopping: () => boolean): Promise<boolean>;
  /** The wait after a look that left nothing due (and after a failed one). */
  intervalMs: number;
  /** The wait before the first look; 0 (at once) unless given. */
  firstLookAfterMs?: number;
  log?: { warn(details: object, message: string): void };
  /** Told of every look's outcome (metrics); it must not throw. */
  onLook?: (job: string, outcome: LookOutcome) => void;
}

export interface PollingJob {
  start(): void;
  /** Something was queued here: look now rather than at the next interval. */
  wake(): void;
  /** Stops looking and waits for the look under way to finish (shutdown). */
  stop(): Promise<void>;
}

/** Milliseconds before the next attempt: the base doubling per attempt, at most an hour, ±20 %. */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const delay = Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

export function pollingJob(options: PollingJobOptions): PollingJob {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;
  // A wake or a restart during a look: the next look follows it at once.
  let lookAgain = false;
  const stopping = () => stopped;

  /** Never rejects: a failure is logged, and the next interval tries again. */
  async function lookOnce(): Promise<boolean> {
    try {
      const more = await options.look(stopping);
      options.onLook?.(options.name, more ? 'more' : 'done');
      return more;
    } catch (error) {
      options.log?.warn({ err: error }, `${options.name} failed`);
      options.onLook?.(options.name, 'failed');
      return false;
    }
  }

  function run(): void {
    lookAgain = false;
    running = lookOnce().then((more) => {
      running = null;
      schedule(more || lookAgain ? 0 : options.intervalMs);
    });
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    if (stopped) return;
    // The timer alone never keeps the process alive: shutdown is stop()'s to order.
    timer = setTimeout(run, delayMs).unref();
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      if (running) lookAgain = true;
      else schedule(options.firstLookAfterMs ?? 0);
    },
    wake(): void {
      if (stopped) return;
      if (running) lookAgain = true;
      else schedule(0);
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
