/**
 * DESIGN §6 with the session cache (modules/sessions/cache.ts): on PostgreSQL an instance keeps the
 * sessions it resolved in memory, only while it hears PostgreSQL's notice of every session that
 * ends or changes, whoever ends it. Without that proof it reads every session from the database.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME } from './support/security.js';
import { signedIn } from './support/sign-in.js';
import { sessionsChanged, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
/** Another connection to the same database, as the command line or an operator's SQL would have. */
let operator: pg.Client;

const untilLive = (live: boolean) =>
  vi.waitFor(() => expect(server.app.endedSessions?.live).toBe(live), { timeout: 12_000, interval: 50 });

beforeAll(async () => {
  server = await startServer();
  operator = new pg.Client({ connectionString: server.config.databaseUrl });
  await operator.connect();
});
afterAll(async () => {
  await operator?.end();
  await server?.close();
});
beforeEach(() => untilLive(true));

/** A browser signed in whose session the server now keeps in memory. */
async function keptSession(subject: string) {
  const browser = await signedIn(server, subject);
  expect((await browser.request(ME)).statusCode).toBe(200);
  expect((await browser.request(ME)).statusCode).toBe(200);
  return browser;
}

describe('DESIGN §6 a kept session ends with its row, whoever removes it (PostgreSQL notices)', () => {
  it('a session deleted by SQL on another connection is a 401 once the server heard the notice', async () => {
    const browser = await keptSession('demo-emma');
    const other = await keptSession('demo-emma');
    const [ended] = (
      await operator.query<{ id: string }>(
        `delete from sessions where id = (select id from sessions order by created_at desc limit 1 offset 1)
         returning id`,
      )
    ).rows;
    expect(ended).toBeDefined();
    await sessionsChanged(server.app);
    const statuses = [(await browser.request(ME)).statusCode, (await other.request(ME)).statusCode];
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('deleting the shopper ends their kept sessions (a cascade), and TRUNCATE ends every kept session', async () => {
    const lukas = await keptSession('demo-lukas');
    const sofia = await keptSession('demo-sofia');
    await operator.query(
      `delete from shoppers where id = (select shopper_id from sessions order by created_at desc limit 1 offset 1)`,
    );
    await sessionsChanged(server.app);
    expect((await lukas.request(ME)).statusCode).toBe(401);
    expect((await sofia.request(ME)).statusCode).toBe(200);

    await operator.query('truncate sessions');
    await sessionsChanged(server.app);
    expect((await sofia.request(ME)).statusCode).toBe(401);
  });

  it('a changed session is read again: one moved past its absolute expiry is a 401', async () => {
    const browser = await keptSession('demo-noah');
    await operator.query(
      `update sessions set expires_at = $1 where id = (select id from sessions order by created_at desc limit 1)`,
      [new Date(Date.now() - 1000).toISOString()],
    );
    await sessionsChanged(server.app);
    expect((await browser.request(ME)).statusCode).toBe(401);
  });
});

describe('DESIGN §6 no kept session without proof that ends are heard', () => {
  /** Ends the server's listening connection from PostgreSQL's side, as a restart or a network cut would. */
  const cutListener = () =>
    operator.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'listen account_sessions_ended'`,
    );

  const listening = async () =>
    (
      await operator.query(
        `select 1 from pg_stat_activity where datname = current_database() and query = 'listen account_sessions_ended'`,
      )
    ).rowCount === 1;

  it('a lost listening connection turns the cache off: an end nobody announced is a 401 at once', async () => {
    const browser = await keptSession('demo-emma');
    await cutListener();
    await untilLive(false);
    await operator.query('delete from sessions');
    expect((await browser.request(ME)).statusCode).toBe(401);
    // It listens again and, once a probe came back, keeps sessions again.
    await untilLive(true);
  });

  it('without the database’s trigger (its migration not run) the probe never comes back and the cache stays off', async () => {
    await operator.query('drop trigger sessions_deleted on sessions');
    try {
      await cutListener();
      await untilLive(false);
      // It listens again, but its probe is sent only where the trigger is: none comes back.
      await vi.waitFor(async () => expect(await listening()).toBe(true), { timeout: 5000, interval: 50 });
      expect(await server.app.endedSessions?.settled()).toBe(false);
      expect(server.app.endedSessions?.live).toBe(false);
      const browser = await signedIn(server, 'demo-sofia');
      expect((await browser.request(ME)).statusCode).toBe(200);
      await operator.query('delete from sessions');
      expect((await browser.request(ME)).statusCode).toBe(401);
    } finally {
      await sql
        .raw(
          `create trigger sessions_deleted after delete on sessions referencing old table as ended
            for each statement execute function sessions_ended()`,
        )
        .execute(server.app.db.kysely);
    }
  });
});
