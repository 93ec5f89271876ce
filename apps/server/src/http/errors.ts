/**
 * One error body for every failure: { status, code, message, fields? }. Anything a client can
 * send ends as a 4xx here; a database that cannot serve right now is a 503 (db/unavailable.ts),
 * `storage_full` when its disk is full; only genuine server faults become a 500. Both are logged,
 * except storage that cannot take writes: that is logged once per episode (db/storage.ts).
 */
import { ERROR_CODES, type ErrorBody } from '@account/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable, storageProblem } from '../db/unavailable.js';
import { AppError, notFound } from '../errors.js';

/**
 * The field name as the client sends it (spec §7: capitalised), taken from the last named step of
 * the path so that nested bodies ({Settings: {Email}}) report the form's own field (Email).
 */
export const fieldName = (path: readonly PropertyKey[]): string => {
  const named = path.map(String).filter((part) => !/^\d+$/.test(part));
  const last = named.at(-1);
  return last ? last.charAt(0).toUpperCase() + last.slice(1) : 'Body';
};

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorBody = { status: error.status, code: error.code, message: error.message };
  if (error.fields) body.fields = error.fields;
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors (bad JSON, wrong content type, too large...) keep their 4xx status. */
function fromFastifyError(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  const code =
    status === 413
      ? ERROR_CODES.payloadTooLarge
      : status === 415
        ? ERROR_CODES.unsupportedMediaType
        : status === 429
          ? ERROR_CODES.rateLimited
          : status === 404
            ? ERROR_CODES.notFound
            : ERROR_CODES.validation;
  return new AppError(status, code, error.message);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    const clientError = fromFastifyError(error);
    if (clientError) return sendError(reply, clientError);
    const storage = storageProblem(error);
    if (storage) {
      // SQLite's storage watch logs the episode once; PostgreSQL's disk_full is logged here.
      const { storage: watch } = request.server.db;
      if (watch) {
        watch.failed(error);
        request.log.debug({ err: error }, 'storage cannot take writes');
      } else {
        request.log.error({ err: error }, 'database storage cannot take writes');
      }
      return sendError(
        reply,
        storage.kind === 'full'
          ? new AppError(
              503,
              ERROR_CODES.storageFull,
              'The service cannot store changes right now: its storage is full',
            )
          : new AppError(503, ERROR_CODES.unavailable, 'The service cannot store changes right now'),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, new AppError(503, ERROR_CODES.unavailable, 'The service is temporarily unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError(500, ERROR_CODES.internal, 'Something went wrong on our side'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, notFound(`No ${request.method} ${request.url.split('?')[0]}`)),
  );
}
