#!/usr/bin/env node
/**
 * `account-area`: the server's command line, for operators and the shop's import jobs. It works on
 * the database the server uses (DATABASE_URL, else the SQLite file in DATA_DIR) and needs no
 * running server. Exit codes: 0 done, 1 failed, 2 done but some records were refused.
 */
import { createReadStream, createWriteStream, statSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { WEBHOOK_DELIVERY_STATES } from '@account/contract';
import { SingleBar } from 'cli-progress';
import { ConfigError, loadDatabaseConfig } from './config.js';
import { BackupError, backupSqlite, restoreSqlite } from './db/backup.js';
import { DatabaseOpenError, openDatabase } from './db/connection.js';
import { MigrationError, migrateToLatest, newerSchemaNote } from './db/migrate.js';
import type { DatabaseServices } from './services.js';

const USAGE = `Usage: account-area <command> [options]

Commands:
  migrate                              bring the database schema up to date
  seed-demo                            fill an empty database with the demo shop
  api-keys create <name>               make an integration API key (shown once)
  api-keys list                        list the keys (prefix, name, last use, revoked)
  api-keys revoke <id|prefix>          revoke a key
  webhooks add <url> [--description=]  add a webhook endpoint and print its signing secret
  webhooks list                        list the endpoints
  webhooks remove <id>                 remove an endpoint and its pending deliveries
  webhooks deliveries [--state=pending|delivered] [--shopper=<shop id>] [--limit=50]
  import <file.ndjson> [--batch=500]   apply records, one JSON object per line:
                                       {"kind":"product","key":{"id":"sku-1"},"data":{...}}
                                       or {"kind":...,"key":{...},"delete":true}
  export-shopper <shop id> [--out=file.json]   everything held of one shopper, as JSON; with
  export-shopper --id=<account id> [--out=file.json]   --out=<file>.zip the shopper's own download
  backup <file>                        SQLite: a consistent copy of the database, also while the
                                       server runs (PostgreSQL: use pg_dump)
  restore <file> [--force]             SQLite, server stopped: put a backup in place; the current
                                       database is kept beside it as account.db.before-restore-<time>

The database is the server's: DATABASE_URL (PostgreSQL), else DATA_DIR/account.db (SQLite).
Exit codes: 0 done, 1 failed, 2 done but some records were refused.`;

class UsageError extends Error {}

const print = (line = '') => process.stdout.write(`${line}\n`);
const table = (rows: readonly object[]) => {
  if (rows.length === 0) return print('(none)');
  const cells = rows.map((row) => row as Record<string, unknown>);
  const columns = Object.keys(cells[0] ?? {});
  const text = (value: unknown) => (value === null || value === undefined ? '-' : String(value));
  const widths = columns.map((c) => Math.max(c.length, ...cells.map((r) => text(r[c]).length)));
  print(columns.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  for (const row of cells) print(columns.map((c, i) => text(row[c]).padEnd(widths[i] ?? 0)).join('  '));
};

/** Applies an NDJSON file in batches, with a progress bar on stderr and a summary on stdout. */
async function importFile({ integration }: DatabaseServices, file: string, batchSize: number): Promise<number> {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new UsageError(`Cannot read ${file}`);
  }
  const totals = { created: 0, updated: 0, deleted: 0, absent: 0, rejected: 0 };
  const refused: { line: number; kind: string | null; reasons: string }[] = [];
  const bar = new SingleBar({
    format: 'importing [{bar}] {percentage}% | {records} records | {rejected} refused',
    stream: process.stderr,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 5000,
  });
  bar.start(size, 0, { records: 0, rejected: 0 });

  let pending: { line: number; record: unknown }[] = [];
  let bytes = 0;
  let records = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const { results } = await integration.batch(batch.map((p) => p.record));
    for (const result of results) {
      totals[result.outcome] += 1;
      if (result.outcome === 'rejected') {
        const reasons = Object.entries(result.errors ?? {})
          .map(([field, reason]) => `${field}: ${reason}`)
          .join('; ');
        refused.push({ line: batch[result.index]?.line ?? 0, kind: result.kind, reasons });
      }
    }
    bar.update(bytes, { records, rejected: totals.rejected });
  };

  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    bytes += Buffer.byteLength(line) + 1;
    if (line.trim() === '') continue;
    records += 1;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      totals.rejected += 1;
      refused.push({ line: lineNumber, kind: null, reasons: 'not a JSON object' });
      continue;
    }
    pending.push({ line: lineNumber, record });
    if (pending.length >= batchSize) await flush();
  }
  await flush();
  bar.update(size, { records, rejected: totals.rejected });
  bar.stop();

  print(
    `${records} records: ${totals.created} created, ${totals.updated} updated, ${totals.deleted} deleted, ` +
      `${totals.absent} already absent, ${totals.rejected} refused`,
  );
  for (const r of refused.slice(0, 100)) print(`  line ${r.line}${r.kind ? ` (${r.kind})` : ''}: ${r.reasons}`);
  if (refused.length > 100) print(`  ... and ${refused.length - 100} more`);
  return totals.rejected > 0 ? 2 : 0;
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      description: { type: 'string' },
      state: { type: 'string' },
      shopper: { type: 'string' },
      limit: { type: 'string' },
      batch: { type: 'string' },
      out: { type: 'string' },
      id: { type: 'string' },
      force: { type: 'boolean' },
    },
  });
  const [command, sub, ...rest] = positionals;
  if (values.help || !command) {
    print(USAGE);
    return command || values.help ? 0 : 1;
  }
  const known = ['migrate', 'seed-demo', 'api-keys', 'webhooks', 'import', 'export-shopper', 'backup', 'restore'];
  if (!known.includes(command)) throw new UsageError(`Unknown command '${command}'.`);

  const config = loadDatabaseConfig();
  // Before anything opens the database: a backup is taken of the schema as it is, and a restore
  // replaces the file.
  if (command === 'backup' || command === 'restore') {
    if (config.databaseUrl) {
      throw new UsageError(
        'On PostgreSQL use its own tools: pg_dump --format=custom "$DATABASE_URL" > account.dump, ' +
          'and pg_restore --clean --if-exists --dbname="$DATABASE_URL" account.dump (README, Backup).',
      );
    }
    if (!sub) throw new UsageError(`Name the file: ${command} <file>`);
    if (command === 'backup') {
      const { bytes } = backupSqlite(config.dataDir, sub);
      print(`Backed up ${config.dataDir}/account.db to ${sub} (${bytes.toLocaleString('en')} bytes, checked).`);
    } else {
      const { keptAs } = restoreSqlite(config.dataDir, sub, values.force ?? false);
      print(`Restored ${sub} into ${config.dataDir}/account.db.`);
      if (keptAs) print(`The database it replaced is kept as ${keptAs}.`);
    }
    return 0;
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  try {
    const { applied, newer } = await migrateToLatest(db);
    if (newer.length > 0) print(`${newerSchemaNote(newer)}.`);
    if (command === 'migrate') {
      print(applied.length > 0 ? `Applied ${applied.join(', ')} on ${db.location}.` : `${db.location} is up to date.`);
      return 0;
    }
    if (command === 'seed-demo') {
      const { seedDemo } = await import('./db/seed/index.js');
      const seeded = await seedDemo(db.kysely, { publicUrl: config.publicUrl });
      print(seeded ? `Seeded the demo shop into ${db.location}.` : `${db.location} holds data already; left it alone.`);
      return 0;
    }
    // Loaded for the commands that use them: the services are most of the server's code, and
    // loading them took `migrate` and `--help` from about 0.45 s to 0.8 s of CPU.
    const { buildDatabaseServices } = await import('./services.js');
    const services = buildDatabaseServices(db);
    if (command === 'api-keys') {
      const keys = services.apiKeys;
      if (sub === 'create') {
        const name = rest.join(' ').trim();
        if (!name) throw new UsageError('Give the key a name: api-keys create <name>');
        const made = await keys.create(name);
        print(`Created API key ${made.id} '${made.name}'. Keep it now: it is not shown again.`);
        print(made.key);
        return 0;
      }
      if (sub === 'list') {
        table(await keys.list());
        return 0;
      }
      if (sub === 'revoke') {
        if (!rest[0]) throw new UsageError('Name the key: api-keys revoke <id|prefix>');
        if (!(await keys.revoke(rest[0]))) throw new UsageError(`No live key ${rest[0]}.`);
        print(`Revoked ${rest[0]}.`);
        return 0;
      }
      throw new UsageError('api-keys takes create, list or revoke.');
    }
    if (command === 'webhooks') {
      const hooks = services.webhooks;
      if (sub === 'add') {
        const url = rest[0];
        if (!url || !/^https?:\/\//i.test(url)) throw new UsageError('Give an http(s) URL: webhooks add <url>');
        const added = await hooks.addEndpoint(url, values.description ?? '');
        print(`Added endpoint ${added.id}: ${added.url}`);
        print(`Signing secret, for checking the X-Account-Signature of deliveries: ${added.secret}`);
        return 0;
      }
      if (sub === 'list') {
        table(await hooks.listEndpoints());
        return 0;
      }
      if (sub === 'remove') {
        const id = Number(rest[0]);
        if (!Number.isInteger(id) || !(await hooks.removeEndpoint(id)))
          throw new UsageError(`No endpoint ${rest[0] ?? ''}.`);
        print(`Removed endpoint ${id}.`);
        return 0;
      }
      if (sub === 'deliveries') {
        const state = values.state;
        if (state !== undefined && !(WEBHOOK_DELIVERY_STATES as readonly string[]).includes(state)) {
          throw new UsageError(`--state takes ${WEBHOOK_DELIVERY_STATES.join(' or ')}.`);
        }
        const limit = Number(values.limit ?? 50);
        if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit takes 1 to 10000.');
        const deliveries = await hooks.deliveries({
          state: state as 'pending' | 'delivered' | undefined,
          shopper: values.shopper,
          limit,
        });
        table(deliveries.map(({ endpoint: _, createdAt: __, ...row }) => row));
        return 0;
      }
      throw new UsageError('webhooks takes add, list, remove or deliveries.');
    }
    if (command === 'import') {
      if (!sub) throw new UsageError('Give the file: import <file.ndjson>');
      const batch = Number(values.batch ?? 500);
      if (!Number.isInteger(batch) || batch < 1 || batch > 1000) throw new UsageError('--batch takes 1 to 1000.');
      return await importFile(services, sub, batch);
    }
    // export-shopper
    const shopperId =
      values.id !== undefined ? Number(values.id) : sub ? await services.integration.shopperIdOf(sub) : null;
    if (shopperId === null) throw new UsageError('Name the shopper: export-shopper <shop id> or --id=<account id>');
    if (!Number.isInteger(shopperId) || shopperId < 1) throw new UsageError('--id takes an account id (1, 2, ...).');
    if (values.out?.toLowerCase().endsWith('.zip')) {
      // The very download the shopper gets from the account area: streamed to the file.
      const { stream } = await services.exports.zip(shopperId, { signal: new AbortController().signal });
      await pipeline(stream, createWriteStream(values.out));
      print(`Wrote ${values.out}.`);
      return 0;
    }
    const { shopperDataOf } = await import('./modules/integration/service.js');
    const data = await shopperDataOf(
      { repository: services.repositories.integration, accounts: services.accounts, exports: services.exports },
      shopperId,
    );
    const json = `${JSON.stringify(data, null, 2)}\n`;
    if (values.out) {
      writeFileSync(values.out, json);
      print(`Wrote ${values.out}.`);
    } else process.stdout.write(json);
    return 0;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known =
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DatabaseOpenError ||
      error instanceof MigrationError ||
      error instanceof BackupError;
    const notFound = (error as { status?: number }).status === 404;
    process.stderr.write(
      known || notFound ? `account-area: ${(error as Error).message}\n` : `account-area failed: ${String(error)}\n`,
    );
    if (error instanceof UsageError) process.stderr.write('Run account-area --help for the commands.\n');
    process.exitCode = 1;
  },
);
