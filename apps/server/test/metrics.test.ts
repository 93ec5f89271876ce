/**
 * Operate: Prometheus metrics on a port of their own (METRICS_PORT), off the public router: requests
 * by route and status, sign-ins by provider and result, the webhook outbox, the background jobs'
 * looks, the database pool (PostgreSQL) and the process.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FreezingProxy } from './support/freezing-proxy.js';
import { signedIn } from './support/sign-in.js';
import { api, databaseKind, freePort, freshDatabase, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  server = await startServer({ env: { METRICS_PORT: String(port), BUILD_COMMIT: '0123abc' } });
});
afterAll(async () => {
  await server?.close();
});

const scrape = async (url = metricsUrl) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return response.text();
};
/** The series (name and labels) of one metric family in a scrape. */
const seriesOf = (text: string, name: string) =>
  new Set(
    text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      .map((line) => line.slice(0, line.lastIndexOf(' '))),
  );
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

  it('labels take the route template and configured providers only: made-up callback paths add no series', async () => {
    const callback = (provider: string) =>
      fetch(`${server.baseUrl}${api(`/login/oidc/callback/${provider}`)}?state=x&code=y`);
    const made = () => Array.from({ length: 10 }, () => randomBytes(6).toString('hex'));
    const families = ['account_http_request_duration_seconds_count', 'account_sign_ins_total'];
    const first = made();
    for (const provider of first) await callback(provider);
    const before = await scrape();
    const second = made();
    for (const provider of second) await callback(provider);
    const after = await scrape();
    for (const family of families) expect(seriesOf(after, family), family).toEqual(seriesOf(before, family));
    for (const provider of [...first, ...second]) expect(after).not.toContain(provider);
    expect(seriesValue(after, 'account_sign_ins_total{provider="other",result="failure"}')).toBeGreaterThanOrEqual(20);
  });

  it('names the build: version, commit and Node version, value 1', async () => {
    const text = await scrape();
    expect(seriesValue(text, `account_build_info{version="0.1.0",commit="0123abc",node="${process.version}"}`)).toBe(1);
  });

  it.runIf(databaseKind === 'postgres')(
    'with the database down the scrape still answers: the last sampled queue depths, their age, and the 503s',
    async () => {
      const database = await freshDatabase();
      const target = new URL(database.env.DATABASE_URL ?? '');
      const proxy = await FreezingProxy.start({ host: target.hostname, port: Number(target.port) });
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/metrics`;
      const down = await startServer({
        demo: false,
        env: {
          METRICS_PORT: String(port),
          DATABASE_URL: proxy.urlFor(target.href),
          DATABASE_STATEMENT_TIMEOUT_MS: '300',
        },
      });
      try {
        const sampled = 'account_job_looks_total{job="queue depth sample",outcome="done"}';
        await expect.poll(async () => seriesValue(await scrape(url), sampled)).toBeGreaterThanOrEqual(1);
        const before = await scrape(url);

        proxy.freeze();
        const ready = await fetch(`${down.baseUrl}/account/api/ready`);
        expect(ready.status).toBe(503);
        const response = await fetch(url);
        expect(response.status).toBe(200);
        const text = await response.text();
        for (const depth of ['account_webhook_outbox_pending', 'account_mail_queue_pending']) {
          expect(seriesValue(text, depth), depth).toBe(seriesValue(before, depth));
        }
        expect(seriesValue(text, 'account_queue_depths_sampled_age_seconds')).toBeGreaterThanOrEqual(0);
        const unavailable =
          'account_http_request_duration_seconds_count{method="GET",route="/account/api/ready",status="503"}';
        expect(seriesValue(text, unavailable)).toBe(1);
      } finally {
        proxy.thaw();
        await down.close();
        await proxy.close();
        await database.drop();
      }
    },
  );
});

const deploy = (file: string) => readFileSync(new URL(`../../../deploy/${file}`, import.meta.url), 'utf8');

/** PromQL's words that are neither metrics nor followed by a bracket. */
const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression reads (a small lexer: strings, matchers, ranges and groupings dropped). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')
    .replace(/\$\{?\w+\}?/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(?![\w:]|\s*\()/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !PROMQL_WORDS.has(name.toLowerCase()));
}

/** Every metric name a scrape can hold: its families, with a histogram's series. */
function exportedNames(text: string): Set<string> {
  const names = new Set(['up']); // Prometheus's own, per target
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name) continue;
    names.add(name);
    if (type === 'histogram') for (const part of ['_bucket', '_sum', '_count']) names.add(`${name}${part}`);
    if (type === 'summary') for (const part of ['_sum', '_count']) names.add(`${name}${part}`);
  }
  return names;
}

/** Metrics only one kind of database has: the other's server cannot show them. */
const DATABASE_ONLY: Record<string, string> = {
  account_db_pool_connections: 'postgres',
  account_db_storage_writable: 'sqlite',
};

const unknownNames = (exprs: string[], exported: Set<string>) =>
  [...new Set(exprs.flatMap(metricNames))].filter(
    (name) => !exported.has(name) && (DATABASE_ONLY[name] ?? databaseKind) === databaseKind,
  );

describe(`operate: what operators load names only metrics the server exports (${databaseKind})`, () => {
  it('the lexer finds the metrics of an expression, and only those', () => {
    expect(
      metricNames(
        'sum by (instance, le) (rate(a_total{status=~"5..",x="y"}[5m])) / ignoring(x) b > 0.25 unless on(job) c offset 5m',
      ),
    ).toEqual(['a_total', 'b', 'c']);
  });

  it('deploy/prometheus/alerts.yml: every rule has a name, a summary, and an expr of exported metrics', async () => {
    // The shape Prometheus reads; a file that differs fails the checks below.
    const rules = parse(deploy('prometheus/alerts.yml')) as {
      groups: { name: string; rules: { alert?: string; expr: string; annotations?: { summary?: string } }[] }[];
    };
    const all = rules.groups.flatMap((group) => group.rules);
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const rule of all) {
      expect(rule.alert, rule.expr).toMatch(/^AccountArea\w+$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(metricNames(rule.expr).length, rule.alert).toBeGreaterThan(0);
    }
    expect(
      unknownNames(
        all.map((rule) => rule.expr),
        exportedNames(await scrape()),
      ),
    ).toEqual([]);
  });

  it('deploy/grafana/dashboard.json: every query names exported metrics', async () => {
    // The parts of Grafana's dashboard model the check reads.
    const dashboard = JSON.parse(deploy('grafana/dashboard.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
      templating: { list: { definition?: string }[] };
    };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    // A variable's `label_values(metric, label)`: its first argument is the metric.
    const variables = dashboard.templating.list.flatMap(({ definition }) =>
      definition ? [...definition.matchAll(/label_values\((\w+)/g)].map((match) => match[1] ?? '') : [],
    );
    expect(exprs.length).toBeGreaterThanOrEqual(10);
    expect(unknownNames([...exprs, ...variables], exportedNames(await scrape()))).toEqual([]);
  });
});
