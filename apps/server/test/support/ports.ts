import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Ports are drawn below 32768, where Linux (32768–60999) and macOS (49152–65535) take the local
 * ports of outgoing connections: a port the system hands out (listen on 0) can be taken by a
 * connection to PostgreSQL or to another test server in the time between the probe and the
 * server's own listen, which a busy run hits (EADDRINUSE).
 */
const TEST_PORTS = { from: 20000, to: 32767 } as const;

/** A TCP port nobody listens on right now, outside the range of outgoing connections. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = randomInt(TEST_PORTS.from, TEST_PORTS.to + 1);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found in ${TEST_PORTS.from}-${TEST_PORTS.to}`);
}

export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
