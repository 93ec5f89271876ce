import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Ports are drawn below 32768, where Linux (32768–60999) and macOS (49152–65535) take the local
 * ports of outgoing connections: a port the system hands out (listen on 0) can be taken by a
 * connection to PostgreSQL or to another test server in the time between the probe and the
 * server's own listen, which a busy run hits (EADDRINUSE). Each Vitest worker draws from a slice
 * of its own, and no process is handed the same port twice, so two servers starting at once never
 * pick the same one either.
 */
const TEST_PORTS = { from: 20000, to: 32767 } as const;
const SLICE = 1500;

function range(): { from: number; to: number } {
  const worker = Number(process.env.VITEST_POOL_ID);
  if (!Number.isInteger(worker) || worker < 1) return TEST_PORTS;
  const from = TEST_PORTS.from + (((worker - 1) * SLICE) % (TEST_PORTS.to - TEST_PORTS.from - SLICE));
  return { from, to: from + SLICE - 1 };
}

const handedOut = new Set<number>();

/** A TCP port nobody listens on right now, outside the range of outgoing connections. */
export async function freePort(): Promise<number> {
  const { from, to } = range();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = randomInt(from, to + 1);
    if (handedOut.has(port)) continue;
    // Taken before the probe, which awaits: a second caller meanwhile must not pick it too.
    handedOut.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found in ${from}-${to}`);
}

export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
