/**
 * A plain load balancer, as an operator puts one in front of several instances (nginx, HAProxy,
 * Caddy, a cloud load balancer): round-robin over the instances whose health check passes. The
 * check is GET /account/api/ready every HEALTH_INTERVAL_MS on a new connection: 200 puts an
 * instance in, any other answer or none (refused, reset, no answer within HEALTH_TIMEOUT_MS) takes
 * it out. It never retries a request: one its instance refused or cut off reaches the client as
 * the proxy's own 502, which is what a client behind such a load balancer sees. The proxy's own
 * answers have the text `proxy: <why>` (502 refused, reset or error; 503 no-upstream).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from './report.js';

export const HEALTH_INTERVAL_MS = 250;
export const HEALTH_TIMEOUT_MS = 2000;

/** Why the proxy answered a request itself: refused and reset are the connection failures. */
export type ProxyFailure = 'refused' | 'reset' | 'error' | 'no-upstream';

export interface Upstream {
  name: string;
  port: number;
  healthy: boolean;
}

export interface HealthChange {
  /** performance.now() of the check that saw it. */
  at: number;
  upstream: string;
  healthy: boolean;
  /** The check's answer: 'ready 200', 'ready 503', or the connection error. */
  reason: string;
}

export interface Forwarded {
  /** performance.now() when the request was sent on. */
  at: number;
  upstream: string;
  /** The instance's status, or why the proxy answered instead. */
  result: number | ProxyFailure;
}

// Hop-by-hop headers belong to one connection and are not passed on (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function failureOf(error: NodeJS.ErrnoException): ProxyFailure {
  if (error.code === 'ECONNREFUSED') return 'refused';
  // 'socket hang up' is ECONNRESET too: the connection closed before an answer.
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return 'reset';
  return 'error';
}

export class LoadBalancer {
  readonly upstreams: Upstream[];
  readonly changes: HealthChange[] = [];
  readonly forwarded: Forwarded[] = [];
  private readonly server: http.Server;
  // Kept-alive connections to the instances, as load balancers hold them.
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private next = 0;
  private checking = true;
  private checks: Promise<void>[] = [];

  constructor(upstreams: readonly { name: string; port: number }[]) {
    this.upstreams = upstreams.map((u) => ({ ...u, healthy: false }));
    this.server = http.createServer((request, response) => this.forward(request, response));
  }

  /** Listens on `port` of 127.0.0.1 and starts the health checks; answers the proxy's URL. */
  async start(port: number): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.checks = this.upstreams.map((u) => this.checkLoop(u));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  isHealthy(name: string): boolean {
    return this.upstreams.some((u) => u.name === name && u.healthy);
  }

  async close(): Promise<void> {
    this.checking = false;
    await Promise.all(this.checks);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    this.agent.destroy();
  }

  private pick(): Upstream | undefined {
    const healthy = this.upstreams.filter((u) => u.healthy);
    if (healthy.length === 0) return undefined;
    this.next = (this.next + 1) % healthy.length;
    return healthy[this.next];
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    const upstream = this.pick();
    if (!upstream) {
      this.forwarded.push({ at: performance.now(), upstream: '-', result: 'no-upstream' });
      response.writeHead(503, { 'content-type': 'text/plain' }).end('proxy: no-upstream');
      return;
    }
    const record: Forwarded = { at: performance.now(), upstream: upstream.name, result: 'error' };
    this.forwarded.push(record);
    let settled = false;
    const fail = (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      record.result = failureOf(error);
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${record.result}`);
    };
    const outbound = http.request({
      host: '127.0.0.1',
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: endToEnd(request.headers),
      agent: this.agent,
    });
    outbound.on('error', fail);
    outbound.on('response', (answer) => {
      record.result = answer.statusCode ?? 502;
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.on('error', fail);
      answer.on('end', () => {
        settled = true;
      });
      answer.pipe(response);
    });
    // A client that goes away takes its upstream request with it.
    response.on('close', () => {
      if (!response.writableFinished) outbound.destroy();
    });
    request.pipe(outbound);
  }

  private async checkLoop(upstream: Upstream): Promise<void> {
    while (this.checking) {
      const reason = await this.check(upstream.port);
      const healthy = reason === 'ready 200';
      if (healthy !== upstream.healthy) {
        upstream.healthy = healthy;
        this.changes.push({ at: performance.now(), upstream: upstream.name, healthy, reason });
      }
      await sleep(HEALTH_INTERVAL_MS);
    }
  }

  /** One health check on a connection of its own: 'ready <status>', or why there was no answer. */
  private check(port: number): Promise<string> {
    return new Promise((resolve) => {
      const probe = http.get(
        { host: '127.0.0.1', port, path: '/account/api/ready', agent: false, timeout: HEALTH_TIMEOUT_MS },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(`ready ${answer.statusCode}`));
          answer.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        },
      );
      probe.on('timeout', () => probe.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
      probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  }
}
