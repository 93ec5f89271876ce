/**
 * The suites' servers listen on a port picked before they start. One the system hands out comes
 * from the range of outgoing connections' local ports, where a connection made meanwhile can take
 * it (a CI run failed with EADDRINUSE): the picked ports lie outside that range.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/ports.js';
import { databaseIndependent } from './support/test-app.js';

/** Linux's range of outgoing connections' local ports; macOS's default elsewhere. */
function outgoingRange(): { from: number; to: number } {
  try {
    const [from, to] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (from !== undefined && to !== undefined) return { from, to };
  } catch {
    // Not Linux.
  }
  return { from: 49152, to: 65535 };
}

describe.runIf(databaseIndependent)('test ports', () => {
  it('are free and outside the range the system gives outgoing connections', async () => {
    const outgoing = outgoingRange();
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port < outgoing.from || port > outgoing.to, `port ${port}`).toBe(true);
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('asked for at once, as a file starting three servers does, are all different', async () => {
    const ports = await Promise.all(Array.from({ length: 500 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("come from a slice of each Vitest worker's own: Vitest numbers its workers (VITEST_POOL_ID)", () => {
    expect(process.env.VITEST_POOL_ID).toMatch(/^\d+$/);
  });
});
