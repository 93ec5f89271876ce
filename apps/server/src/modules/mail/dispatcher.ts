/**
 * Sends the queued security notices: each is leased by one instance (SKIP LOCKED on PostgreSQL),
 * sent, and on failure retried with backoff until a mail server accepts it or it is too old to
 * matter. Every instance runs one, as with webhooks (modules/webhooks/dispatcher.ts).
 */
import type { DatabaseKind } from '../../db/connection.js';
import { type MailMessage, MailSendError } from '../../integrations/mail/mail-transport.js';
import type { ClaimedNotice, NoticeQueue } from './repository.js';

export interface MailDispatcherLog {
  warn(details: object, message: string): void;
}

export interface MailDispatcherOptions {
  queue: NoticeQueue;
  /** Renders and sends one notice; rejects when it was not accepted. */
  deliver(to: string, language: string | null, message: MailMessage): Promise<void>;
  kind: DatabaseKind;
  pollIntervalMs: number;
  /** The wait after the first failed attempt; it doubles with every further one. */
  retryBaseMs: number;
  /** The longest one send may take. */
  timeoutMs: number;
  batchSize?: number;
  log?: MailDispatcherLog;
}

/** A notice not accepted within this time is given up on: days late, it would only confuse. */
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;

/** Milliseconds before the next attempt: the base doubling per attempt, at most an hour, ±20 %. */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const delay = Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** A 5xx reply to the recipient (550 no such mailbox): trying again will not help. */
const isPermanent = (error: unknown) => error instanceof MailSendError && error.permanent;

export function mailDispatcher(options: MailDispatcherOptions) {
  const batchSize = options.batchSize ?? 10;
  // Longer than any send can take (the send is cut off at its timeout): a lease never runs out mid-send.
  const leaseMs = options.timeoutMs * 3 + 5_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | null = null;
  let stopped = true;
  let wakeWanted = false;

  async function attempt(notice: ClaimedNotice): Promise<void> {
    let failure: unknown = null;
    try {
      await options.deliver(notice.recipient, notice.language, notice.message);
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

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      wakeWanted = false;
      running = runOnce();
      running
        .then(
          (taken) => schedule(taken >= batchSize || wakeWanted ? 0 : options.pollIntervalMs),
          (error: unknown) => {
            options.log?.warn({ err: error }, 'mail queue round failed');
            schedule(options.pollIntervalMs);
          },
        )
        .finally(() => {
          running = null;
        });
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** A notice was queued here: look now rather than at the next poll. */
    wake(): void {
      if (stopped) return;
      if (running) wakeWanted = true;
      else schedule(0);
    },
    /** Stops looking for work and waits for the sends under way to finish. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type MailDispatcher = ReturnType<typeof mailDispatcher>;
