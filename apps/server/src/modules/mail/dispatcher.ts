/**
 * Sends the queued security notices: each is leased by one instance (SKIP LOCKED on PostgreSQL),
 * sent, and on failure retried with backoff until a mail server accepts it or it is too old to
 * matter. Every instance runs one, as with webhooks (modules/webhooks/dispatcher.ts).
 */
import type { DatabaseKind } from '../../db/connection.js';
import { MailSendError } from '../../integrations/mail/mail-transport.js';
import { type LookOutcome, pollingJob, retryDelayMs } from '../../jobs/polling-job.js';
import type { ClaimedNotice, NoticeQueue } from './repository.js';

export interface MailDispatcherLog {
  warn(details: object, message: string): void;
}

export interface MailDispatcherOptions {
  queue: NoticeQueue;
  /** Renders and sends one notice (an email or a text message); rejects when it was not accepted. */
  deliver(notice: ClaimedNotice): Promise<void>;
  kind: DatabaseKind;
  pollIntervalMs: number;
  /** The wait after the first failed attempt; it doubles with every further one. */
  retryBaseMs: number;
  /** The longest one send may take. */
  timeoutMs: number;
  batchSize?: number;
  log?: MailDispatcherLog;
  /** Told the outcome of every look (metrics). */
  onLook?: (job: string, outcome: LookOutcome) => void;
}

/** A notice not accepted within this time is given up on: days late, it would only confuse. */
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;

/** A 5xx reply to the recipient (550 no such mailbox): trying again will not help. */
const isPermanent = (error: unknown) => error instanceof MailSendError && error.permanent;

export function mailDispatcher(options: MailDispatcherOptions) {
  const batchSize = options.batchSize ?? 10;
  // Longer than any send can take (the send is cut off at its timeout): a lease never runs out mid-send.
  const leaseMs = options.timeoutMs * 3 + 5_000;

  async function attempt(notice: ClaimedNotice): Promise<void> {
    let failure: unknown = null;
    try {
      await options.deliver(notice);
    } catch (error) {
      failure = error;
    }
    const now = new Date();
    if (failure === null) {
      await options.queue.settle(notice, { state: 'sent', at: now.toISOString() });
      return;
    }
    const error = (failure as Error).message.slice(0, 500);
    const next = new Date(now.getTime() + retryDelayMs(notice.attempts, options.retryBaseMs));
    const tooOld = next.getTime() - Date.parse(notice.createdAt) > GIVE_UP_AFTER_MS;
    if (isPermanent(failure) || tooOld) {
      // The address is in the database; the log says which notice and why, never to whom.
      options.log?.warn({ notice: notice.id, kind: notice.message.kind, error }, 'security notice given up');
      await options.queue.settle(notice, { state: 'failed', error });
      return;
    }
    await options.queue.settle(notice, { state: 'pending', nextAttemptAt: next.toISOString(), error });
  }

  /** One look: claims what is due and sends it; answers how many were taken. */
  async function runOnce(): Promise<number> {
    const claimed = await options.queue.claimDue({ now: new Date(), leaseMs, limit: batchSize });
    await Promise.all(claimed.map((notice) => attempt(notice)));
    return claimed.length;
  }

  const job = pollingJob({
    name: 'mail queue round',
    // A full batch: more may be due.
    look: async () => (await runOnce()) >= batchSize,
    intervalMs: options.pollIntervalMs,
    log: options.log,
    onLook: options.onLook,
  });

  return { runOnce, start: job.start, wake: job.wake, stop: job.stop };
}

export type MailDispatcher = ReturnType<typeof mailDispatcher>;
