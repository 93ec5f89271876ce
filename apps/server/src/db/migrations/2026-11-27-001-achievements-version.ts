/**
 * A version of the shop's achievements that the database itself moves on every change to them
 * (issue 23). Every shopper's account shows the whole catalogue, which was most of what the
 * account's statement built; an instance now keeps the catalogue in memory and reads it again only
 * when the version its account statement reads has moved, whoever made the change: another
 * instance, the command line, an operator's SQL. Expand only: an older release's writes move it too.
 */
import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_versions').values({ name: 'achievements', version: 1 }).execute();
  const bump = `update catalogue_versions set version = version + 1 where name = 'achievements'`;
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function achievements_changed() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
      )
      .execute(db);
    // Deferred to the commit, after every other lock the transaction takes: moved at once, the
    // version's row would be held while the transaction goes on, and two that change achievements
    // and then a row the other holds would deadlock. A constraint trigger is per row only.
    await sql
      .raw(
        'create constraint trigger achievements_changed after insert or update or delete on achievements deferrable initially deferred for each row execute function achievements_changed()',
      )
      .execute(db);
    await sql
      .raw(
        'create trigger achievements_truncated after truncate on achievements for each statement execute function achievements_changed()',
      )
      .execute(db);
    return;
  }
  // SQLite has row triggers only.
  for (const event of ['insert', 'update', 'delete'])
    await sql.raw(`create trigger achievements_${event} after ${event} on achievements begin ${bump}; end`).execute(db);
}
