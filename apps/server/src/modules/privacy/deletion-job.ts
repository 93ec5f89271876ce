/**
 * Erases the accounts whose grace period is over. Every instance runs the job; each erasure is one
 * transaction that first claims the shopper row (SKIP LOCKED on PostgreSQL), so each account is
 * erased exactly once however many instances look, and one cut off by a crash is rolled back
 * whole and erased by the next look, after a restart too.
 */
import type { DatabaseKind } from '../../db/connection.js';
import type { PrivacyService } from './service.js';

export interface DeletionJobOptions {
  privacy: Pick<PrivacyService, 'eraseDue'>;
  kind: DatabaseKind;
  /** How often to look for due deletions. */
  pollIntervalMs: number;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

export function deletionJob(options: DeletionJobOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | null = null;
  let stopped = true;

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = options.privacy.eraseDue(options.kind === 'postgres', () => stopped);
      running
        .then(
          (erased) => {
            if (erased > 0) options.log?.info({ erased }, 'accounts erased after their grace period');
          },
          (error: unknown) => options.log?.warn({ err: error }, 'account erasure round failed'),
        )
        .finally(() => {
          running = null;
          schedule(options.pollIntervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops looking and waits for the erasure under way (one transaction) to finish. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type DeletionJob = ReturnType<typeof deletionJob>;
