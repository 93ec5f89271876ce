/**
 * Erases the accounts whose grace period is over. Every instance runs the job; each erasure is one
 * transaction that first claims the shopper row (SKIP LOCKED on PostgreSQL), so each account is
 * erased exactly once however many instances look, and one cut off by a crash is rolled back
 * whole and erased by the next look, after a restart too.
 */
import type { DatabaseKind } from '../../db/connection.js';
import { type LookOutcome, type PollingJob, pollingJob } from '../../jobs/polling-job.js';
import type { PrivacyService } from './service.js';

export interface DeletionJobOptions {
  privacy: Pick<PrivacyService, 'eraseDue'>;
  kind: DatabaseKind;
  /** How often to look for due deletions. */
  pollIntervalMs: number;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** Told the outcome of every look (metrics). */
  onLook?: (job: string, outcome: LookOutcome) => void;
}

export function deletionJob(options: DeletionJobOptions): PollingJob {
  return pollingJob({
    name: 'account erasure round',
    // A look erases everything due, ending early only when the job stops (each erasure is one
    // transaction, finished before stop() returns): the next look is the interval's.
    look: async (stopping) => {
      const erased = await options.privacy.eraseDue(options.kind === 'postgres', stopping);
      if (erased > 0) options.log?.info({ erased }, 'accounts erased after their grace period');
      return false;
    },
    intervalMs: options.pollIntervalMs,
    log: options.log,
    onLook: options.onLook,
  });
}
