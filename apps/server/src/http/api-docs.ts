/**
 * OpenAPI 3.1 documents of the HTTP APIs, generated at run time from the schemas the routes
 * register: the contract's zod schemas, turned into JSON Schema by fastify-type-provider-zod's
 * transform, so no shape is written twice. Two documents (the account API and the shop
 * integration API, each one path prefix) and swagger-ui to read them, under /account/api/docs.
 */
import {
  API_BASE,
  callSchemas,
  type EndpointDef,
  type EndpointName,
  ErrorBody,
  endpoints,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_SECONDS,
  INTEGRATION_BASE,
} from '@account/contract';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, XSRF_COOKIE } from './sessions.js';

export const API_DOCS_PATH = '/account/api/docs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The integration API's document; `swagger()` is the account API's. */
    integrationSwagger: FastifyInstance['swagger'];
  }
}

// Named once, so every 4xx response refers to one component rather than repeating it.
z.globalRegistry.add(ErrorBody, {
  id: 'ErrorBody',
  description: 'The one error body of every failed call; fields maps a field to the translation key of its problem',
});

const errorResponse = {
  description: 'The request was refused: the body says why (validation_failed with fields, unauthenticated, ...)',
  content: { 'application/json': { schema: ErrorBody } },
};
const noContent = z.undefined().describe('Done; no content');
// For a route that declares no answer (a redirect, an image): says so rather than inventing a 200.
const undescribed = z.undefined().describe('Not described by a schema');
const fileDownload = (mediaType: string) => ({
  description: 'The file; its name is in the Content-Disposition header',
  content: { [mediaType]: { schema: z.file() } },
});

type Security = FastifySchema['security'];

/** The contract's call behind a route of the account API, found by the operationId registerEndpoint gives it. */
function endpointOf(url: string, operationId: string | undefined): EndpointName | undefined {
  if (operationId === undefined || !Object.hasOwn(endpoints, operationId)) return undefined;
  const name = operationId as EndpointName;
  return url === `${API_BASE}${endpoints[name].path}` ? name : undefined;
}

interface DocumentOptions {
  /** Only routes under this prefix are in the document; its paths are relative to it. */
  base: string;
  /** The operation's own security requirement, when it is not the document's. */
  security?(method: string, endpoint: EndpointName | undefined): Security | undefined;
}

/** Wraps the zod transform: keeps the document's routes and adds what the route schema leaves out. */
function transformFor(options: DocumentOptions): SwaggerTransform {
  return (input) => {
    const { url, route } = input;
    if (!url.startsWith(`${options.base}/`)) return { schema: { hide: true }, url };
    const schema: FastifySchema = { ...input.schema };
    const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
    const name = endpointOf(url, schema.operationId);

    const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
    const endpoint: EndpointDef | undefined = name && endpoints[name];
    if (name && callSchemas[name].response === null) {
      // registerEndpoint answers 204 for a call without a JSON response, unless it sends a file.
      if (endpoint?.produces) response[200] = fileDownload(endpoint.produces);
      else response[204] = noContent;
    } else if (Object.keys(response).length === 0) {
      response.default = undescribed;
    }
    response['4XX'] = errorResponse;
    schema.response = response;
    if (endpoint?.idempotencyKey) {
      // Read by registerEndpoint from the raw headers; described here only.
      schema.headers = z.object({
        [IDEMPOTENCY_KEY_HEADER]: z
          .string()
          .max(100)
          .optional()
          .describe(
            `One key per submission (e.g. a UUID): a repeat within ${IDEMPOTENCY_KEY_TTL_SECONDS / 60} minutes answers the first result and creates nothing new; the same key with another request is a 422`,
          ),
      });
    }
    if (endpoint?.upload) {
      // The route reads the multipart stream itself, so only the document describes the body.
      schema.consumes = ['multipart/form-data'];
      schema.body = z.object({ [endpoint.upload.field]: z.file() });
    }

    // Grouped by the path's first segment (address, order, setting...), case aside.
    const area = url.slice(options.base.length).split('/')[1]?.toLowerCase();
    if (area && !schema.tags) schema.tags = [area];
    const security = options.security?.(method, name);
    if (security) schema.security = security;
    return jsonSchemaTransform({ ...input, schema });
  };
}

/** The zod transform's components, less those the document never refers to (the registry holds both APIs'). */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  if (!('components' in document) || !document.components?.schemas) return document;
  const { components, ...rest } = document;
  const schemas = document.components.schemas;
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
  const wanted = new Set(refsIn(rest));
  const queue = [...wanted];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const ref of refsIn(schemas[name])) {
      if (!wanted.has(ref)) queue.push(ref);
      wanted.add(ref);
    }
  }
  // The transform built these objects for this call alone, so they are ours to change.
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => wanted.has(name)));
  return document;
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Registers the documents and the viewer. Call it before any route: @fastify/swagger collects
 * the routes as they are added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Account API',
        version: '1',
        description: [
          'The calls the account web app makes (spec §7). Request body keys are matched case-insensitively',
          '(the web app sends them capitalised: `{InterestIds}`); responses are camelCase.',
          '',
          `Every non-GET call needs the header \`X-XSRF-TOKEN\` equal to the \`${XSRF_COOKIE}\` cookie, which any`,
          'GET under /account hands out (answer 403 otherwise). Signed-in calls need the session cookie set at sign-in.',
          'Every failure answers the one error body `{status, code, message, fields?}`.',
          '',
          `Calls that create something take an \`${IDEMPOTENCY_KEY_HEADER}\` header: a repeated request with the same`,
          'key answers the first result instead of creating again.',
        ].join('\n'),
      },
      servers: [{ url: API_BASE }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The httpOnly session cookie set at sign-in; a browser sends it by itself',
          },
          xsrf: {
            type: 'apiKey',
            in: 'header',
            name: 'X-XSRF-TOKEN',
            description: `The value of the ${XSRF_COOKIE} cookie, sent back on every non-GET call`,
          },
        },
      },
    },
    transform: transformFor({
      base: API_BASE,
      security: (method, name) => {
        const signedIn = name !== undefined && endpoints[name].auth;
        const requirement: Record<string, string[]> = signedIn ? { session: [] } : {};
        if (!SAFE.has(method)) requirement.xsrf = [];
        // A public GET says so with an empty list: no requirement at all would read as "not stated".
        return Object.keys(requirement).length > 0 ? [requirement] : [];
      },
    }),
    transformObject,
  });

  await app.register(fastifySwagger, {
    decorator: 'integrationSwagger',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shop integration API',
        version: '1',
        description: [
          'Server-to-server calls for the shop. Every call needs `Authorization: Bearer <API key>`.',
          'Every failure answers the one error body `{status, code, message, fields?}`.',
        ].join('\n'),
      },
      servers: [{ url: INTEGRATION_BASE }],
      components: {
        securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'The shop’s API key' } },
      },
      security: [{ apiKey: [] }],
    },
    transform: transformFor({ base: INTEGRATION_BASE }),
    transformObject,
  });

  app.get(`${API_DOCS_PATH}/account.json`, async () => app.swagger());
  app.get(`${API_DOCS_PATH}/integration.json`, async () => app.integrationSwagger());

  // swagger-ui is scripts and style sheets from 'self', so the app's strict CSP holds here unchanged.
  // All it refuses is the inline <style> of swagger-ui's own logo, which this plugin replaces anyway.
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: {
      urls: [
        { url: `${API_DOCS_PATH}/account.json`, name: 'Account API' },
        { url: `${API_DOCS_PATH}/integration.json`, name: 'Shop integration API' },
      ],
      deepLinking: true,
    },
    theme: { title: 'API documentation' },
  });
}
