/**
 * API keys of the integration API. A key is shown once, when it is made; the database keeps only
 * its SHA-256 hash (a key is 256 random bits, so a fast hash is enough) and a short prefix to tell
 * keys apart in lists.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyInfo, IntegrationRepository } from './repository.js';

const KEY_PREFIX = 'acc_';
/** How often a key's last use is written: once per key per this many milliseconds. */
const LAST_USED_RESOLUTION_MS = 60_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function apiKeyStore(repository: IntegrationRepository) {
  const lastWritten = new Map<number, number>();

  return {
    /** Makes a key; the returned key is the only copy there will ever be. */
    async create(name: string, now = new Date().toISOString()): Promise<ApiKeyInfo & { key: string }> {
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const prefix = key.slice(0, KEY_PREFIX.length + 6);
      const id = await repository.insertApiKey({
        name,
        prefix,
        keyHash: hashKey(key),
        createdAt: now,
        lastUsedAt: null,
        revokedAt: null,
      });
      return { id, name, prefix, createdAt: now, lastUsedAt: null, revokedAt: null, key };
    },

    list: (): Promise<ApiKeyInfo[]> => repository.apiKeys(),

    /** Revokes the key with this id or prefix; answers whether a live key was revoked. */
    async revoke(idOrPrefix: string, now = new Date().toISOString()): Promise<boolean> {
      return repository.revokeApiKey(
        /^\d+$/.test(idOrPrefix) ? { id: Number(idOrPrefix) } : { prefix: idOrPrefix },
        now,
      );
    },

    /** The id of the live key, or null for a wrong or revoked one. */
    async verify(key: string): Promise<number | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
      const id = await repository.liveApiKeyId(hashKey(key));
      if (id === undefined) return null;
      const now = Date.now();
      if (now - (lastWritten.get(id) ?? 0) > LAST_USED_RESOLUTION_MS) {
        lastWritten.set(id, now);
        await repository.markApiKeyUsed(id, new Date(now).toISOString());
      }
      return id;
    },
  };
}

export type ApiKeyStore = ReturnType<typeof apiKeyStore>;
