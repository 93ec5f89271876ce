/**
 * A stand-in the way the tests run it: on a local server of its own, at a port known before its
 * routes are registered (the Steam stand-in names its own address in its answers), and closed
 * without waiting for the keep-alive connections the server under test keeps open to it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { freePort } from '../ports.js';

export type Served<T> = T & {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>, the stand-in's paths below it. */
  baseUrl: string;
  close(): Promise<void>;
};

/** Registers the stand-in `register` answers, then serves it; the answer is the stand-in with its server. */
export async function serveStandIn<T extends object>(
  register: (app: FastifyInstance, baseUrl: string) => Promise<T>,
): Promise<Served<T>> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = Fastify({ forceCloseConnections: true });
  const standIn = await register(app, baseUrl);
  await app.listen({ port, host: '127.0.0.1' });
  return Object.assign(standIn, {
    app,
    baseUrl,
    close: async () => {
      await app.close();
    },
  });
}
