/**
 * What the shop's integration API writes of interests, newsletters and a shopper's choices of
 * them, inside the caller's transaction: the preferences module's API for the integration module.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { preferenceRecordRepository } from './repository.js';

export const preferenceShopRecords = (db: Kysely<Database>) => preferenceRecordRepository(db);
