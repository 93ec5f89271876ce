/**
 * The command line (issue 8), run as its own process on SQLite and PostgreSQL: migrate, seed,
 * API keys, webhooks, an NDJSON import with a summary and refusals by line, and an export. It runs
 * as operators run it (`npm run cli`): the built apps/server/dist/cli.js, brought up to date before
 * any test (built-server-global-setup.ts); through tsx each run took a second more of CPU.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShopperData } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PRIVATE_ADDRESS } from './fixtures/addresses.js';
import { TestBrowser } from './support/browser.js';
import { migratedByNewerRelease } from './support/newer-release.js';
import { signIn } from './support/sign-in.js';
import { api, databaseIndependent, databaseKind, freePort, freshDatabase } from './support/test-app.js';

const root = path.resolve(import.meta.dirname, '../../..');
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.drop();
});

type CliResult = { code: number; stdout: string; stderr: string };
const cli = (...args: string[]) => cliOn(database.env, ...args);

function cliOn(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/dist/cli.js', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe(`issue 8: the command line (${databaseKind})`, () => {
  it('migrates, seeds the demo shop once, and explains itself', async () => {
    expect((await cli('migrate')).stdout).toMatch(/Applied .*initial-schema/);
    expect((await cli('migrate')).stdout).toContain('up to date');
    expect((await cli('seed-demo')).stdout).toContain('Seeded the demo shop');
    expect((await cli('seed-demo')).stdout).toContain('left it alone');
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('import <file.ndjson>');
    const wrong = await cli('launch');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Unknown command 'launch'");
  }, 60_000);

  it('on a database a newer release migrated, runs when its steps are additive and says so, else refuses naming them', async () => {
    const additive = await migratedByNewerRelease('2099-01-01-001-an-additive-step', true);
    const contract = await migratedByNewerRelease('2099-01-01-001-a-contract-step', false);
    try {
      const ran = await cliOn(additive.env, 'migrate');
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toContain('its migrations 2099-01-01-001-an-additive-step are additive');
      const refused = await cliOn(contract.env, 'migrate');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/migrated by a newer release .*\(2099-01-01-001-a-contract-step\)/);
    } finally {
      await Promise.all([additive.drop(), contract.drop()]);
    }
  }, 60_000);

  it('creates, lists and revokes API keys; the key is printed once and never listed', async () => {
    const created = await cli('api-keys', 'create', 'Shop', 'sync');
    expect(created.code).toBe(0);
    const key = created.stdout.trim().split('\n').at(-1) ?? '';
    expect(key).toMatch(/^acc_[\w-]{40,}$/);
    const listed = await cli('api-keys', 'list');
    expect(listed.stdout).toContain('Shop sync');
    expect(listed.stdout).not.toContain(key);
    expect((await cli('api-keys', 'revoke', key.slice(0, 10))).code).toBe(0);
    const again = await cli('api-keys', 'revoke', key.slice(0, 10));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No live key');
  }, 60_000);

  it.runIf(databaseIndependent)(
    'adds and lists webhook endpoints, refusing what is not a URL',
    async () => {
      const added = await cli('webhooks', 'add', 'https://shop.example/hooks', '--description=shop');
      expect(added.stdout).toMatch(/whsec_/);
      expect((await cli('webhooks', 'list')).stdout).toContain('https://shop.example/hooks');
      expect((await cli('webhooks', 'add', 'ftp://shop.example')).code).toBe(1);
      expect((await cli('webhooks', 'deliveries', '--state=lost')).code).toBe(1);
    },
    60_000,
  );

  it('imports NDJSON: applies the good records, refuses the others by line, then exports a shopper', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'account-import-'));
    const file = path.join(dir, 'records.ndjson');
    const lines = [
      {
        kind: 'shopper',
        key: { id: 'cust-1' },
        data: { email: 'cust1@example.com', firstName: 'Jo', lastName: 'Kuiper' },
      },
      ...Array.from({ length: 30 }, (_, i) => ({
        kind: 'product',
        key: { id: `sku-${i}` },
        data: { name: `Product ${i}`, price: { amount: 10 + i, currency: 'EUR' } },
      })),
      { kind: 'wishlistItem', key: { shopper: 'cust-1', product: 'sku-3' }, data: {} },
      { kind: 'product', key: { id: 'sku-bad' }, data: { name: 'No price' } },
      { kind: 'gizmo', key: { id: 'g-1' }, data: {} },
    ];
    const text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{not json\n\n`;
    writeFileSync(file, text);
    const imported = await cli('import', file, '--batch=7');
    expect(imported.code, imported.stderr).toBe(2);
    expect(imported.stdout).toContain('35 records: 32 created, 0 updated, 0 deleted, 0 already absent, 3 refused');
    expect(imported.stdout).toContain('line 33 (product): data.price');
    expect(imported.stdout).toContain("line 34 (gizmo): kind: unknown kind 'gizmo'; the kinds are shopper, product");
    expect(imported.stdout).toContain('line 35: not a JSON object');

    const again = await cli('import', file);
    expect(again.stdout).toContain('35 records: 0 created, 32 updated');

    const out = path.join(dir, 'cust-1.json');
    expect((await cli('export-shopper', 'cust-1', `--out=${out}`)).code).toBe(0);
    const data = ShopperData.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(data.account).toMatchObject({ firstName: 'Jo', email: 'cust1@example.com' });
    expect(data.account.wishProducts.map((p) => p.name)).toEqual(['Product 3']);
    const missing = await cli('export-shopper', 'nobody');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No shopper has this id');
    expect((await cli('import', path.join(dir, 'absent.ndjson'))).code).toBe(1);
  }, 60_000);
});

describe(`operate: backup and restore (${databaseKind})`, () => {
  it.runIf(databaseKind === 'sqlite')(
    'backs up while the server writes; the restored database serves every write acknowledged before the backup',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'account-backup-'));
      const backup = path.join(mkdtempSync(path.join(tmpdir(), 'account-backup-file-')), 'account-backup.db');
      // Listening: the sign-in's token exchange with the demo identity provider travels over HTTP.
      const listening = async () => {
        const port = await freePort();
        const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent', PORT: String(port) });
        const app = await buildApp(config, { logger: false });
        await app.listen({ port, host: '127.0.0.1' });
        return app;
      };
      const first = await listening();
      const browser = new TestBrowser(first);
      await signIn(browser, 'demo-emma');
      const acknowledged: number[] = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const response = await browser.request({ method: 'POST', url: api('/address'), body: PRIVATE_ADDRESS });
          if (response.statusCode === 200) acknowledged.push((response.json() as { addressId: number }).addressId);
        }
      })();
      await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
      const beforeBackup = [...acknowledged];
      const backedUp = await cliOn({ DATA_DIR: dataDir }, 'backup', backup);
      const duringBackup = acknowledged.length - beforeBackup.length;
      writing = false;
      await writer;
      expect(backedUp.stderr).toBe('');
      expect(backedUp.stdout).toMatch(/Backed up .* \(.* bytes, checked\)/);
      // A backup taken under load: the server went on acknowledging writes meanwhile.
      expect(duringBackup).toBeGreaterThan(0);
      await first.close();

      const restored = await cliOn({ DATA_DIR: dataDir }, 'restore', backup);
      expect(restored.stdout).toContain('The database it replaced is kept as');
      // On a port of its own: the first's may have been taken by another test meanwhile.
      const second = await listening();
      try {
        const again = new TestBrowser(second);
        await signIn(again, 'demo-emma');
        const account = (await again.request({ method: 'GET', url: api('/shopuser/me') })).json() as {
          addresses: { addressId: number }[];
        };
        const ids = new Set(account.addresses.map((a) => a.addressId));
        expect(beforeBackup.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        await second.close();
      }
    },
    30_000,
  );

  it.runIf(databaseKind === 'sqlite')(
    'refuses to restore over a database in use, and a file that is not a backup',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'account-restore-'));
      const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent' });
      const app = await buildApp(config, { logger: false });
      const backup = path.join(dataDir, 'copy.db');
      try {
        expect((await cliOn({ DATA_DIR: dataDir }, 'backup', backup)).code).toBe(0);
        const inUse = await cliOn({ DATA_DIR: dataDir }, 'restore', backup);
        expect(inUse.code).toBe(1);
        expect(inUse.stderr).toContain('Stop the server first');
      } finally {
        await app.close();
      }
      const notABackup = path.join(dataDir, 'notes.txt');
      writeFileSync(notABackup, 'not a database');
      const refused = await cliOn({ DATA_DIR: dataDir }, 'restore', notABackup);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/cannot be (opened|read) as a SQLite database|not a database/);
      expect((await cliOn({ DATA_DIR: dataDir }, 'backup', backup)).stderr).toContain('exists already');
    },
  );

  it.runIf(databaseKind === 'postgres')('on PostgreSQL points to pg_dump and pg_restore', async () => {
    const result = await cli('backup', path.join(tmpdir(), 'never-written.db'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pg_dump');
  });
});
