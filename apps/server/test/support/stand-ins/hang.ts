/**
 * The 'hang' outage the HTTP stand-ins play: a request gets no answer at all, and its connection
 * is dropped when the outage ends, when the stand-in closes, or after a while.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long a hanging request is held before its connection is dropped (beyond any client timeout). */
const HANG_MS = 8_000;

export interface Hanging {
  /** Holds the request unanswered until released, then drops its connection. */
  hang(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Releases every held request now (the outage ended). */
  releaseAll(): void;
}

/** Hanging requests on `app`, all released when it closes so that closing does not wait for them. */
export function hanging(app: FastifyInstance): Hanging {
  const held = new Set<() => void>();
  const releaseAll = () => {
    for (const release of [...held]) release();
  };
  app.addHook('preClose', async () => releaseAll());
  return {
    async hang(request, reply) {
      reply.hijack();
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          held.delete(release);
          resolve();
        };
        const timer = setTimeout(release, HANG_MS);
        held.add(release);
      });
      request.raw.socket.destroy();
    },
    releaseAll,
  };
}
