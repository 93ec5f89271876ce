/**
 * Rows the shop keeps in the account area carry the shop's own id (`externalId`): the shop
 * creates or replaces them by that id. Each repository writes its own typed statements; this is
 * the one flow they share.
 */
import type { DeleteResult } from 'kysely';

/** Updates the row found by the shop's id, or inserts one; answers the local id and whether it is new. */
export async function upsertByExternalId(
  existing: number | undefined,
  update: (id: number) => Promise<unknown>,
  insert: () => Promise<number>,
): Promise<{ id: number; created: boolean }> {
  if (existing !== undefined) {
    await update(existing);
    return { id: existing, created: false };
  }
  return { id: await insert(), created: true };
}

export const anyDeleted = (result: DeleteResult): boolean => Number(result.numDeletedRows) > 0;
