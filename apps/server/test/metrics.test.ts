/**
 * Operate: Prometheus metrics on a port of their own (METRICS_PORT), off the public router: requests
 * by route and status, sign-ins by provider and result, the webhook outbox, the background jobs'
 * looks, the database pool (PostgreSQL) and the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './support/sign-in.js';
import { api, databaseKind, freePort, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  server = await startServer({ env: { METRICS_PORT: String(port) } });
});
afterAll(async () => {
  await server?.close();
});

const scrape = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  return response.text();
};
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe(`operate: Prometheus metrics on METRICS_PORT (${databaseKind})`, () => {
  it('counts requests by route and status, with their durations', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.baseUrl}${api('/setting')}`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}${api('/shopuser/me')}`)).status).toBe(401);
    const text = await scrape();
    const setting = `account_http_request_duration_seconds_count{method="GET",route="${api('/setting')}",status="200"}`;
    expect(seriesValue(text, setting)).toBeGreaterThanOrEqual(3);
    const me = `account_http_request_duration_seconds_count{method="GET",route="${api('/shopuser/me')}",status="401"}`;
    expect(seriesValue(text, me)).toBeGreaterThanOrEqual(1);
    expect(text).toContain('account_http_request_duration_seconds_bucket{le="0.005"');
  });

  it('counts sign-ins by provider and result', async () => {
    await signedIn(server, 'demo-emma');
    const text = await scrape();
    expect(seriesValue(text, 'account_sign_ins_total{provider="sso",result="success"}')).toBeGreaterThanOrEqual(1);
  });

  it('shows the webhook outbox, the mail queue, the process and (PostgreSQL) the connection pool', async () => {
    const text = await scrape();
    expect(seriesValue(text, 'account_webhook_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'account_mail_queue_pending')).toBe(0);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (databaseKind === 'postgres') {
      expect(seriesValue(text, 'account_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    }
  });

  it("counts the background jobs' looks by job and outcome", async () => {
    // The deletion job runs on every server and looks once at start.
    const series = 'account_job_looks_total{job="account erasure round",outcome="done"}';
    await expect.poll(async () => seriesValue(await scrape(), series)).toBeGreaterThanOrEqual(1);
  });

  it('is not on the public router', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    // Under /account every other path is the web app's page, never the metrics.
    expect(await (await fetch(`${server.baseUrl}/account/metrics`)).text()).not.toContain('process_cpu');
  });
});
