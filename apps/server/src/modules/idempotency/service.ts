/**
 * Create calls answered once per Idempotency-Key (the contract's `idempotencyKey` calls): the
 * first request with a key runs and its answer is kept for IDEMPOTENCY_KEY_TTL_SECONDS; a repeat
 * with the same key and the same request gets that answer and creates nothing new, also when it
 * arrives while the first is still running (it waits for it); the same key with another request
 * is refused. A failed request keeps nothing, so its retry runs again.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES, IDEMPOTENCY_KEY_TTL_SECONDS } from '@account/contract';
import { AppError } from '../../errors.js';
import type { IdempotencyRepository, IdempotencyScope } from './repository.js';

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request to finish before it is told to try later. */
  waitMs?: number;
  pollMs?: number;
}

/** At most this many visible ASCII characters: a UUID fits, a payload does not. */
const KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

export function idempotencyService(repository: IdempotencyRepository, options: IdempotencyOptions = {}) {
  const { waitMs = 10_000, pollMs = 50 } = options;

  async function firstAnswer<T>(scope: IdempotencyScope, fingerprint: string): Promise<{ answer: T } | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const stored = await repository.find(scope);
      if (!stored) return null;
      if (stored.fingerprint !== fingerprint) {
        throw new AppError(
          422,
          ERROR_CODES.idempotencyKeyReused,
          'This Idempotency-Key was used for a different request; send a new key for a new request',
        );
      }
      if (stored.completedAt !== null) {
        return { answer: (stored.response === null ? undefined : JSON.parse(stored.response)) as T };
      }
      if (Date.now() >= deadline) {
        throw new AppError(
          409,
          ERROR_CODES.idempotencyKeyInProgress,
          'The request with this Idempotency-Key is still being answered; try again shortly',
        );
      }
      await sleep(pollMs);
    }
  }

  return {
    /** Runs `create` once for the shopper's key; a repeat answers what the first run answered. */
    async once<T>(scope: IdempotencyScope, request: unknown, create: () => Promise<T>): Promise<T> {
      if (!KEY_PATTERN.test(scope.key)) {
        throw new AppError(
          400,
          ERROR_CODES.validation,
          'The Idempotency-Key header must be 1 to 100 visible characters',
        );
      }
      const fingerprint = createHash('sha256')
        .update(JSON.stringify(request ?? null))
        .digest('hex');
      for (;;) {
        const now = new Date();
        const claimed = await repository.claim(scope, {
          fingerprint,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_SECONDS * 1000).toISOString(),
        });
        if (!claimed) {
          const first = await firstAnswer<T>(scope, fingerprint);
          // Gone: the first request failed and freed the key, so this one runs.
          if (first) return first.answer;
          continue;
        }
        let answer: T;
        try {
          answer = await create();
        } catch (error) {
          await repository.release(scope);
          throw error;
        }
        await repository.complete(
          scope,
          answer === undefined ? null : JSON.stringify(answer),
          new Date().toISOString(),
        );
        return answer;
      }
    },
  };
}

export type IdempotencyService = ReturnType<typeof idempotencyService>;
