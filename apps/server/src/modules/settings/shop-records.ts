/**
 * What the shop's integration API writes of its pages, texts and lists, inside the caller's
 * transaction: the settings module's API for the integration module. Every change here is one the
 * settings cache must be told of (SettingsService.invalidate).
 */
import type { SettingsRecordRepository } from './repository.js';

export type { ShopCustomPage } from './repository.js';

export const settingsShopRecords = (repository: SettingsRecordRepository) => repository;
