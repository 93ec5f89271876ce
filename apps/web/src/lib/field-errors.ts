import { ApiError } from './api';

/** The server's field errors (translation keys by capitalised field name), or {} for other failures. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
