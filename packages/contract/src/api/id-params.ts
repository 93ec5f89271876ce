import { z } from 'zod';

const INVALID = 'ac_FieldInvalidMessage';

/**
 * A positive integer id in a path, query or body: a number, or plain decimal digits (as paths and
 * query strings carry them). Anything else ('0x10', '1e3', true) is a 400, never a 500.
 */
export const PositiveId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, INVALID)], { error: INVALID })
  .transform(Number)
  .pipe(z.number().int(INVALID).positive(INVALID).max(2_147_483_647, INVALID));

export const idParams = <K extends string>(name: K) => z.object({ [name]: PositiveId } as Record<K, typeof PositiveId>);

/**
 * The body of calls that take none: anything else is ignored, nothing is required. A request sent
 * without a body reaches validation as null (Fastify's value for "no body"), so null is accepted
 * too: spec §7's "empty body" (POST /voucher/claim/{code}) means exactly that.
 */
export const EmptyBody = z.object({}).nullish();
