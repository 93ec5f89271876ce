/**
 * The outbox transport of demo mode and development: emails are stored in the mail_outbox table
 * instead of being sent, where a developer (the /demo-mail page) and the browser tests read them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { MailTransport } from './mail-transport.js';

export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export function outboxTransport(db: Kysely<Database>, now: () => Date = () => new Date()): MailTransport {
  return {
    name: 'outbox',
    async send(to, mail) {
      await db
        .insertInto('mailOutbox')
        .values({
          recipient: to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          createdAt: now().toISOString(),
        })
        .execute();
    },
    async close() {},
  };
}

/** Reading the outbox back: newest first. */
export function mailOutboxReader(db: Kysely<Database>) {
  const columns = ['id', 'recipient', 'subject', 'text', 'html', 'createdAt'] as const;
  return {
    newest(limit: number): Promise<OutboxMail[]> {
      return db.selectFrom('mailOutbox').select(columns).orderBy('id', 'desc').limit(limit).execute();
    },
    /** The newest mail to an address, compared without regard to case. */
    newestTo(recipient: string): Promise<OutboxMail | undefined> {
      return db
        .selectFrom('mailOutbox')
        .select(columns)
        .where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.toLowerCase()))
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    byId(id: number): Promise<OutboxMail | undefined> {
      return db.selectFrom('mailOutbox').select(columns).where('id', '=', id).executeTakeFirst();
    },
  };
}
