/**
 * A custom page's title per language (issue 44): JSON of language code → title, null when the
 * shop gave only its single title.
 */
import type { AnyDb } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('custom_pages').addColumn('titles', 'text').execute();
}
