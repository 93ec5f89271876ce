import { describe, expect, it } from 'vitest';
import type { SessionRepository, SessionRow } from './repository.js';
import { hashToken, sessionService } from './service.js';

const ORIGIN = { method: 'sso', client: { browser: null, os: null, device: null, clientAddress: null } };

/** An in-memory store with the repository's interface, to test the expiry rules with a clock. */
function memoryRepository() {
  const rows = new Map<string, SessionRow>();
  const repository: SessionRepository = {
    find: async (id) => rows.get(id),
    create: async ({ id, shopperId, now, expiresAt }) => {
      rows.set(id, { shopperId, createdAt: now, lastSeenAt: now, expiresAt });
    },
    touch: async (seen) => {
      for (const [id, now] of seen) {
        const row = rows.get(id);
        if (row) row.lastSeenAt = now;
      }
    },
    remove: async (id) => {
      rows.delete(id);
    },
    listOf: async () => [],
    removeByPublicId: async () => null,
    publicIdOf: async () => null,
    removeOthers: async () => [],
    removeExpired: async (now, idleBefore) => {
      let removed = 0;
      for (const [id, row] of rows) {
        if (row.expiresAt <= now || row.lastSeenAt <= idleBefore) {
          rows.delete(id);
          removed++;
        }
      }
      return removed;
    },
  };
  return { rows, repository };
}

function setup() {
  let now = Date.parse('2026-11-21T12:00:00Z');
  const { rows, repository } = memoryRepository();
  const sessions = sessionService(
    repository,
    { idleTimeoutSeconds: 3600, maxAgeSeconds: 4 * 3600 },
    { now: () => new Date(now) },
  );
  return { rows, sessions, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('DESIGN §6 sessions: opaque ids stored as hashes, idle and absolute expiry', () => {
  it('stores only the SHA-256 of the token, never the token', async () => {
    const { rows, sessions } = setup();
    const token = await sessions.start(7, ORIGIN);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect([...rows.keys()]).toEqual([hashToken(token)]);
    expect(await sessions.resolve(token)).toBe(7);
  });

  it('ends a session after the idle timeout without requests', async () => {
    const { sessions, advance, rows } = setup();
    const token = await sessions.start(7, ORIGIN);
    advance(3599);
    expect(await sessions.resolve(token)).toBe(7);
    advance(3600);
    expect(await sessions.resolve(token)).toBeNull();
    expect(rows.size).toBe(0);
  });

  it('keeps an active session alive, but never beyond the absolute maximum', async () => {
    const { sessions, advance } = setup();
    const token = await sessions.start(7, ORIGIN);
    for (let hour = 0; hour < 3; hour++) {
      advance(50 * 60);
      expect(await sessions.resolve(token)).toBe(7);
    }
    advance(50 * 60);
    expect(await sessions.resolve(token)).toBe(7);
    advance(50 * 60);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('writes last-seen at most once a minute, so reads stay reads', async () => {
    const { sessions, advance, rows } = setup();
    const token = await sessions.start(7, ORIGIN);
    const seen = () => rows.get(hashToken(token))?.lastSeenAt;
    const first = seen();
    advance(30);
    await sessions.resolve(token);
    expect(seen()).toBe(first);
    advance(31);
    await sessions.resolve(token);
    await sessions.flush();
    expect(seen()).not.toBe(first);
  });

  it('writes the last-seen times of many sessions together, off the request path', async () => {
    const { sessions, advance, rows } = setup();
    const tokens = [await sessions.start(1, ORIGIN), await sessions.start(2, ORIGIN)];
    const firstSeen = rows.get(hashToken(tokens[0]!))?.lastSeenAt;
    advance(61);
    for (const token of tokens) expect(await sessions.resolve(token)).not.toBeNull();
    // Not yet written, yet the session counts as just seen: idle is judged on the waiting time.
    expect(rows.get(hashToken(tokens[0]!))?.lastSeenAt).toBe(firstSeen);
    advance(3600 - 30);
    expect(await sessions.resolve(tokens[0]!)).toBe(1);
    await sessions.flush();
    for (const token of tokens) expect(rows.get(hashToken(token))?.lastSeenAt).not.toBe(firstSeen);
  });

  it('sweeps no session whose last-seen is still waiting to be written', async () => {
    const { sessions, advance, rows } = setup();
    const token = await sessions.start(1, ORIGIN);
    advance(3000);
    expect(await sessions.resolve(token)).toBe(1);
    advance(3000);
    expect(await sessions.sweep()).toBe(0);
    expect(rows.size).toBe(1);
  });

  it('ends a session on logout and sweeps expired ones', async () => {
    const { sessions, advance, rows } = setup();
    const a = await sessions.start(1, ORIGIN);
    await sessions.start(2, ORIGIN);
    await sessions.end(a);
    expect(await sessions.resolve(a)).toBeNull();
    advance(7200);
    expect(await sessions.sweep()).toBe(1);
    expect(rows.size).toBe(0);
  });

  it('does not know a made-up token', async () => {
    const { sessions } = setup();
    expect(await sessions.resolve('guess')).toBeNull();
  });
});
