import { z } from 'zod';

/** A positive integer id in a path or query; anything else is a 400, never a 500. */
export const PositiveId = z.coerce
  .number({ error: 'ac_FieldInvalidMessage' })
  .int('ac_FieldInvalidMessage')
  .positive('ac_FieldInvalidMessage')
  .max(2_147_483_647, 'ac_FieldInvalidMessage');

export const idParams = <K extends string>(name: K) => z.object({ [name]: PositiveId } as Record<K, typeof PositiveId>);

/** The body of calls that take none: anything else is ignored, nothing is required. */
export const EmptyBody = z.object({}).optional();
