import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21-001-initial-schema.js';

/** Every migration in order; names sort by date. Never edit a migration that has shipped. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-initial-schema': initialSchema,
};
