/**
 * The one error type services and the HTTP layer share: a status, a contract error code, a message
 * and, for form errors, the fields at fault. http/errors.ts turns it into the response body.
 */
import { ERROR_CODES } from '@account/contract';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, ERROR_CODES.notFound, what);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const unauthenticated = () => new AppError(401, ERROR_CODES.unauthenticated, 'Sign in first');
export const fieldErrors = (fields: Record<string, string>, message = 'Some fields are not valid') =>
  new AppError(400, ERROR_CODES.validation, message, fields);
