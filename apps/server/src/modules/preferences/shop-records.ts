/**
 * What the shop's integration API writes of interests, newsletters and a shopper's choices of
 * them, inside the caller's transaction: the preferences module's API for the integration module.
 */
import type { PreferenceRecordRepository } from './repository.js';

export const preferenceShopRecords = (repository: PreferenceRecordRepository) => repository;
