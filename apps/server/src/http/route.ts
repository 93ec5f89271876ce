/**
 * Registers one call of the contract by name: the path, sign-in and feature come from the
 * contract's endpoint table and the schemas from its call schemas; the handler only maps the
 * typed input to a service call.
 */
import {
  API_BASE,
  type BodyOf,
  callSchemas,
  ENDPOINT_SUMMARIES,
  type EndpointName,
  ERROR_CODES,
  endpoints,
  type Feature,
  hasFeature,
  IDEMPOTENCY_KEY_HEADER,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@account/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, unauthenticated } from '../errors.js';
import type { IdempotencyService } from '../modules/idempotency/service.js';
import type { Limit } from './rate-limit.js';

export interface RouteContext<N extends EndpointName> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: ParamsOf<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
  /** The signed-in shopper (endpoints with auth: true), else possibly null. */
  shopperId: (typeof endpoints)[N]['auth'] extends true ? number : number | null;
}

export type Handler<N extends EndpointName> = (
  context: RouteContext<N>,
) => Promise<ResponseOf<N> extends undefined ? undefined | FastifyReply : ResponseOf<N>>;

export interface RouteDeps {
  /** Whether a feature is enabled in the site configuration right now. */
  featureEnabled(feature: Feature): Promise<boolean>;
  /** Answers a repeated create call (same shopper, call and Idempotency-Key) with its first answer. */
  idempotency: IdempotencyService;
  /** The step-up rule (modules/sessions/step-up.ts) of the calls marked `stepUp` in the table. */
  stepUp: { require(signedInAt: () => Promise<Date | null>): Promise<void> };
}

export function registerEndpoint<N extends EndpointName>(
  app: FastifyInstance,
  deps: RouteDeps,
  name: N,
  handler: Handler<N>,
  extra: Partial<Pick<RouteOptions, 'config' | 'bodyLimit'>> & { limit?: Limit } = {},
): void {
  const { limit, ...routeOptions } = extra;
  const endpoint = endpoints[name];
  const schemas = callSchemas[name];
  const schema: Record<string, unknown> = { summary: ENDPOINT_SUMMARIES[name], operationId: name };
  if ('params' in schemas) schema.params = schemas.params;
  if ('query' in schemas) schema.querystring = schemas.query;
  if ('body' in schemas) schema.body = schemas.body;
  if (schemas.response) schema.response = { 200: schemas.response };
  const feature = 'feature' in endpoint ? endpoint.feature : undefined;
  const takesIdempotencyKey = 'idempotencyKey' in endpoint;
  const needsStepUp = 'stepUp' in endpoint;

  app.route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    schema,
    ...routeOptions,
    // Sign-in is checked before the input is validated: signed out, every call of this kind is a
    // 401 whatever it is sent (DESIGN §7), so a visitor learns nothing of its input rules.
    preValidation: async (request) => {
      if (endpoint.auth && (await request.shopperId()) === null) throw unauthenticated();
    },
    preHandler: async (request, reply) => {
      if (limit) await limit(request, reply);
      if (feature && !(await deps.featureEnabled(feature))) {
        throw new AppError(404, ERROR_CODES.featureDisabled, `${feature} is not enabled`);
      }
      if (needsStepUp) await deps.stepUp.require(() => request.signedInAt());
    },
    handler: async (request, reply) => {
      const context = {
        request,
        reply,
        params: request.params,
        query: request.query,
        body: request.body,
        shopperId: await request.shopperId(),
      } as RouteContext<N>;
      const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const { shopperId, params, query, body } = context;
      const result =
        takesIdempotencyKey && typeof key === 'string' && shopperId !== null
          ? await deps.idempotency.once({ shopperId, callName: name, key }, { params, query, body }, () =>
              handler(context),
            )
          : await handler(context);
      if (reply.sent) return reply;
      if (schemas.response === null && !('produces' in endpoint)) return reply.code(204).send();
      return result;
    },
  });
}

/** Feature checks against the enabled list of the site configuration. */
export const featureCheck = (enabled: () => Promise<readonly string[]>) => async (feature: Feature) =>
  hasFeature(await enabled(), feature);
