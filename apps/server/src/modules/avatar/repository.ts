/** Avatars live in the database, so every server instance can serve every avatar. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { recordEvent } from '../webhooks/outbox.js';
import type { AvatarImage } from './image.js';

export interface StoredAvatar {
  content: Buffer;
  contentType: string;
  sha256: string;
}

export function avatarRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores the shopper's new avatar, removes the older ones and points the account's imageUrl
     * at the new one, all in one transaction. The shopper row is written first: on PostgreSQL its
     * row lock makes two uploads of the same shopper (two tabs, two server instances) take turns,
     * so exactly one avatar survives; SQLite has one writer at a time anyway.
     * Returns null when the shopper does not exist.
     */
    replace(
      shopperId: number,
      image: AvatarImage,
      now: string,
      urlOf: (avatarId: number, image: AvatarImage) => string,
    ): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('shoppers')
          .set({ updatedAt: now })
          .where('id', '=', shopperId)
          .executeTakeFirst();
        if (Number(locked.numUpdatedRows) !== 1) return null;
        const { id } = await trx
          .insertInto('avatars')
          .values({
            shopperId,
            content: image.content,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            sha256: image.sha256,
            createdAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('avatars').where('shopperId', '=', shopperId).where('id', '<>', id).execute();
        const imageUrl = urlOf(id, image);
        await trx.updateTable('shoppers').set({ imageUrl }).where('id', '=', shopperId).execute();
        await recordEvent(trx, { shopperId, type: 'avatar.updated', data: { imageUrl } });
        return imageUrl;
      });
    },

    find(avatarId: number): Promise<StoredAvatar | undefined> {
      return db
        .selectFrom('avatars')
        .select(['content', 'contentType', 'sha256'])
        .where('id', '=', avatarId)
        .executeTakeFirst();
    },
  };
}

export type AvatarRepository = ReturnType<typeof avatarRepository>;
