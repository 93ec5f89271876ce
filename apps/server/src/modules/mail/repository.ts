/**
 * SQL of email: the notice queue (mail_queue) and the letterbox (mail_outbox), where demo mode and
 * development keep the mails they would have sent.
 *
 * A notice is written with the change it tells of (pass the change's transaction), leased by one
 * dispatcher at a time for one attempt, then marked sent, rescheduled or given up on. Like the
 * webhook outbox, a lease that runs out (an instance died mid-send) frees the notice for another
 * instance.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { MailMessage, RenderedMail } from '../../integrations/mail/mail-transport.js';

export interface QueuedNotice {
  /** An email address, or a phone number for a text message. */
  recipient: string;
  language: string | null;
  message: MailMessage;
  /** email (the default) or sms. */
  channel?: NoticeChannel;
}

export type NoticeChannel = 'email' | 'sms';

/** A notice leased for one attempt. */
export interface ClaimedNotice extends QueuedNotice {
  channel: NoticeChannel;
  id: number;
  /** Attempts so far, this one included. */
  attempts: number;
  createdAt: string;
  leaseUntil: string;
}

/** Sent and given-up notices are kept this long for inspection, then swept. */
const RETENTION_DAYS = 30;

/** A mail kept in the letterbox. */
export interface LetterboxMail {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON of the headers it was sent with; null for none. */
  headers: string | null;
  createdAt: string;
}

const LETTERBOX_COLUMNS = ['id', 'recipient', 'subject', 'text', 'html', 'headers', 'createdAt'] as const;

/** The letterbox: mails kept instead of sent, read back newest first (the /demo-mail page, the browser tests). */
function letterbox(db: Kysely<Database>) {
  return {
    async keep(to: string, mail: RenderedMail, at: string): Promise<void> {
      await db
        .insertInto('mailOutbox')
        .values({
          recipient: to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers ? JSON.stringify(mail.headers) : null,
          createdAt: at,
        })
        .execute();
    },
    newest(limit: number): Promise<LetterboxMail[]> {
      return db.selectFrom('mailOutbox').select(LETTERBOX_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
    },
    /** The newest mail to an address, compared without regard to case. */
    newestTo(recipient: string): Promise<LetterboxMail | undefined> {
      return db
        .selectFrom('mailOutbox')
        .select(LETTERBOX_COLUMNS)
        .where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.toLowerCase()))
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    byId(id: number): Promise<LetterboxMail | undefined> {
      return db.selectFrom('mailOutbox').select(LETTERBOX_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
  };
}

export function mailRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return { queue: noticeQueue(db, kind), letterbox: letterbox(db) };
}

export type MailRepository = ReturnType<typeof mailRepository>;
export type MailLetterbox = MailRepository['letterbox'];

function noticeQueue(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    async add(notice: QueuedNotice, trx: Kysely<Database> = db, now = new Date()): Promise<void> {
      const at = now.toISOString();
      await trx
        .insertInto('mailQueue')
        .values({
          recipient: notice.recipient,
          language: notice.language,
          message: JSON.stringify(notice.message),
          channel: notice.channel ?? 'email',
          state: 'pending',
          nextAttemptAt: at,
          leaseUntil: null,
          lastError: null,
          sentAt: null,
          createdAt: at,
        })
        .execute();
    },

    /** Leases up to `limit` due notices, counting the attempt; on PostgreSQL instances claim side by side. */
    async claimDue(options: { now: Date; leaseMs: number; limit: number }): Promise<ClaimedNotice[]> {
      const now = options.now.toISOString();
      const leaseUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
      let due = db
        .selectFrom('mailQueue')
        .select('id')
        .where('state', '=', 'pending')
        .where('nextAttemptAt', '<=', now)
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
        .orderBy('id')
        .limit(options.limit);
      if (kind === 'postgres') due = due.forUpdate().skipLocked();
      // One statement: SQLite runs it under its single writer lock, PostgreSQL under the row locks.
      const rows = await db
        .updateTable('mailQueue')
        .set({ leaseUntil, attempts: sql<number>`attempts + 1` })
        .where('id', 'in', due)
        .returning(['id', 'recipient', 'language', 'message', 'channel', 'attempts', 'createdAt', 'leaseUntil'])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        recipient: row.recipient,
        language: row.language,
        message: JSON.parse(row.message) as MailMessage,
        channel: row.channel === 'sms' ? 'sms' : 'email',
        attempts: row.attempts,
        createdAt: row.createdAt,
        leaseUntil: row.leaseUntil ?? leaseUntil,
      }));
    },

    /** The outcome of an attempt; only the holder of the lease may write it. */
    async settle(
      notice: Pick<ClaimedNotice, 'id' | 'leaseUntil'>,
      outcome:
        | { state: 'sent'; at: string }
        | { state: 'pending'; nextAttemptAt: string; error: string }
        | { state: 'failed'; error: string },
    ): Promise<void> {
      const update =
        outcome.state === 'sent'
          ? { state: outcome.state, sentAt: outcome.at, lastError: null }
          : outcome.state === 'pending'
            ? { nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.error }
            : { state: outcome.state, lastError: outcome.error };
      await db
        .updateTable('mailQueue')
        .set({ ...update, leaseUntil: null })
        .where('id', '=', notice.id)
        .where('leaseUntil', '=', notice.leaseUntil)
        .execute();
    },

    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('mailQueue')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async sweep(now: Date): Promise<void> {
      const before = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
      await db.deleteFrom('mailQueue').where('state', '!=', 'pending').where('createdAt', '<', before).execute();
    },
  };
}

export type NoticeQueue = MailRepository['queue'];
