/**
 * Issue 22, "Fail well": SQLite's storage fails under the running server — the disk fills up, the
 * file system turns read-only, the database file is deleted. Writes answer 503 with the one error
 * body (`storage_full` for a full disk), never 500; readiness answers 503; the log names SQLite's
 * error once per episode, not once per request, and never hides it behind 'cannot rollback - no
 * transaction is active'; reads go on; and the server recovers by itself where it can (space
 * freed), with every acknowledged write stored and `integrity_check` clean.
 *
 * The real thing where the machine allows it (root): a small tmpfs filled up, an ext4 image that
 * the kernel remounts read-only after an error. Elsewhere (no root, no loop devices): SQLite's own
 * limits stand in — PRAGMA max_page_count for the full disk, PRAGMA query_only for the read-only
 * file system. The test names say which ran.
 *
 * SQLite only: a PostgreSQL that runs out of disk (SQLSTATE 53100) answers storage_full too.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Address } from '@account/contract';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PRIVATE_ADDRESS } from './fixtures/addresses.js';
import { HttpBrowser } from './support/http-browser.js';
import { canMount, mountTmpfs, run } from './support/mounts.js';
import { signIn } from './support/sign-in.js';
import { api, databaseKind, freePort, startServer } from './support/test-app.js';

/** Mounts a fresh ext4 image that turns read-only on the first error; answers its device name. */
function mountExt4(image: string, mountPoint: string): string {
  run('truncate', ['-s', '32M', image]);
  run('mkfs.ext4', ['-q', '-F', image]);
  run('mount', ['-o', 'loop,errors=remount-ro', image, mountPoint]);
  return path.basename(run('findmnt', ['-n', '-o', 'SOURCE', mountPoint]).trim());
}

/** Whether an ext4 image can be made, loop-mounted and made to fail here (root, mkfs.ext4, loop devices). */
function canFailExt4(): boolean {
  if (!canMount() || !existsSync('/dev/loop-control')) return false;
  const root = mkdtempSync(path.join(tmpdir(), 'account-ext4-check-'));
  const image = `${root}.img`;
  let mounted = false;
  try {
    const device = mountExt4(image, root);
    mounted = true;
    return existsSync(`/sys/fs/ext4/${device}/trigger_fs_error`);
  } catch {
    return false;
  } finally {
    if (mounted) run('umount', [root]);
    rmSync(root, { recursive: true, force: true });
    rmSync(image, { force: true });
  }
}

const TMPFS = databaseKind === 'sqlite' && canMount();
const EXT4 = databaseKind === 'sqlite' && canFailExt4();

interface Server {
  app: FastifyInstance;
  sqlite: SQLite.Database;
  baseUrl: string;
  logs: string[];
  /** Log lines at error level or above. */
  errors(): string[];
  close(): Promise<void>;
}

/** A real server on the SQLite file in `dataDir`, with its log lines kept. */
async function serverOn(dataDir: string): Promise<Server> {
  const port = await freePort();
  const logs: string[] = [];
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
  });
  // No web app is served here.
  const webDist = mkdtempSync(path.join(tmpdir(), 'account-web-'));
  const app = await buildApp(config, { logger: { stream: { write: (line: string) => logs.push(line) } }, webDist });
  await app.listen({ port, host: '127.0.0.1' });
  const { raw } = app.db;
  if (raw.kind !== 'sqlite') throw new Error('not SQLite');
  return {
    app,
    sqlite: raw.sqlite,
    baseUrl: `http://127.0.0.1:${port}`,
    logs,
    errors: () => logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50),
    close: async () => {
      await app.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/** A signed-in shopper who adds addresses; every acknowledged one is remembered. */
async function shopper(server: Server) {
  const browser = new HttpBrowser(server.baseUrl);
  await signIn(browser, 'demo-emma');
  const acknowledged: string[] = [];
  let n = 0;
  return {
    browser,
    acknowledged,
    async addAddress() {
      const street = `Storage street ${n++}`;
      const response = await browser.request({
        method: 'POST',
        url: api('/address'),
        body: { ...PRIVATE_ADDRESS, Address: street },
      });
      if (response.statusCode === 200) {
        Address.parse(response.json());
        acknowledged.push(street);
      }
      return response;
    },
    read: () => browser.request(api('/shopuser/me')),
    ready: () => browser.request('/account/api/ready'),
  };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

/** Adds addresses until one is refused (the storage filled up); that answer. */
async function writeUntilRefused(customer: Shopper) {
  for (let i = 0; i < 200; i++) {
    const response = await customer.addAddress();
    if (response.statusCode !== 200) return response;
  }
  throw new Error('200 writes went through: the storage never filled up');
}

/** A write while the disk is full: refused with 503 storage_full, or stored when it fit. */
function refusedOrStored(response: Awaited<ReturnType<HttpBrowser['request']>>) {
  expect([503, 200]).toContain(response.statusCode);
  if (response.statusCode === 503) expect(response.json()).toMatchObject({ code: 'storage_full' });
}

/** The storage broken under the server: writes refused (503 service_unavailable), and readiness 503; its answer. */
async function expectWritesUnavailable(customer: Shopper) {
  for (let i = 0; i < 5; i++) {
    const response = await customer.addAddress();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
  }
  const ready = await customer.ready();
  expect(ready.statusCode).toBe(503);
  return ready;
}

/** Asks readiness until it answers `status` (it recovers by itself); a state, not a time, is awaited. */
async function readyBecomes(customer: Shopper, status: number) {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const response = await customer.ready();
    if (response.statusCode === status || performance.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opened anew after the server: every acknowledged address stored, and the file whole. */
function checkFile(file: string, acknowledged: readonly string[]) {
  const db = new SQLite(file, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(
      db.prepare('select street from addresses where street like ?').pluck().all('Storage street %') as string[],
    );
    const lost = acknowledged.filter((street) => !stored.has(street));
    expect(lost, 'acknowledged writes lost').toEqual([]);
  } finally {
    db.close();
  }
}

const lines = (logs: readonly string[], text: string) => logs.filter((line) => line.includes(text));

/** A full disk: a small tmpfs filled up by another file, or SQLite's page limit reached. */
async function fullDisk() {
  const root = mkdtempSync(path.join(tmpdir(), 'account-full-'));
  // Room for the demo shop; the filler takes the rest.
  if (TMPFS) mountTmpfs(root, '16m');
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  const server = await serverOn(dataDir);
  const filler = path.join(root, 'filler');
  return {
    server,
    fill() {
      if (!TMPFS) {
        server.sqlite.pragma(`max_page_count = ${server.sqlite.pragma('page_count', { simple: true })}`);
        return;
      }
      try {
        writeFileSync(filler, Buffer.alloc(32 * 1024 * 1024));
      } catch (error) {
        // Written up to the last free byte: the disk is full.
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    },
    free() {
      if (TMPFS) rmSync(filler, { force: true });
      else server.sqlite.pragma('max_page_count = 4294967294');
    },
    async dispose() {
      await server.close();
      if (TMPFS) run('umount', [root]);
      rmSync(root, { recursive: true, force: true });
    },
    file: path.join(dataDir, 'account.db'),
  };
}

if (databaseKind === 'sqlite') {
  describe(`issue 22: SQLite's disk is full (${TMPFS ? 'a 16 MB tmpfs filled up' : 'PRAGMA max_page_count reached'})`, () => {
    it('writes answer 503 storage_full, readiness 503, SQLITE_FULL logged once, reads go on; space freed: back by itself, no acknowledged write lost, integrity_check ok', async () => {
      const disk = await fullDisk();
      try {
        const customer = await shopper(disk.server);
        for (let i = 0; i < 3; i++) expect((await customer.addAddress()).statusCode).toBe(200);

        disk.fill();
        const refused = await writeUntilRefused(customer);
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toMatchObject({ status: 503, code: 'storage_full' });
        // More writes of several kinds during the episode: each refused (503 storage_full) or, when
        // it fits, stored (200, and checked to be kept below). The checkpoint thread copies the WAL
        // into the database file when the file has room, and the WAL is then written from its start
        // again, without growing: some writes fit.
        for (let i = 0; i < 5; i++) {
          refusedOrStored(await customer.addAddress());
          refusedOrStored(
            await customer.browser.request({
              method: 'PATCH',
              url: api('/setting/interests'),
              body: { InterestIds: [] },
            }),
          );
        }
        const ready = await customer.ready();
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'unavailable', storage: 'SQLITE_FULL' });
        expect((await customer.browser.request('/account/api/live')).statusCode).toBe(200);
        for (let i = 0; i < 3; i++) expect((await customer.read()).statusCode).toBe(200);

        const errors = disk.server.errors();
        expect(lines(errors, 'SQLITE_FULL'), errors.join('\n')).toHaveLength(1);
        expect(lines(disk.server.logs, 'cannot rollback')).toEqual([]);
        expect(lines(errors, 'unhandled error')).toEqual([]);

        disk.free();
        expect((await readyBecomes(customer, 200)).statusCode).toBe(200);
        for (let i = 0; i < 3; i++) expect((await customer.addAddress()).statusCode).toBe(200);
        expect(lines(disk.server.logs, 'SQLite stores writes again')).toHaveLength(1);
        expect(lines(disk.server.errors(), 'SQLITE_FULL')).toHaveLength(1);
        await disk.server.close();
        checkFile(disk.file, customer.acknowledged);
      } finally {
        await disk.dispose();
      }
    });
  });

  describe(`issue 22: SQLite's file system turns read-only (${EXT4 ? 'an ext4 image remounted read-only by the kernel after an error' : 'PRAGMA query_only'})`, () => {
    it('writes answer 503 service_unavailable, readiness 503, the error logged once, reads go on', async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'account-readonly-'));
      const image = `${root}.img`;
      const mountPoint = path.join(root, 'mnt');
      mkdirSync(mountPoint);
      const device = EXT4 ? mountExt4(image, mountPoint) : null;
      const dataDir = path.join(mountPoint, 'data');
      let server: Server | null = null;
      try {
        server = await serverOn(dataDir);
        const customer = await shopper(server);
        expect((await customer.addAddress()).statusCode).toBe(200);

        if (device) {
          writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, '1');
        } else {
          server.sqlite.pragma('query_only = ON');
        }
        const ready = await expectWritesUnavailable(customer);
        const code = (ready.json() as { storage: string }).storage;
        expect(code).toMatch(EXT4 ? /^SQLITE_IOERR/ : /^SQLITE_READONLY/);
        for (let i = 0; i < 3; i++) expect((await customer.read()).statusCode).toBe(200);
        const errors = server.errors();
        expect(lines(errors, code), errors.join('\n')).toHaveLength(1);
        expect(lines(server.logs, 'cannot rollback')).toEqual([]);
        expect(lines(errors, 'unhandled error')).toEqual([]);

        if (!EXT4) {
          // A file system remounted read-only after an error needs repair and a restart; one that
          // takes writes again is noticed by itself.
          server.sqlite.pragma('query_only = OFF');
          expect((await readyBecomes(customer, 200)).statusCode).toBe(200);
          expect((await customer.addAddress()).statusCode).toBe(200);
        }
      } finally {
        await server?.close();
        if (device) run('umount', [mountPoint]);
        rmSync(root, { recursive: true, force: true });
        rmSync(image, { force: true });
      }
    });
  });

  describe('issue 22: the SQLite database file is deleted under the running server', () => {
    it('writes are refused (503) rather than acknowledged into a file that is gone, readiness 503, logged once; everything is saved into a rescue copy beside it', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'account-deleted-'));
      const server = await serverOn(dataDir);
      try {
        const customer = await shopper(server);
        for (let i = 0; i < 3; i++) expect((await customer.addAddress()).statusCode).toBe(200);
        const file = path.join(dataDir, 'account.db');

        unlinkSync(file);
        const ready = await expectWritesUnavailable(customer);
        expect(ready.json()).toMatchObject({ storage: 'SQLITE_READONLY_DBMOVED' });
        for (let i = 0; i < 3; i++) expect((await customer.read()).statusCode).toBe(200);
        // Still refused later: this episode ends only with a restart.
        expect((await customer.ready()).statusCode).toBe(503);

        const errors = server.errors();
        expect(lines(errors, 'was deleted or replaced'), errors.join('\n')).toHaveLength(1);
        const rescued = readdirSync(dataDir).filter((name) => name.startsWith('account.db.rescued-'));
        expect(rescued).toHaveLength(1);
        expect(lines(errors, `Saved the data of the deleted ${file}`)).toHaveLength(1);
        checkFile(path.join(dataDir, rescued[0] ?? ''), customer.acknowledged);
      } finally {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
} else {
  describe('issue 22: PostgreSQL runs out of disk', () => {
    it('a write that meets SQLSTATE 53100 disk_full answers 503 storage_full; reads go on', async () => {
      const server = await startServer();
      const admin = new pg.Client({ connectionString: server.config.databaseUrl });
      await admin.connect();
      try {
        const browser = new HttpBrowser(server.baseUrl);
        await signIn(browser, 'demo-emma');
        // What PostgreSQL raises when it cannot extend a file, raised for every new address.
        await admin.query(`
          create function disk_full() returns trigger language plpgsql as
            $$ begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$;
          create trigger disk_full before insert on addresses for each row execute function disk_full();`);
        const response = await browser.request({ method: 'POST', url: api('/address'), body: PRIVATE_ADDRESS });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ status: 503, code: 'storage_full' });
        expect((await browser.request(api('/shopuser/me'))).statusCode).toBe(200);
      } finally {
        await admin.end();
        await server.close();
      }
    });
  });
}
