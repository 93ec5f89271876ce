/**
 * Server-side sessions (DESIGN.md §6): an opaque random token in an httpOnly cookie, stored only as
 * its SHA-256, rotated at sign-in, removed at logout, with idle and absolute expiry.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SessionInfo } from '@account/contract';
import { SessionCache } from './cache.js';
import { type ClientDetails, clientDetails } from './client.js';
import { newPublicId, type SessionRepository, type SessionRow } from './repository.js';

/** Writing last-seen on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * Last-seen writes wait this long and go out together in one transaction: under SQLite's
 * synchronous=FULL each commit is an fsync, too slow to make on the request's path.
 */
export const TOUCH_FLUSH_MS = 2000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** How a session came to be: the sign-in method and the client that made it. */
export interface SessionOrigin {
  method: string;
  client: ClientDetails;
}

export function sessionOrigin(method: string, request: { headers: { 'user-agent'?: string }; ip: string }) {
  return { method, client: clientDetails(request.headers['user-agent'], request.ip) };
}

export interface SessionPolicy {
  idleTimeoutSeconds: number;
  maxAgeSeconds: number;
}

/**
 * `cache` keeps resolved sessions while it is live (cache.ts); every end this instance makes drops
 * the session from it at once, before the call that ended it answers.
 */
export function sessionService(
  repository: SessionRepository,
  policy: SessionPolicy,
  { now = () => new Date(), cache = new SessionCache() }: { now?: () => Date; cache?: SessionCache } = {},
) {
  // At most half the idle timeout: with SESSION_IDLE_TIMEOUT=60 a once-a-minute write would come
  // only after the session is already idle, so an active shopper would be signed out regardless.
  const touchInterval = Math.min(TOUCH_INTERVAL_MS, (policy.idleTimeoutSeconds * 1000) / 2);
  /** Last-seen of sessions used since the last flush, by session id. */
  let seen = new Map<string, string>();
  /** The writes so far, one after the other. */
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  /** Writes the waiting last-seen times. A failed write is dropped: the next request touches again. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (seen.size > 0) {
      const batch = seen;
      seen = new Map();
      flushing = flushing.then(() => repository.touch(batch)).catch(() => {});
    }
    return flushing;
  }

  return {
    /** Creates a session, noting how and from what it was made; returns the token for the cookie. */
    async start(shopperId: number, origin: SessionOrigin): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await repository.create({
        id: hashToken(token),
        publicId: newPublicId(),
        shopperId,
        now: at.toISOString(),
        expiresAt: new Date(at.getTime() + policy.maxAgeSeconds * 1000).toISOString(),
        method: origin.method,
        client: origin.client,
      });
      return token;
    },

    /**
     * The shopper's live sessions, newest activity first, the one of `token` marked current. Last
     * activity includes what this instance has not written yet; the current session is active now.
     */
    async list(shopperId: number, token: string): Promise<SessionInfo[]> {
      const at = now();
      const currentId = hashToken(token);
      const idleSince = at.getTime() - policy.idleTimeoutSeconds * 1000;
      const rows = await repository.listOf(shopperId, at.toISOString());
      return rows
        .map((row) => {
          const waiting = seen.get(row.id);
          const lastSeen = waiting && waiting > row.lastSeenAt ? waiting : row.lastSeenAt;
          const current = row.id === currentId;
          return {
            id: row.publicId,
            current,
            device: row.device,
            browser: row.browser,
            os: row.os,
            method: row.method,
            clientAddress: row.clientAddress,
            signedInAt: row.createdAt,
            lastActiveAt: current ? at.toISOString() : lastSeen,
          };
        })
        .filter((session) => session.current || Date.parse(session.lastActiveAt) > idleSince)
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
    },

    /**
     * Ends one of the shopper's other sessions: 'current' when the id is the session of `token`
     * (which signs out with logout), 'missing' when the shopper has none by it.
     */
    async endOther(shopperId: number, publicId: string, token: string): Promise<'ended' | 'current' | 'missing'> {
      const currentId = hashToken(token);
      const ended = await repository.removeByPublicId(shopperId, publicId, currentId);
      if (ended !== null) {
        cache.forget(ended);
        return 'ended';
      }
      return (await repository.publicIdOf(currentId)) === publicId ? 'current' : 'missing';
    },

    /** Ends every session of the shopper but the one of `token`; answers how many ended. */
    async endOthers(shopperId: number, token: string): Promise<number> {
      const ended = await repository.removeOthers(shopperId, hashToken(token));
      for (const id of ended) cache.forget(id);
      return ended.length;
    },

    /** The shopper id of a live session, or null when the token is unknown, idle or expired. */
    async resolve(token: string): Promise<number | null> {
      const id = hashToken(token);
      const at = now().getTime();
      const lastSeenOf = (row: SessionRow) => {
        const waiting = seen.get(id);
        return Math.max(Date.parse(row.lastSeenAt), waiting === undefined ? 0 : Date.parse(waiting));
      };
      const over = (row: SessionRow) =>
        at >= Date.parse(row.expiresAt) || at - lastSeenOf(row) >= policy.idleTimeoutSeconds * 1000;
      // One that looks over in memory is read again: another instance may have seen it since.
      const row = await cache.read(
        id,
        () => repository.find(id),
        (kept) => !over(kept),
      );
      if (!row) return null;
      if (over(row)) {
        seen.delete(id);
        await repository.remove(id);
        cache.forget(id);
        return null;
      }
      if (at - lastSeenOf(row) >= touchInterval) {
        const lastSeenAt = new Date(at).toISOString();
        seen.set(id, lastSeenAt);
        cache.touched(id, lastSeenAt);
        timer ??= setTimeout(flush, TOUCH_FLUSH_MS).unref();
      }
      return row.shopperId;
    },

    /** When the session of this token was made (its sign-in); null when there is none. */
    async startedAt(token: string): Promise<Date | null> {
      const row = await repository.find(hashToken(token));
      return row ? new Date(row.createdAt) : null;
    },

    async end(token: string): Promise<void> {
      const id = hashToken(token);
      seen.delete(id);
      await repository.remove(id);
      cache.forget(id);
    },

    /** Writes the last-seen times still waiting (before a sweep, and when the server stops). */
    flush,

    async sweep(): Promise<number> {
      // An active session whose last-seen still waits must not be swept as idle.
      await flush();
      const at = now();
      return repository.removeExpired(
        at.toISOString(),
        new Date(at.getTime() - policy.idleTimeoutSeconds * 1000).toISOString(),
      );
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
