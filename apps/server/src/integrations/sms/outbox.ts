/**
 * The outbox transport of demo mode and development: texts are stored in the sms_outbox table
 * instead of being sent, where a developer (the /demo-sms page) and the browser tests read them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { SmsTransport } from './sms-transport.js';

export interface OutboxMessage {
  id: number;
  telephone: string;
  body: string;
  createdAt: string;
}

export function outboxTransport(db: Kysely<Database>, now: () => Date = () => new Date()): SmsTransport {
  return {
    name: 'outbox',
    async send(to, body) {
      await db.insertInto('smsOutbox').values({ telephone: to, body, createdAt: now().toISOString() }).execute();
    },
  };
}

/** Reading the outbox back: newest first. */
export function outboxReader(db: Kysely<Database>) {
  return {
    newest(limit: number): Promise<OutboxMessage[]> {
      return db
        .selectFrom('smsOutbox')
        .select(['id', 'telephone', 'body', 'createdAt'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
