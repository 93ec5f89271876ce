import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache } from './cache.js';
import type { SessionRow } from './repository.js';

const ROW: SessionRow = {
  shopperId: 7,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-27T10:00:00.000Z',
};
const always = () => true;

function setup() {
  let now = 0;
  const cache = new SessionCache(() => now);
  let reads = 0;
  const load = async () => {
    reads++;
    return ROW;
  };
  return { cache, load, reads: () => reads, advance: (ms: number) => (now += ms) };
}

describe('DESIGN §6 the session cache keeps only what cannot have ended unheard', () => {
  it('keeps nothing while ends are not heard (not live)', async () => {
    const { cache, load, reads } = setup();
    await cache.read('a', load, always);
    await cache.read('a', load, always);
    expect(reads()).toBe(2);
    cache.live = true;
    await cache.read('a', load, always);
    await cache.read('a', load, always);
    expect(reads()).toBe(1 + 2);
  });

  it('a proven listening, proven again, keeps what is kept; a read begun before listening was proven is not kept', async () => {
    const { cache, load, reads } = setup();
    let answer: (row: SessionRow) => void = () => {};
    const early = cache.read('a', () => new Promise<SessionRow>((resolve) => (answer = resolve)), always);
    cache.live = true;
    answer(ROW);
    await early;
    await cache.read('a', load, always);
    cache.live = true;
    await cache.read('a', load, always);
    expect(reads()).toBe(1);
  });

  it('a read begun before an end was heard is not kept: it may have read the ended session', async () => {
    const { cache, load, reads } = setup();
    cache.live = true;
    let answer: (row: SessionRow) => void = () => {};
    const slow = cache.read('a', () => new Promise<SessionRow>((resolve) => (answer = resolve)), always);
    cache.forget('a');
    answer(ROW);
    expect(await slow).toEqual(ROW);
    await cache.read('a', load, always);
    expect(reads()).toBe(1);
  });

  it('forgets every session of a shopper, all when told so, and all when it stops hearing', async () => {
    const { cache, load, reads } = setup();
    cache.live = true;
    await cache.read('a', load, always);
    await cache.read('b', async () => ({ ...ROW, shopperId: 8 }), always);
    cache.forgetShopper(7);
    expect(cache.size).toBe(1);
    cache.forgetAll();
    expect(cache.size).toBe(0);
    await cache.read('a', load, always);
    cache.live = false;
    expect(cache.size).toBe(0);
    expect(reads()).toBe(2);
  });

  it('reads a session again after the TTL, or when the caller finds the kept one unusable', async () => {
    const { cache, load, reads, advance } = setup();
    cache.live = true;
    await cache.read('a', load, always);
    advance(SESSION_CACHE_TTL_MS - 1);
    await cache.read('a', load, always);
    expect(reads()).toBe(1);
    advance(1);
    await cache.read('a', load, always);
    expect(reads()).toBe(2);
    await cache.read('a', load, () => false);
    expect(reads()).toBe(3);
  });

  it('notes a last-seen about to be written on the kept session', async () => {
    const { cache, load } = setup();
    cache.live = true;
    await cache.read('a', load, always);
    cache.touched('a', '2026-11-27T11:00:00.000Z');
    expect((await cache.read('a', load, always))?.lastSeenAt).toBe('2026-11-27T11:00:00.000Z');
    expect(ROW.lastSeenAt).toBe('2026-11-27T10:00:00.000Z');
  });
});
