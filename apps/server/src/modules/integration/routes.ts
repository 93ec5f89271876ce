/**
 * The shop integration API under /account/api/integration/v1: every call of the contract's
 * integrationCalls, behind Bearer API keys and a rate limit per key. No session and no XSRF token
 * here: the caller is the shop's server, never a browser.
 */
import {
  BATCH_MAX_RECORDS,
  DeliveriesQuery,
  ERROR_CODES,
  INTEGRATION_BASE,
  integrationCalls,
  RECORD_KIND_NAMES,
  type RecordKind,
  SiteSettingsRecord,
} from '@account/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { normalizeKeys } from '../../http/key-casing.js';
import type { Limit } from '../../http/rate-limit.js';
import type { WebhookStore } from '../webhooks/store.js';
import type { ApiKeyStore } from './api-keys.js';
import { type DataOf, RecordError } from './records.js';
import { type IntegrationService, recordProblems } from './service.js';

export interface IntegrationRouteOptions {
  integration: IntegrationService;
  keys: ApiKeyStore;
  webhooks: WebhookStore;
  /** Counts calls per API key. */
  limit: Limit;
}

/** Field errors named by their path in the record, in plain words: the reader is a developer. */
const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  // Fastify types the schema as the route's; it is the part's, one of the contract's zod schemas.
  if (!(schema instanceof z.ZodType)) throw new Error(`Not a zod schema: the ${httpPart} of the integration API`);
  return (data) => {
    const result = schema.safeParse(httpPart === 'body' ? normalizeKeys(schema, data) : data);
    if (result.success) return { value: result.data };
    return {
      error: new AppError(
        400,
        ERROR_CODES.validation,
        `Invalid ${httpPart ?? 'request'}`,
        recordProblems(result.error),
      ),
    };
  };
};

/** A refused record is a validation error of the call, or a 404 when what it belongs to is unknown. */
const refused = (error: RecordError) =>
  error.unknownParent
    ? new AppError(404, ERROR_CODES.notFound, error.message, error.fields)
    : new AppError(400, ERROR_CODES.validation, error.message, error.fields);

const unauthorized = (reply: FastifyReply) => {
  reply.header('www-authenticate', 'Bearer realm="integration"');
  return new AppError(401, ERROR_CODES.unauthenticated, 'A valid API key is needed: Authorization: Bearer <key>');
};

export function registerIntegrationRoutes(app: FastifyInstance, options: IntegrationRouteOptions): void {
  const { integration, keys, webhooks } = options;

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const keyId = match?.[1] ? await keys.verify(match[1]) : null;
    if (keyId === null) throw unauthorized(reply);
    await options.limit(request, reply, `key:${keyId}`);
  };

  type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const handlers: Record<string, Handler> = {
    getShopper: (request) => integration.shopperData((request.params as { id: string }).id),
    getSettings: () => integration.settings(),
    // Parsed again to be typed: the schemas are idempotent, so the value is the validator's.
    patchSettings: (request) => integration.patchSettings(SiteSettingsRecord.parse(request.body)),
    batch: (request) => integration.batch((request.body as { records: unknown[] }).records),
    listDeliveries: (request) =>
      webhooks.deliveries(DeliveriesQuery.parse(request.query)).then((deliveries) => ({ deliveries })),
  };
  for (const kind of RECORD_KIND_NAMES) {
    handlers[`put_${kind}`] = async (request, reply) => {
      // why: the validatorCompiler below parsed the body with this kind's own schema.
      const data = request.body as DataOf<RecordKind>;
      const result = await integration.put(kind, request.params as Record<string, string>, data);
      if (result.outcome === 'created') reply.code(201);
      return result;
    };
    handlers[`delete_${kind}`] = (request) => integration.remove(kind, request.params as Record<string, string>);
  }

  for (const [name, call] of Object.entries(integrationCalls)) {
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for the integration call ${name}`);
    const schema: Record<string, unknown> = { summary: call.summary, operationId: name, tags: ['integration'] };
    if (call.params) schema.params = call.params;
    if (call.query) schema.querystring = call.query;
    if (call.body) schema.body = call.body;
    schema.response = { 200: call.response, ...(call.method === 'PUT' ? { 201: call.response } : {}) };
    app.route({
      method: call.method,
      url: `${INTEGRATION_BASE}${call.path}`,
      schema,
      validatorCompiler,
      // A full batch of large records (orders with many products) needs more than the 1 MB default.
      ...(name === 'batch' ? { bodyLimit: BATCH_MAX_RECORDS * 20_000 } : {}),
      // Before the body is read: a caller without a key costs no parsing.
      onRequest: authenticate,
      async handler(request, reply) {
        try {
          return await handler(request, reply);
        } catch (error) {
          throw error instanceof RecordError ? refused(error) : error;
        }
      },
    });
  }
}
