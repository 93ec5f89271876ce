/**
 * A shop's webhook endpoint for tests: a real HTTP server that records every delivery with its
 * raw body and headers, and answers as the test tells it to: acknowledge, fail, or hang (time out).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** ok: 204 at once; slow: 204 after a second; fail: 500; hang: no answer until closed. */
export type Answer = 'ok' | 'slow' | 'fail' | 'hang';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  answer: Answer;
}

export async function webhookReceiver(answer: (attempt: number, body: string) => Answer = () => 'ok') {
  const received: ReceivedDelivery[] = [];
  const hanging = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const decision = answer(received.length, body);
      received.push({ headers: request.headers, body, answer: decision });
      if (decision === 'ok') response.writeHead(204).end();
      else if (decision === 'slow') setTimeout(() => response.writeHead(204).end(), 1000);
      else if (decision === 'fail')
        response.writeHead(500, { 'content-type': 'text/plain' }).end('down for maintenance');
      else {
        const release = () => response.destroy();
        hanging.add(release);
        response.on('close', () => hanging.delete(release));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/account`,
    received,
    /** The bodies the receiver acknowledged, parsed. */
    acknowledged: () =>
      received
        .filter((r) => r.answer === 'ok')
        .map(
          (r) =>
            JSON.parse(r.body) as { id: number; type: string; shopper: { id: number }; data: Record<string, unknown> },
        ),
    close: async () => {
      for (const release of hanging) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
