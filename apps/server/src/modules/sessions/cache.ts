/**
 * The sessions this instance resolved lately, so that a call on PostgreSQL need not read its
 * session in a statement of its own (a round trip, and a tenth to a quarter of the server's and of
 * PostgreSQL's CPU per call; npm run bench). Only while a feed of ended sessions is live
 * (ended-notices.ts): every end, on any instance, drops the session here before it could be used
 * again. Last-seen may lag behind other instances' touches, so a session that looks idle or
 * expired here is read again before it is ended.
 */
import type { SessionRow } from './repository.js';

/** Sessions kept at most; past it the longest kept goes first. */
const MAX_ENTRIES = 10_000;
/** A session is read again after this long even when no end was heard, should a notice get lost. */
export const SESSION_CACHE_TTL_MS = 60_000;

interface Entry {
  row: SessionRow;
  readAt: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Moves on with every forgetting: a read begun before one is not kept, as it may be stale. */
  #generation = 0;
  #live = false;

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * Whether sessions are kept: only while ends are heard. Going either way forgets all (a read
   * begun before listening was proven may have missed an end); staying on keeps what is kept.
   */
  set live(live: boolean) {
    if (live === this.#live) return;
    this.#live = live;
    this.forgetAll();
  }

  get live(): boolean {
    return this.#live;
  }

  /** The session by its id, from memory when kept and `usable` says so, else read by `load`. */
  async read(
    id: string,
    load: () => Promise<SessionRow | undefined>,
    usable: (row: SessionRow) => boolean,
  ): Promise<SessionRow | undefined> {
    const entry = this.#entries.get(id);
    if (entry) {
      if (this.clock() - entry.readAt < SESSION_CACHE_TTL_MS && usable(entry.row)) return entry.row;
      this.forget(id);
    }
    const generation = this.#generation;
    const row = await load();
    if (row && this.#live && generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(id, { row, readAt: this.clock() });
    }
    return row;
  }

  /** Notes a last-seen this instance is about to write. */
  touched(id: string, lastSeenAt: string): void {
    const entry = this.#entries.get(id);
    if (entry) entry.row = { ...entry.row, lastSeenAt };
  }

  forget(id: string): void {
    this.#generation++;
    this.#entries.delete(id);
  }

  /** Every session of the shopper, as when all of them ended together. */
  forgetShopper(shopperId: number): void {
    this.#generation++;
    for (const [id, entry] of this.#entries) if (entry.row.shopperId === shopperId) this.#entries.delete(id);
  }

  forgetAll(): void {
    this.#generation++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
