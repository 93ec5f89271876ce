/** The one error body of every failed call (DESIGN.md §4). */
import { z } from 'zod';

export { ERROR_CODES, GENERIC_FIELD_ERROR } from './error-codes.js';

export const ErrorBody = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Field name (capitalised, as the client sends it) -> translation key of the problem. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
