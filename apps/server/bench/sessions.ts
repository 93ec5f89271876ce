/**
 * Signed-in shoppers without a sign-in: sessions written straight into the database as the session
 * service stores them (the SHA-256 of a random token), with the XSRF token the server would issue
 * for them (http/sessions.ts: nonce.HMAC(secret, "xsrf|nonce|session hash")). The server must run
 * with the same SESSION_SECRET.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types.js';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../src/http/sessions.js';
import { hashToken } from '../src/modules/sessions/service.js';

export interface BenchSession {
  shopperId: number;
  token: string;
  /** The Cookie header of a browser holding this session and its XSRF cookie. */
  cookie: string;
  /** The headers of a non-GET call: the cookies plus the matching X-XSRF-TOKEN. */
  writeHeaders: Record<string, string>;
}

const DAY_MS = 86_400_000;

export async function createSessions(
  db: Kysely<Database>,
  shopperIds: readonly number[],
  secret: string,
): Promise<BenchSession[]> {
  const now = new Date();
  const sessions = shopperIds.map((shopperId) => {
    const token = randomBytes(32).toString('base64url');
    const nonce = randomBytes(18).toString('base64url');
    const mac = createHmac('sha256', secret)
      .update(`xsrf|${nonce}|${hashToken(token)}`)
      .digest('base64url');
    const xsrf = `${nonce}.${mac}`;
    const cookie = `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrf}`;
    return { shopperId, token, cookie, writeHeaders: { cookie, [XSRF_HEADER]: xsrf } };
  });
  for (let from = 0; from < sessions.length; from += 1000) {
    await db
      .insertInto('sessions')
      .values(
        sessions.slice(from, from + 1000).map((s, i) => ({
          id: hashToken(s.token),
          shopperId: s.shopperId,
          createdAt: now.toISOString(),
          // Last seen spread over the past minute, as with shoppers arriving one by one: the server
          // then records their activity (once a minute each) spread out, not all at the same moment.
          lastSeenAt: new Date(now.getTime() - ((from + i) * 60_000) / sessions.length).toISOString(),
          expiresAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
        })),
      )
      .execute();
  }
  return sessions;
}

export async function removeSessions(db: Kysely<Database>, sessions: readonly BenchSession[]): Promise<void> {
  for (let from = 0; from < sessions.length; from += 1000) {
    const ids = sessions.slice(from, from + 1000).map((s) => hashToken(s.token));
    await db.deleteFrom('sessions').where('id', 'in', ids).execute();
  }
}
