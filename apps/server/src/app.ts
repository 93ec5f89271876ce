/**
 * buildApp(config): the whole server as one Fastify instance, used by main.ts and by the tests.
 * Opens and migrates the database, seeds the demo shop in demo mode, and registers every module.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { API_BASE, buildPath, OIDC_CALLBACK_PATH } from '@account/contract';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { type Db, openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { registerDemoContentPages } from './demo/content-pages.js';
import { DEMO_CLIENT_ID, registerDemoIdentityProvider } from './demo/identity-provider.js';
import { registerDemoShop } from './demo/shop.js';
import { registerDemoSmsOutbox } from './demo/sms-outbox-page.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerErrorHandling } from './http/errors.js';
import { loggerOptions } from './http/logging.js';
import { rateLimiters } from './http/rate-limit.js';
import { normalizeRequestTarget } from './http/request-target.js';
import { featureCheck, type RouteDeps } from './http/route.js';
import { providerOrigins, registerSecurityHeaders } from './http/security.js';
import { registerSessions } from './http/sessions.js';
import { registerSpa } from './http/spa.js';
import { validatorCompiler } from './http/validation.js';
import { emailCheck } from './integrations/email/email-check.js';
import { type OidcClient, oidcClient } from './integrations/identity/oidc.js';
import { accountRepository } from './modules/account/repository.js';
import { registerAccountRoutes } from './modules/account/routes.js';
import { accountService } from './modules/account/service.js';
import { registerAddressBook } from './modules/addresses/module.js';
import { registerProviderRoutes } from './modules/auth/providers/index.js';
import { authRepository } from './modules/auth/repository.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { authService } from './modules/auth/service.js';
import { signInSteps } from './modules/auth/sign-in.js';
import { avatarRepository } from './modules/avatar/repository.js';
import { registerAvatarRoutes } from './modules/avatar/routes.js';
import { avatarService } from './modules/avatar/service.js';
import { apiKeyStore } from './modules/integration/api-keys.js';
import { registerIntegrationRoutes } from './modules/integration/routes.js';
import { integrationService } from './modules/integration/service.js';
import { registerOrders } from './modules/orders/module.js';
import { orderRepository } from './modules/orders/repository.js';
import { registerPhoneVerification } from './modules/phone/module.js';
import { preferencesRepository } from './modules/preferences/repository.js';
import { registerPreferencesRoutes } from './modules/preferences/routes.js';
import { preferencesService } from './modules/preferences/service.js';
import { profileRepository } from './modules/profile/repository.js';
import { registerProfileRoutes } from './modules/profile/routes.js';
import { profileService } from './modules/profile/service.js';
import { registerRewards } from './modules/rewards/module.js';
import { sessionRepository } from './modules/sessions/repository.js';
import { sessionService } from './modules/sessions/service.js';
import { settingsRepository } from './modules/settings/repository.js';
import { registerSettingsRoutes, requestLocale } from './modules/settings/routes.js';
import { settingsService } from './modules/settings/service.js';
import { webhookDispatcher } from './modules/webhooks/dispatcher.js';
import { webhookStore } from './modules/webhooks/store.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface BuildOptions {
  /** Where the built web app lives; defaults to apps/web/dist of this repository. */
  webDist?: string;
  /**
   * JSON logs at the configured level, on standard output or into `stream` (a test reads them
   * back); tests pass false to keep quiet.
   */
  logger?: boolean | { stream: DestinationStream };
  /** The HTTP client for calls to identity providers. */
  fetch?: typeof globalThis.fetch;
}

/** Calls to the email and VAT checks per client address. */
const VALIDATION_LIMIT = { name: 'validation', points: 60, windowSeconds: 60 };

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const SWEEP_INTERVAL_MS = 15 * 60_000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const location = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  // Migrations run on a connection of their own, free of the statement timeout: on a big database
  // building an index may rightly take minutes.
  const setup = openDatabase({ ...location, poolSize: 1 });
  try {
    await migrateToLatest(setup);
    if (config.demo) await seedDemo(setup.kysely, { publicUrl: config.publicUrl });
  } finally {
    await setup.close();
  }
  const db = openDatabase({
    ...location,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });

  const { trustProxy } = config;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions({ level: config.logLevel, ...(options.logger === true ? {} : options.logger) }),
    // Fastify ignores a bare hop count, so it becomes a trust function: the socket's peer and the
    // addresses it forwarded, as many as there are proxies; the next one in is the client.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    rewriteUrl: (request) => normalizeRequestTarget(request.url ?? '/'),
  });
  app.decorate('db', db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const secure = config.publicUrl.startsWith('https:');
  // JSON and pages travel compressed (Brotli at a quality cheap enough for every response, else
  // gzip); the web app's assets were compressed at build time and are sent as they are.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  const { providers } = config;
  const settings = settingsService(settingsRepository(db.kysely), {
    singleSignOn: config.sso !== undefined,
    googleClientId: providers.google?.clientId ?? null,
    googleOneTouch: providers.google?.oneTap ?? false,
    facebookAppId: providers.facebook?.appId ?? null,
    appleClientId: providers.apple?.clientId ?? null,
    appleRedirectUrl: providers.apple?.redirectUrl ?? null,
    steam: providers.steam !== undefined,
    auth0: providers.auth0 !== undefined,
    telegram: providers.telegram !== undefined,
    telegramId: providers.telegram?.botName ?? null,
    telegramRedirectUrl: providers.telegram?.redirectUrl ?? null,
    redirectAllowList: config.redirectAllowList,
  });
  // Custom pages on another origin (the shop's own site) may be framed; the list follows the
  // configuration, refreshed from the settings cache before each request's headers are written.
  let pageOrigins: readonly string[] = [];
  app.addHook('onRequest', async () => {
    // Without the database the last known origins stand: liveness and the 503s must still answer.
    pageOrigins = await settings.pageOrigins().catch(() => pageOrigins);
  });
  await registerSecurityHeaders(app, { secure, ...providerOrigins(config.providers), pageOrigins: () => pageOrigins });
  registerErrorHandling(app);
  // Before any route: the OpenAPI documents are collected from the routes as they are added.
  if (config.apiDocs) await registerApiDocs(app);

  const sessions = sessionService(sessionRepository(db.kysely), {
    idleTimeoutSeconds: config.sessionIdleTimeout,
    maxAgeSeconds: config.sessionMaxAge,
  });
  registerSessions(app, { sessions, secret: config.sessionSecret, secure, maxAgeSeconds: config.sessionMaxAge });

  const accounts = accountRepository(db.kysely);
  const deps: RouteDeps = { featureEnabled: featureCheck(() => settings.enabledFeatures()) };
  const settingsOptions = {
    settings,
    shopperLocale: async (shopperId: number) => {
      const shopper = await accounts.shopper(shopperId);
      return shopper
        ? { language: shopper.defaultLanguage, country: shopper.defaultCountry, currency: shopper.defaultCurrency }
        : null;
    },
    saveShopperLocale: (shopperId: number, locale: { language: string; country: string; currency: string }) =>
      accounts.saveLocale(shopperId, locale, new Date().toISOString()),
  };

  const oidc: Record<string, OidcClient> = {};
  for (const [name, settings] of [
    ['sso', config.sso],
    ['auth0', providers.auth0],
  ] as const) {
    if (!settings) continue;
    oidc[name] = oidcClient({
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      redirectUri: `${config.publicUrl}${API_BASE}${buildPath(OIDC_CALLBACK_PATH, { provider: name })}`,
    });
  }

  const limit = rateLimiters(db.raw);
  // Sign-in attempts per client address, all providers together.
  const signInLimit = limit({ name: 'sign-in', points: config.signInRateLimit, windowSeconds: 15 * 60 });
  const accountsService = accountService(accounts, orderRepository(db.kysely), settings);
  const auth = authService(authRepository(db.kysely), settings);
  const steps = signInSteps({
    auth,
    accounts: accountsService,
    publicUrl: config.publicUrl,
    redirectAllowList: config.redirectAllowList,
    secret: config.sessionSecret,
  });

  registerAccountRoutes(app, deps, accountsService);
  registerPhoneVerification(app, deps, {
    db: db.kysely,
    config,
    accounts: accountsService,
    settings,
    limit,
    fetch: options.fetch ?? globalThis.fetch,
  });
  const validationLimit = limit(VALIDATION_LIMIT);
  registerPreferencesRoutes(app, deps, {
    preferences: preferencesService(
      preferencesRepository(db.kysely, db.kind),
      emailCheck({ checkMx: config.emailMxCheck }),
    ),
    accounts: accountsService,
    settings,
    validationLimit,
  });
  registerAddressBook(app, deps, { db, config, settings, validationLimit, fetch: options.fetch ?? globalThis.fetch });
  registerOrders(app, deps, { db, settings });
  registerRewards(app, deps, { db, accounts: accountsService, settings, limit });
  registerProfileRoutes(app, deps, {
    profile: profileService(profileRepository(db.kysely), emailCheck({ checkMx: config.emailMxCheck })),
    accounts: accountsService,
  });
  await registerAvatarRoutes(app, deps, { avatars: avatarService(avatarRepository(db.kysely)), limit });
  registerSettingsRoutes(app, deps, settingsOptions);
  registerAuthRoutes(app, deps, { auth, steps, oidc, publicUrl: config.publicUrl, limit: signInLimit });
  registerProviderRoutes(app, {
    deps,
    steps,
    auth,
    limit: signInLimit,
    providers,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    fetch: options.fetch ?? globalThis.fetch,
  });

  const webhooks = webhookStore(db.kysely);
  registerIntegrationRoutes(app, {
    integration: integrationService({
      db: db.kysely,
      settings,
      settingsRepository: settingsRepository(db.kysely),
      accounts: accountsService,
      orders: orderRepository(db.kysely),
    }),
    keys: apiKeyStore(db.kysely),
    webhooks,
    limit: limit({ name: 'integration', points: config.integrationRateLimit, windowSeconds: 60 }),
  });
  const dispatcher = webhookDispatcher({
    db: db.kysely,
    kind: db.kind,
    fetch: options.fetch ?? globalThis.fetch,
    pollIntervalMs: config.webhooks.pollIntervalMs,
    timeoutMs: config.webhooks.timeoutMs,
    retryBaseMs: config.webhooks.retryBaseMs,
    log: app.log,
  });
  if (config.webhooks.deliver) app.addHook('onReady', async () => dispatcher.start());

  // Readiness: the database answers (a load balancer sends traffic); liveness: the process runs.
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  };
  app.get('/account/api/health', ready);
  app.get('/account/api/ready', ready);
  app.get('/account/api/live', async () => ({ status: 'ok' }));

  if (config.devIdentityProvider) {
    await registerDemoIdentityProvider(app, {
      publicUrl: config.publicUrl,
      companyName: async () => (await settings.stored()).companyName,
    });
    if (!config.demo) app.log.warn('DEV_IDENTITY_PROVIDER is on: anyone can sign in as any email address');
  }
  if (config.demo) {
    registerDemoShop(app, { settings });
    registerDemoContentPages(app, settings);
    registerDemoSmsOutbox(app, db.kysely);
  }
  if (config.sso?.clientId === DEMO_CLIENT_ID && !config.devIdentityProvider) {
    app.log.warn('SSO_CLIENT_ID is the demo client id outside demo mode');
  }

  await registerSpa(app, {
    webDist: options.webDist ?? DEFAULT_WEB_DIST,
    siteConfig: async (request) => settings.siteConfig((await requestLocale(request, settingsOptions)).language),
  });

  const sweeper = setInterval(() => {
    sessions.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    webhooks.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'webhook sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // Deliveries under way finish before the database goes.
    await dispatcher.stop();
    await db.close();
  });

  return app;
}
