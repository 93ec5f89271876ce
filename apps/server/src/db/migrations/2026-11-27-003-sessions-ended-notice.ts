/**
 * PostgreSQL tells every server instance which sessions ended or changed, whoever did it (logout,
 * another instance, a cascade from a deleted shopper, the command line): instances keep the
 * sessions they resolve in memory and must drop such a one at once (modules/sessions/cache.ts).
 * A notice on the channel carries up to 100 session ids, comma-separated (NOTIFY's payload is
 * limited to 8,000 bytes); '*' says all may have ended (TRUNCATE). SQLite needs none: its
 * instances read sessions from their own file on every request.
 */
import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './schema-kit.js';

/** Frozen here; modules/sessions/ended-notices.ts listens on it. */
const CHANNEL = 'account_sessions_ended';

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `create function sessions_ended() returns trigger language plpgsql as $$ begin
        perform pg_notify('${CHANNEL}', string_agg(id, ',')) from (
          select id, (row_number() over ()) / 100 as notice from ended) numbered
          group by notice;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sessions_deleted after delete on sessions referencing old table as ended
        for each statement execute function sessions_ended()`,
    )
    .execute(db);
  // A changed session is dropped as well: what an instance keeps of it is then out of date.
  await sql
    .raw(
      `create trigger sessions_updated after update on sessions referencing old table as ended
        for each statement execute function sessions_ended()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function sessions_truncated() returns trigger language plpgsql as $$ begin
        perform pg_notify('${CHANNEL}', '*');
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger sessions_truncated after truncate on sessions for each statement execute function sessions_truncated()',
    )
    .execute(db);
}
