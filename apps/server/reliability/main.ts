/**
 * `npm run reliability -- <scenario> [options]`: the reliability suite (issue 9); see README.md
 * beside this file. Prints a report per scenario and database and exits 1 when any rule fails.
 *
 *   durability  SIGKILL the server under a load of writes; every acknowledged write survives, whole
 *   outage     stop PostgreSQL (lock SQLite) under load: quick 503s, ready 503, live 200; recovers alone
 *   soak       minutes of mixed load: no 5xx, and the server's memory levels off
 *   drain      rolling restart of two instances behind a health-checking proxy: no request refused
 *   erasure    SIGKILL the server while accounts are erased: each account is whole or erased, never between
 *
 * Options: --db=sqlite,postgres (both by default), --kills=12 and --uptime=4 (seconds between a
 * restart and the next kill) for durability, --down=6 (seconds PostgreSQL stays stopped, or SQLite
 * locked) for outage, --minutes=10 (or --seconds) and --connections=8 for soak (and drain),
 * --drain-ms=5000 (SHUTDOWN_DRAIN_MS; 0 is the control) and --ports=<from>-<to> (where the proxy,
 * the instances and PostgreSQL listen; free ports anywhere by default) for drain, --accounts=120 (and
 * --kills, --uptime) for erasure, --logs=<dir> where
 * the server logs go (a temporary directory by default).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseKind } from '../src/db/connection.js';
import { PostgresCluster, sqliteDatabase, type TargetDatabase } from './databases.js';
import { runDrain } from './drain.js';
import { runDurability } from './durability.js';
import { runErasure } from './erasure.js';
import { runOutage } from './outage.js';
import { failures, printReport, type Report } from './report.js';
import { buildServer, portPicker } from './server-process.js';
import { runSoak } from './soak.js';

const SCENARIOS = ['durability', 'outage', 'soak', 'drain', 'erasure'] as const;
type Scenario = (typeof SCENARIOS)[number];

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // Both by default; drain runs on PostgreSQL only.
    db: { type: 'string' },
    kills: { type: 'string', default: '12' },
    uptime: { type: 'string', default: '4' },
    down: { type: 'string', default: '6' },
    minutes: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '8' },
    'drain-ms': { type: 'string', default: '5000' },
    ports: { type: 'string' },
    accounts: { type: 'string', default: '120' },
    logs: { type: 'string' },
  },
});

function number(name: string, text: string | undefined, min: number): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`--${name} must be a number of at least ${min}, not ${text}`);
  return value;
}

const scenario = positionals[0] as Scenario | undefined;
if (!scenario || !SCENARIOS.includes(scenario) || positionals.length > 1) {
  console.error(
    `Usage: npm run reliability -- ${SCENARIOS.join('|')} [--db=sqlite,postgres] [options]; see apps/server/reliability/README.md`,
  );
  process.exit(2);
}
const kinds = (args.db ?? (scenario === 'drain' ? 'postgres' : 'sqlite,postgres'))
  .split(',')
  .map((k) => k.trim()) as DatabaseKind[];
if (kinds.length === 0 || kinds.some((k) => k !== 'sqlite' && k !== 'postgres')) {
  console.error(`--db takes sqlite, postgres or both (comma-separated), not ${args.db}`);
  process.exit(2);
}
if (scenario === 'drain' && kinds.includes('sqlite')) {
  console.error('drain runs two instances on one PostgreSQL database: --db=postgres');
  process.exit(2);
}
buildServer();
const port = portPicker(args.ports);
const logDir = args.logs ?? mkdtempSync(path.join(tmpdir(), 'account-reliability-logs-'));
const soakSeconds =
  args.seconds !== undefined ? number('seconds', args.seconds, 10) : number('minutes', args.minutes ?? '10', 0.2) * 60;

async function runOn(kind: DatabaseKind): Promise<Report> {
  // The outage scenario stops PostgreSQL, so every run gets a cluster of its own.
  const cluster = kind === 'postgres' ? await PostgresCluster.start(await port()) : null;
  const database: TargetDatabase = cluster ? await cluster.database() : sqliteDatabase();
  try {
    switch (scenario) {
      case 'durability':
        return await runDurability({
          database,
          kills: number('kills', args.kills, 1),
          uptimeMs: number('uptime', args.uptime, 0.5) * 1000,
          logDir,
        });
      case 'erasure':
        return await runErasure({
          database,
          accounts: number('accounts', args.accounts, 3),
          kills: number('kills', args.kills, 1),
          uptimeMs: number('uptime', args.uptime, 0.5) * 1000,
          logDir,
        });
      case 'outage':
        return await runOutage({ database, cluster, downMs: number('down', args.down, 1) * 1000, logDir });
      case 'drain':
        return await runDrain({
          database,
          drainMs: number('drain-ms', args['drain-ms'], 0),
          connections: number('connections', args.connections, 1),
          port,
          logDir,
        });
      default:
        return await runSoak({
          database,
          seconds: soakSeconds,
          connections: number('connections', args.connections, 1),
          logDir,
        });
    }
  } finally {
    await database.drop().catch(() => undefined);
    await cluster?.dispose();
  }
}

let failed = 0;
for (const kind of kinds) {
  try {
    const report = await runOn(kind);
    printReport(report);
    failed += failures(report).length;
  } catch (error) {
    console.error(`\n${scenario} on ${kind} could not run:`, error);
    failed++;
  }
}
console.log(`\nServer logs: ${logDir}`);
process.exit(failed === 0 ? 0 : 1);
