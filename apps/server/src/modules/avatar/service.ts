/**
 * Avatars (spec §1, §5 Avatar upload, §7 POST /shopUser/uploadImage): the upload is re-encoded
 * (image.ts), stored in the database and served from a content-addressed URL,
 * {API_BASE}/shopUser/avatar/{avatarId}-{first 16 hex of its SHA-256}.{jpg|png}, which never
 * changes meaning and so may be cached for a year by browsers and shared caches.
 */
import { API_BASE, ERROR_CODES } from '@account/contract';
import { AppError, notFound } from '../../errors.js';
import { type AvatarImage, reencodeAvatar, UnsupportedImageError } from './image.js';
import type { AvatarRepository, StoredAvatar } from './repository.js';

export const AVATAR_PATH = `${API_BASE}/shopUser/avatar`;
const HASH_PREFIX_LENGTH = 16;
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };
/** Ids are 32-bit integers in the database. */
const MAX_ID = 2_147_483_647;
const FILE_NAME = /^(\d{1,10})-([0-9a-f]{16})\.(jpg|png)$/;

export const avatarUrl = (avatarId: number, image: Pick<AvatarImage, 'sha256' | 'contentType'>): string =>
  `${AVATAR_PATH}/${avatarId}-${image.sha256.slice(0, HASH_PREFIX_LENGTH)}.${EXTENSION[image.contentType]}`;

/** At most `limit` tasks at once; the others wait their turn (image decoding is memory hungry). */
function gate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export interface AvatarServiceOptions {
  /** How many uploads are decoded at the same time (each may take up to ~100 MB briefly). */
  concurrency?: number;
}

export function avatarService(repository: AvatarRepository, options: AvatarServiceOptions = {}) {
  const decoding = gate(options.concurrency ?? 2);

  return {
    /** Re-encodes and stores the upload as the shopper's only avatar; returns the new imageUrl. */
    async replace(shopperId: number, upload: Buffer): Promise<string> {
      let image: AvatarImage;
      try {
        image = await decoding(() => reencodeAvatar(upload));
      } catch (error) {
        if (!(error instanceof UnsupportedImageError)) throw error;
        throw error.reason === 'type'
          ? new AppError(415, ERROR_CODES.unsupportedMediaType, 'Only JPEG and PNG images are accepted', {
              AttachFile: 'ac_InvalidFileType',
            })
          : new AppError(400, ERROR_CODES.validation, 'The image cannot be read or is too large', {
              AttachFile: 'ac_InvalidFileType',
            });
      }
      const imageUrl = await repository.replace(shopperId, image, new Date().toISOString(), avatarUrl);
      if (imageUrl === null) throw notFound('No such account');
      return imageUrl;
    },

    /** The avatar a file name of avatarUrl() names; null when the id, hash or extension is wrong. */
    async find(fileName: string): Promise<StoredAvatar | null> {
      const [, id, hash, extension] = FILE_NAME.exec(fileName) ?? [];
      if (!id || !hash || Number(id) > MAX_ID) return null;
      const avatar = await repository.find(Number(id));
      if (!avatar?.sha256.startsWith(hash) || EXTENSION[avatar.contentType] !== extension) return null;
      return avatar;
    },
  };
}

export type AvatarService = ReturnType<typeof avatarService>;
