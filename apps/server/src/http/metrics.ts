/**
 * Prometheus metrics (prom-client), served on their own port (METRICS_PORT, on METRICS_HOST) so that
 * they never reach the public router: requests by route and status with their durations, sign-ins
 * by provider and result, SMS and mail sends, the mail queue's depth, webhook deliveries and the
 * outbox's depth, the background jobs' looks, database query errors, (PostgreSQL) pool use and
 * (SQLite) whether writes can be stored, the build, and the process's own metrics.
 *
 * A scrape never touches the database: while it is down the scrape must still answer, with the
 * 503s that report the outage. The queue depths are sampled in the background and exported with
 * their age.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { API_BASE, OIDC_CALLBACK_PATH, STEAM_CALLBACK_PATH } from '@account/contract';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RawDriver } from '../db/connection.js';
import type { SqliteStorage } from '../db/storage.js';
import { type LookOutcome, type PollingJob, pollingJob } from '../jobs/polling-job.js';

/** How often the queue depths are read: Prometheus's usual scrape interval. */
export const DEPTH_SAMPLE_INTERVAL_MS = 15_000;

export interface MetricsSources {
  raw: RawDriver;
  /** Webhook deliveries waiting to go out. */
  pendingDeliveries(): Promise<number>;
  /** Security notices waiting to go out. */
  pendingMails(): Promise<number>;
  /** SQLite: whether writes can be stored (db/storage.ts). */
  storage?: SqliteStorage | null;
  /** Where a failed sample is logged (`queue depth sample failed`). */
  log?: { warn(details: object, message: string): void };
}

/** What the build-info metric says: the server's version, the commit it was built from, and Node's. */
export interface BuildInfo {
  version: string;
  commit: string;
  node: string;
}

/** The server's package version (apps/server/package.json, two levels up from src/http and dist/http alike). */
function packageVersion(): string {
  const json: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return typeof json === 'object' && json !== null && 'version' in json && typeof json.version === 'string'
    ? json.version
    : 'unknown';
}

export function buildInfo(commit: string | null): BuildInfo {
  return { version: packageVersion(), commit: commit ?? 'unknown', node: process.version };
}

export function createMetrics(build: BuildInfo) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'account_build_info',
    help: 'Always 1; its labels name the running build: version, commit (BUILD_COMMIT) and Node version',
    labelNames: ['version', 'commit', 'node'] as const,
    registers: [registry],
  }).set({ ...build }, 1);
  const requests = new Histogram({
    name: 'account_http_request_duration_seconds',
    help: 'HTTP requests by method, route and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'account_sign_ins_total',
    help: 'Sign-in attempts that reached the server, by provider and result (success or failure)',
    labelNames: ['provider', 'result'] as const,
    registers: [registry],
  });
  const smsSends = new Counter({
    name: 'account_sms_sends_total',
    help: 'Verification texts handed to the SMS transport, by result (sent or failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const mailSends = new Counter({
    name: 'account_mail_sends_total',
    help: 'Emails handed to the mail transport (codes and security notices), by result (sent or failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const webhookDeliveries = new Counter({
    name: 'account_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by result (delivered or failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const jobLooks = new Counter({
    name: 'account_job_looks_total',
    help: 'Looks of the background jobs (webhook delivery, mail queue, erasure, sweeps), by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const queryErrors = new Counter({
    name: 'account_db_query_errors_total',
    help: 'SQL statements that failed',
    registers: [registry],
  });
  return {
    registry,
    signIn: (provider: string, success: boolean) => signIns.inc({ provider, result: success ? 'success' : 'failure' }),
    smsSend: (sent: boolean) => smsSends.inc({ result: sent ? 'sent' : 'failed' }),
    mailSend: (sent: boolean) => mailSends.inc({ result: sent ? 'sent' : 'failed' }),
    webhookDelivery: (delivered: boolean) => webhookDeliveries.inc({ result: delivered ? 'delivered' : 'failed' }),
    jobLook: (job: string, outcome: LookOutcome) => jobLooks.inc({ job, outcome }),
    queryError: () => queryErrors.inc(),
    request: (labels: { method: string; route: string; status: number }, seconds: number) =>
      requests.observe({ ...labels, status: String(labels.status) }, seconds),
    /**
     * The database's gauges: the pool and storage read from memory when scraped; the webhook outbox
     * and the mail queue from the job returned, which samples them (start it, and stop it on close).
     */
    watch(sources: MetricsSources): PollingJob {
      const { raw } = sources;
      if (raw.kind === 'postgres') {
        new Gauge({
          name: 'account_db_pool_connections',
          help: 'PostgreSQL pool connections: open (total), idle, and requests waiting for one',
          labelNames: ['state'] as const,
          registers: [registry],
          collect() {
            this.set({ state: 'total' }, raw.pool.totalCount);
            this.set({ state: 'idle' }, raw.pool.idleCount);
            this.set({ state: 'waiting' }, raw.pool.waitingCount);
          },
        });
      }
      const { storage } = sources;
      if (storage) {
        new Gauge({
          name: 'account_db_storage_writable',
          help: 'SQLite: 1 while writes are stored, 0 while the disk is full, read-only or the file deleted',
          registers: [registry],
          collect() {
            this.set(storage.problem ? 0 : 1);
          },
        });
      }
      const outbox = new Gauge({
        name: 'account_webhook_outbox_pending',
        help: 'Webhook deliveries waiting to go out, as last sampled (account_queue_depths_sampled_age_seconds)',
        registers: [registry],
      });
      const mailQueue = new Gauge({
        name: 'account_mail_queue_pending',
        help: 'Security notices waiting to be sent, as last sampled (account_queue_depths_sampled_age_seconds)',
        registers: [registry],
      });
      // Until the first sample the depths read 0, and the age counts from the start.
      let sampledAt = performance.now();
      new Gauge({
        name: 'account_queue_depths_sampled_age_seconds',
        help: 'Seconds since the queue depths were last read from the database (they go stale while it is down)',
        registers: [registry],
        collect() {
          this.set((performance.now() - sampledAt) / 1000);
        },
      });
      return pollingJob({
        name: 'queue depth sample',
        look: async () => {
          const [deliveries, mails] = await Promise.all([sources.pendingDeliveries(), sources.pendingMails()]);
          outbox.set(deliveries);
          mailQueue.set(mails);
          sampledAt = performance.now();
          return false;
        },
        intervalMs: DEPTH_SAMPLE_INTERVAL_MS,
        ...(sources.log && { log: sources.log }),
        onLook: (job, outcome) => jobLooks.inc({ job, outcome }),
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The calls that finish a sign-in (token sign-ins and the redirect providers' callbacks), by route;
 * the provider is the route's own or its `:provider`. Starts of redirect flows are not attempts.
 */
const SIGN_IN_ROUTES = new Map<string, string | null>([
  ...['facebook', 'google', 'apple', 'telegram'].map((provider): [string, string] => [
    `${API_BASE}/login/${provider}`,
    provider,
  ]),
  [`${API_BASE}${OIDC_CALLBACK_PATH}`, null],
  [`${API_BASE}${STEAM_CALLBACK_PATH}`, 'steam'],
]);

/**
 * Times every request; a sign-in call counts as a success when it started a session. Labels take
 * only bounded values, or every new path a client makes up would be a new series: the route's
 * template (never the path), and a callback's provider only when it is one of `oidcProviders`
 * (else `other`).
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { sessionCookie: string; oidcProviders: readonly string[] },
): void {
  const { sessionCookie } = options;
  const oidcProviders = new Set(options.oidcProviders);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    if (!SIGN_IN_ROUTES.has(route)) return;
    const named = (request.params as { provider?: string }).provider;
    const provider = SIGN_IN_ROUTES.get(route) ?? (named !== undefined && oidcProviders.has(named) ? named : 'other');
    const cookies = [reply.getHeader('set-cookie') ?? []].flat().map(String);
    const started = cookies.some(
      (cookie) => cookie.startsWith(`${sessionCookie}=`) && !cookie.startsWith(`${sessionCookie}=;`),
    );
    metrics.signIn(provider, started);
  });
}

/** The metrics on their own port; never logged, never on the public router. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found; the metrics are at /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
