/**
 * Hears PostgreSQL's notices of ended sessions (migration 2026-11-27-003) and drops them from the
 * instance's session cache. The cache is live only while the notices are proven to arrive: a
 * probe, sent through the pool as every end is, must come back on the listening connection, when
 * listening begins and then every PROBE_INTERVAL_MS. A lost connection or a probe that does not
 * come back (a pooler that drops LISTEN, a network cut) turns the cache off until listening is
 * proven again, so an ended session is never served from memory for longer than a notice takes.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/types.js';
import type { SessionCache } from './cache.js';

const CHANNEL = 'account_sessions_ended';
const PROBE_PREFIX = 'probe:';
const PROBE_INTERVAL_MS = 10_000;
const PROBE_TIMEOUT_MS = 5000;
const RETRY_MS = { first: 1000, max: 30_000 };

export interface EndedNotices {
  /** Whether the session cache is on: listening is proven. */
  readonly live: boolean;
  /**
   * Resolves once every notice of a change committed before the call has been heard (notices
   * come in the order their changes committed); false when listening is not proven.
   */
  settled(): Promise<boolean>;
  stop(): Promise<void>;
}

export function listenForEndedSessions(options: {
  db: Kysely<Database>;
  connect: () => pg.Client;
  cache: SessionCache;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): EndedNotices {
  const { db, connect, cache, log } = options;
  const probes = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let retryMs = RETRY_MS.first;

  const later = (work: () => void, ms: number) => {
    if (timer) clearTimeout(timer);
    timer = stopped ? null : setTimeout(work, ms).unref();
  };

  function heard(message: pg.Notification): void {
    const payload = message.payload ?? '';
    if (payload.startsWith(PROBE_PREFIX)) {
      probes.get(payload)?.();
      return;
    }
    if (payload === '*') cache.forgetAll();
    else for (const id of payload.split(',')) cache.forget(id);
  }

  /**
   * Whether a notice sent now through the pool comes back on the listening connection in time. It
   * is sent only where the database's trigger is in place (its migration has run): without that
   * no end would be heard.
   */
  async function probe(): Promise<boolean> {
    const payload = `${PROBE_PREFIX}${randomUUID()}`;
    let timeout: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      probes.set(payload, () => resolve(true));
      timeout = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
    });
    try {
      await sql`select pg_notify(${CHANNEL}, ${payload}) from pg_trigger
        where tgname = 'sessions_deleted' and tgrelid = to_regclass('sessions')`.execute(db);
      return await back;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
      probes.delete(payload);
    }
  }

  /** Off until proven again: what was kept may miss an end that was not heard. */
  function lost(reason: unknown): void {
    const listening = client;
    client = null;
    if (cache.live) log.warn({ err: reason }, 'session cache off: ended sessions are not heard');
    cache.live = false;
    listening?.removeAllListeners('notification');
    listening?.end().catch(() => {});
    later(start, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  }

  async function check(): Promise<void> {
    const listening = client;
    if (stopped || !listening) return;
    const arrived = await probe();
    if (stopped || client !== listening) return;
    if (!arrived) return lost(new Error('a probe notice did not come back'));
    if (!cache.live) log.info('session cache on: ended sessions are heard');
    cache.live = true;
    retryMs = RETRY_MS.first;
    later(() => void check(), PROBE_INTERVAL_MS);
  }

  async function start(): Promise<void> {
    if (stopped) return;
    const listening = connect();
    client = listening;
    listening.on('notification', heard);
    listening.on('error', (error) => client === listening && lost(error));
    listening.on('end', () => client === listening && lost(new Error('the listening connection ended')));
    try {
      await listening.connect();
      await listening.query(`listen ${CHANNEL}`);
    } catch (error) {
      if (client === listening) lost(error);
      return;
    }
    await check();
  }

  void start();
  return {
    get live() {
      return cache.live;
    },
    settled: () => (client ? probe() : Promise.resolve(false)),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      cache.live = false;
      const listening = client;
      client = null;
      await listening?.end().catch(() => {});
    },
  };
}
