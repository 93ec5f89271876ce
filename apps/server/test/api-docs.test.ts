/**
 * The OpenAPI documents are generated from the routes at run time; these tests keep them in step
 * with the contract (spec §7): every call documented with its method, path and request schemas,
 * nothing documented that has no route, both documents valid OpenAPI 3.1, the viewer served.
 */
import {
  API_BASE,
  callSchemas,
  ENDPOINT_SUMMARIES,
  type EndpointDef,
  type EndpointName,
  ErrorBody,
  endpoints,
  INTEGRATION_BASE,
  integrationCalls,
} from '@account/contract';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify, { type FastifyInstance, type HTTPMethods } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_DOCS_PATH, registerApiDocs } from '../src/http/api-docs.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: unknown; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title?: unknown; version?: unknown };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, Record<string, unknown>> };
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follows a local JSON pointer (#/components/schemas/X, #/$defs/X) within a document. */
function resolvePointer(root: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      root,
    );
}

/** The property names a schema accepts, across union members and references. */
function propertyNames(schema: JsonSchema | undefined, root: unknown): string[] {
  if (!schema) return [];
  if (schema.$ref) return propertyNames(resolvePointer(root, schema.$ref) as JsonSchema | undefined, root);
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const member of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const name of propertyNames(member, root)) names.add(name);
  }
  return [...names].sort();
}

/** What the contract's zod schema accepts, converted by zod itself, for comparison. */
function contractNames(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return propertyNames(json as JsonSchema, json);
}

function operations(document: OpenApiDocument): [path: string, method: string, operation: Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, string, Operation] => [path, method, operation]),
  );
}

/**
 * The structure OpenAPI 3.1 requires of what we generate (no validator library is installed, and
 * one is not worth adding for this): version, info, paths, operations with responses, declared
 * path parameters, unique operation ids, known security schemes and resolvable references.
 */
function structuralProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(document.openapi)) problems.push(`openapi is ${document.openapi}`);
  if (typeof document.info?.title !== 'string' || !document.info.title) problems.push('info.title missing');
  if (typeof document.info?.version !== 'string' || !document.info.version) problems.push('info.version missing');
  if (!document.paths || typeof document.paths !== 'object') return [...problems, 'paths missing'];
  const ids = new Set<string>();
  const schemes = document.components?.securitySchemes ?? {};
  const checkSecurity = (where: string, security: Record<string, string[]>[] | undefined) => {
    for (const name of (security ?? []).flatMap((requirement) => Object.keys(requirement))) {
      if (!schemes[name]) problems.push(`${where}: unknown security scheme ${name}`);
    }
  };
  checkSecurity('document', document.security);
  for (const [path, method, operation] of operations(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!path.startsWith('/') || path.includes(':')) problems.push(`${where}: path is not a {param} template`);
    if (operation.operationId) {
      if (ids.has(operation.operationId)) problems.push(`${where}: operationId ${operation.operationId} twice`);
      ids.add(operation.operationId);
    }
    const responses = Object.entries(operation.responses ?? {});
    if (responses.length === 0) problems.push(`${where}: no responses`);
    for (const [status, response] of responses) {
      if (!/^([1-5](\d\d|XX)|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
      if (typeof response.description !== 'string') problems.push(`${where}: response ${status} has no description`);
    }
    for (const parameter of operation.parameters ?? []) {
      if (!['query', 'header', 'path', 'cookie'].includes(parameter.in)) problems.push(`${where}: in ${parameter.in}`);
      if (!parameter.schema) problems.push(`${where}: parameter ${parameter.name} has no schema`);
    }
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
    if (
      declared
        .map((p) => p.name)
        .sort()
        .join() !== templated.join()
    )
      problems.push(`${where}: path parameters`);
    if (declared.some((p) => p.required !== true)) problems.push(`${where}: a path parameter is not required`);
    if (operation.requestBody && Object.keys(operation.requestBody.content ?? {}).length === 0) {
      problems.push(`${where}: request body without content`);
    }
    checkSecurity(where, operation.security);
  }
  for (const [, ref] of JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)) {
    if (!ref?.startsWith('#/') || resolvePointer(document, ref) === undefined) problems.push(`unresolved $ref ${ref}`);
  }
  return problems;
}

/** The route behind a documented path: the server's base plus the path with :params. */
function hasRoute(app: FastifyInstance, document: OpenApiDocument, path: string, method: string): boolean {
  const base = document.servers?.[0]?.url ?? '';
  const url = `${base}${path}`.replace(/\{([^}]+)\}/g, ':$1');
  return app.hasRoute({ method: method.toUpperCase() as HTTPMethods, url });
}

async function fetchDocument(app: FastifyInstance, name: 'account' | 'integration'): Promise<OpenApiDocument> {
  const response = await app.inject(`${API_DOCS_PATH}/${name}.json`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  return response.json<OpenApiDocument>();
}

/** Every provider configured, so every call of the contract has its route (none is contacted). */
const ALL_PROVIDERS = {
  GOOGLE_CLIENT_ID: 'docs-google',
  APPLE_CLIENT_ID: 'docs-apple',
  FACEBOOK_APP_ID: 'docs-facebook',
  FACEBOOK_APP_SECRET: 'docs-facebook-secret',
  STEAM_ENABLED: 'true',
  AUTH0_ISSUER: 'https://auth0.invalid',
  AUTH0_CLIENT_ID: 'docs-auth0',
  TELEGRAM_BOT_TOKEN: '123:docs',
  TELEGRAM_BOT_NAME: 'docs_bot',
};

let server: TestServer;
let account: OpenApiDocument;
let integration: OpenApiDocument;
beforeAll(async () => {
  server = await startServer({ env: ALL_PROVIDERS });
  account = await fetchDocument(server.app, 'account');
  integration = await fetchDocument(server.app, 'integration');
});
afterAll(async () => {
  await server?.close();
});

describe(`API documentation (${databaseKind})`, () => {
  it('§7 every call of the contract is in the account API document with its method, path and request schemas', () => {
    expect(account.servers?.[0]?.url).toBe(API_BASE);
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const endpoint: EndpointDef = endpoints[name];
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = account.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${path}`).toBeDefined();
      if (!operation) continue;
      expect(operation.operationId).toBe(name);
      expect(operation.summary).toBe(ENDPOINT_SUMMARIES[name]);

      const schemas = callSchemas[name];
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => p.name)
          .sort();
      expect(parameters('path'), `${name} path parameters`).toEqual(
        'params' in schemas ? contractNames(schemas.params) : [],
      );
      expect(parameters('query'), `${name} query parameters`).toEqual(
        'query' in schemas ? contractNames(schemas.query) : [],
      );
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if ('body' in schemas) {
        expect(body, `${name} request body`).toBeDefined();
        expect(propertyNames(body, account), `${name} request body`).toEqual(contractNames(schemas.body));
      } else if (endpoint.upload) {
        const form = operation.requestBody?.content?.['multipart/form-data']?.schema;
        expect(Object.keys(operation.requestBody?.content ?? {}), `${name} takes multipart only`).toEqual([
          'multipart/form-data',
        ]);
        expect(propertyNames(form, account), `${name} file field`).toEqual([endpoint.upload.field]);
      } else {
        expect(operation.requestBody, `${name} has no JSON body`).toBeUndefined();
      }
      if (endpoint.produces) {
        expect(Object.keys(operation.responses?.['200']?.content ?? {}), `${name} answers a file`).toEqual([
          endpoint.produces,
        ]);
      }
    }
  });

  it('issue 8 every call of the integration API is in its document with its method, path and request schemas', () => {
    for (const [name, call] of Object.entries(integrationCalls)) {
      const path = call.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = integration.paths[path]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${path}`).toBeDefined();
      if (!operation) continue;
      expect(operation.operationId).toBe(name);
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => p.name)
          .sort();
      expect(parameters('path'), `${name} path parameters`).toEqual(call.params ? contractNames(call.params) : []);
      expect(parameters('query'), `${name} query parameters`).toEqual(call.query ? contractNames(call.query) : []);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (call.body) expect(propertyNames(body, integration), `${name} request body`).toEqual(contractNames(call.body));
      else expect(operation.requestBody, `${name} has no JSON body`).toBeUndefined();
    }
    expect(operations(integration)).toHaveLength(Object.keys(integrationCalls).length);
  });

  it('has no path in either document without a route behind it, and none outside its API', () => {
    for (const document of [account, integration]) {
      for (const [path, method] of operations(document)) {
        expect(hasRoute(server.app, document, path, method), `${method.toUpperCase()} ${path}`).toBe(true);
      }
    }
    const paths = [...Object.keys(account.paths), ...Object.keys(integration.paths)];
    expect(paths.filter((path) => /health|docs|demo|^\/account/.test(path))).toEqual([]);
  });

  it('both documents are structurally valid OpenAPI 3.1', () => {
    expect(structuralProblems(account)).toEqual([]);
    expect(structuralProblems(integration)).toEqual([]);
  });

  it('§7 DESIGN §4 non-GET calls require X-XSRF-TOKEN, signed-in calls the session cookie, and 4xx answer the one error body', () => {
    const schemes = account.components?.securitySchemes ?? {};
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'account_session' });
    expect(schemes.xsrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    expect(propertyNames(account.components?.schemas?.ErrorBody, account)).toEqual(contractNames(ErrorBody));

    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const endpoint = endpoints[name];
      const operation = account.paths[endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      const required = (operation?.security ?? []).flatMap((requirement) => Object.keys(requirement)).sort();
      const expected = [...(endpoint.auth ? ['session'] : []), ...(endpoint.method === 'GET' ? [] : ['xsrf'])];
      expect(required, `${name} security`).toEqual(expected.sort());
    }
    for (const [path, method, operation] of operations(account)) {
      const error = operation.responses?.['4XX']?.content?.['application/json']?.schema;
      expect(error, `${method} ${path}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    }
  });

  it('the integration document asks for a Bearer API key and is valid before it has any call', async () => {
    expect(integration.servers?.[0]?.url).toBe(INTEGRATION_BASE);
    expect(integration.components?.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(integration.security).toEqual([{ apiKey: [] }]);

    const bare = await docsOnly();
    const empty = await fetchDocument(bare, 'integration');
    await bare.close();
    expect(empty.paths).toEqual({});
    expect(structuralProblems(empty)).toEqual([]);
  });

  it('takes every route under the integration prefix into the integration document, and no other', async () => {
    const app = await docsOnly((app) => {
      app.route({
        method: 'PUT',
        url: `${INTEGRATION_BASE}/things/:id`,
        schema: {
          summary: 'Stores a thing',
          params: z.object({ id: z.string() }),
          body: z.object({ name: z.string(), size: z.number().optional() }),
          response: { 200: z.object({ outcome: z.enum(['created', 'updated']) }) },
        },
        handler: async () => ({ outcome: 'created' }),
      });
      app.get('/account/api/elsewhere', async () => ({}));
    });
    const document = await fetchDocument(app, 'integration');
    const accountDocument = await fetchDocument(app, 'account');
    await app.close();

    expect(Object.keys(document.paths)).toEqual(['/things/{id}']);
    const operation = document.paths['/things/{id}']?.put;
    expect(operation?.summary).toBe('Stores a thing');
    expect(propertyNames(operation?.requestBody?.content?.['application/json']?.schema, document)).toEqual([
      'name',
      'size',
    ]);
    expect(operation?.responses?.['4XX']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(structuralProblems(document)).toEqual([]);
    expect(accountDocument.paths).toEqual({});
  });

  it('serves the viewer as HTML under the strict Content-Security-Policy, offering both documents', async () => {
    const page = await server.app.inject(API_DOCS_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="swagger-ui"');
    // The policy is the one every other response gets: nothing relaxed for the viewer.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe((await server.app.inject('/account/api/health')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain('unsafe');

    // The viewer's code comes from the installed package, not a CDN.
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith(`${API_DOCS_PATH}/`), src).toBe(true);
      expect((await server.app.inject(src)).statusCode, src).toBe(200);
    }
    const initializer = await server.app.inject(`${API_DOCS_PATH}/static/swagger-initializer.js`);
    expect(initializer.body).toContain(`${API_DOCS_PATH}/account.json`);
    expect(initializer.body).toContain(`${API_DOCS_PATH}/integration.json`);
  });

  it("DESIGN §6/operate: both OpenAPI documents pass Redocly's recommended rules", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      // The project is private and states no license anywhere (package.json, repository): naming
      // one in the documents would grant terms nobody chose.
      rules: { 'info-license': 'off' },
    });
    const problems = async (document: OpenApiDocument) =>
      (await lintFromString({ source: JSON.stringify(document), config })).map(
        (problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
      );
    expect({ account: await problems(account), integration: await problems(integration) }).toEqual({
      account: [],
      integration: [],
    });
  });

  it('serves no documentation with API_DOCS=false', async () => {
    const off = await startServer({ env: { API_DOCS: 'false' } });
    try {
      for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/account.json`, `${API_DOCS_PATH}/integration.json`]) {
        const response = await off.app.inject(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
      }
    } finally {
      await off.close();
    }
  });

  it('DESIGN §6: outside demo mode no documentation is served unless API_DOCS=true', async () => {
    const [plain, optedIn] = await Promise.all([
      startServer({ demo: false }),
      startServer({ demo: false, env: { API_DOCS: 'true' } }),
    ]);
    try {
      for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/account.json`, `${API_DOCS_PATH}/integration.json`]) {
        expect((await plain.app.inject(url)).statusCode, url).toBe(404);
        expect((await optedIn.app.inject(url)).statusCode, url).toBe(200);
      }
    } finally {
      await Promise.all([plain.close(), optedIn.close()]);
    }
  });
});

/** Just the documentation plugin and the given routes: for what the whole app cannot show yet. */
async function docsOnly(routes: (app: FastifyInstance) => void = () => {}): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerApiDocs(app);
  routes(app);
  await app.ready();
  return app;
}
