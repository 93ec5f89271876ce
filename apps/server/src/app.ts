/**
 * buildApp(config): the whole server as one Fastify instance, used by main.ts and by the tests.
 * Opens and migrates the database, seeds the demo shop in demo mode, registers the plugins, builds
 * the services (services.ts) and registers each module's routes over them.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEATURES } from '@account/contract';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { type Db, openDatabase } from './db/connection.js';
import { migrateToLatest, newerSchemaNote } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { registerDemoContentPages } from './demo/content-pages.js';
import { DEMO_CLIENT_ID, registerDemoIdentityProvider } from './demo/identity-provider.js';
import { registerDemoMailbox } from './demo/mailbox-page.js';
import { registerDemoShop } from './demo/shop.js';
import { registerDemoSms } from './demo/sms-page.js';
import { registerApiDocs } from './http/api-docs.js';
import { ANSWER_QUALITY, compression } from './http/compression.js';
import { registerErrorHandling } from './http/errors.js';
import { loggerOptions, OneLinePerRequest } from './http/logging.js';
import { normalizeRequestTarget } from './http/request-target.js';
import { featureCheck, type RouteDeps } from './http/route.js';
import { providerOrigins, registerSecurityHeaders } from './http/security.js';
import { serializerCompiler } from './http/serialization.js';
import { registerSessions, SESSION_COOKIE } from './http/sessions.js';
import { registerSpa } from './http/spa.js';
import { validatorCompiler } from './http/validation.js';
import { pollingJob } from './jobs/polling-job.js';
import { registerAccountRoutes } from './modules/account/routes.js';
import { registerAddressRoutes } from './modules/addresses/routes.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerAvatarRoutes } from './modules/avatar/routes.js';
import { registerEmailRoutes } from './modules/email/routes.js';
import { registerIntegrationRoutes } from './modules/integration/routes.js';
import { registerNotificationRoutes } from './modules/notifications/routes.js';
import { registerOrderRoutes } from './modules/orders/routes.js';
import { registerPhoneRoutes } from './modules/phone/routes.js';
import { registerPreferencesRoutes } from './modules/preferences/routes.js';
import { registerPrivacyRoutes } from './modules/privacy/routes.js';
import { registerProfileRoutes } from './modules/profile/routes.js';
import { registerRewardRoutes } from './modules/rewards/routes.js';
import { registerSecurityRoutes } from './modules/security/routes.js';
import { type EndedNotices, listenForEndedSessions } from './modules/sessions/ended-notices.js';
import { registerSettingsRoutes, requestLocale } from './modules/settings/routes.js';
import { buildServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** PostgreSQL: the notices of ended sessions this instance hears (its session cache); null on SQLite. */
    endedSessions: EndedNotices | null;
    /** Shutdown has begun: readiness answers 503 so that load balancers stop sending, all else is served. */
    startDraining(): void;
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
  /** Sees every SQL statement the running server sends (tests and the bench count them). */
  onStatement?: (sql: string) => void;
  /** Sees every route as it is registered (the test that the routes are exactly the contract's table). */
  onRoute?: (route: RouteOptions) => void;
  /** Aborted by a signal during start-up (main.ts): building stops at its next step with StartupStopped. */
  stop?: AbortSignal;
}

/** Start-up was stopped by a signal; whatever it had opened is closed. */
export class StartupStopped extends Error {
  override name = 'StartupStopped';
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const SWEEP_INTERVAL_MS = 15 * 60_000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const location = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const stopIfAsked = () => {
    if (options.stop?.aborted) throw new StartupStopped();
  };
  // Migrations run on a connection of their own, free of the statement timeout: on a big database
  // building an index may rightly take minutes.
  const setup = openDatabase({ ...location, poolSize: 1 });
  let newer: string[];
  try {
    ({ newer } = await migrateToLatest(setup));
    stopIfAsked();
    if (config.demo) await seedDemo(setup.kysely, { publicUrl: config.publicUrl });
  } finally {
    await setup.close();
  }
  stopIfAsked();
  // Loaded only when asked for: prom-client and its dependencies are about 80 modules to start.
  const metricsModule = config.metrics ? await import('./http/metrics.js') : null;
  const metrics =
    metricsModule && config.metrics
      ? metricsModule.createMetrics(metricsModule.buildInfo(config.metrics.commit))
      : null;
  const db = openDatabase({
    ...location,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    checkpointInBackground: true,
    ...(options.onStatement && { onStatement: options.onStatement }),
    ...(metrics && { onQueryError: metrics.queryError }),
  });

  const { trustProxy } = config;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions({
            level: config.logLevel,
            shortClientAddresses: config.logShortClientAddresses,
            ...(options.logger === true ? {} : options.logger),
          }),
    // Fastify ignores a bare hop count, so it becomes a trust function: the socket's peer and the
    // addresses it forwarded, as many as there are proxies; the next one in is the client.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    // A request (headers and body, at most bodyLimit) must arrive within a minute: a client that
    // sends a byte a second cannot hold a connection for longer (Fastify's default is no limit).
    // Node checks it every 30 s, so it ends one within 60–90 s.
    requestTimeout: 60_000,
    logController: new OneLinePerRequest(),
    return503OnClosing: true,
    rewriteUrl: (request) => normalizeRequestTarget(request.url ?? '/'),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (newer.length > 0) app.log.warn({ migrations: newer }, newerSchemaNote(newer));
  app.decorate('db', db);
  db.storage?.logTo(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(config.checkResponses));
  // Set once a shutdown has begun (startDraining below).
  let draining = false;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A kept-alive connection ends after this answer: closing the listener ends only the idle
    // ones, so a busy one would otherwise stay open, and the process with it, until keep-alive ran out.
    if (draining) reply.header('connection', 'close');
  });

  // Requests whose body is still arriving. Closing waits for every request under way, and one
  // whose client sends a byte a second would hold the shutdown until its forced exit; none of
  // these has reached its handler yet, so they are cut when closing begins.
  const receiving = new Set<Socket>();
  const watched = new WeakSet<Socket>();
  // Callback hooks: on every request, a promise each would cost more than the work.
  app.addHook('onRequest', (request, _reply, done) => {
    const { socket } = request.raw;
    receiving.add(socket);
    if (!watched.has(socket)) {
      watched.add(socket);
      socket.once('close', () => receiving.delete(socket));
    }
    done();
  });
  // After the body is parsed (a request without one passes at once), and after an early answer.
  const received = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    receiving.delete(request.raw.socket);
    done();
  };
  app.addHook('preValidation', received);
  app.addHook('onResponse', received);
  app.addHook('preClose', async () => {
    if (receiving.size > 0)
      app.log.warn({ requests: receiving.size }, 'closing: cutting requests still sending their body');
    for (const socket of receiving) socket.destroy();
  });

  const fetch = options.fetch ?? globalThis.fetch;
  const services = buildServices(db, config, { fetch, log: app.log, ...(metrics && { observe: metrics }) });
  const { settings, sessions, accounts, limits } = services;
  // On PostgreSQL a session is kept in memory while every instance hears of every end.
  const endedSessions =
    db.raw.kind === 'postgres'
      ? listenForEndedSessions({ db: db.kysely, connect: db.raw.client, cache: services.sessionCache, log: app.log })
      : null;
  app.decorate('endedSessions', endedSessions);

  const secure = config.publicUrl.startsWith('https:');
  // JSON and pages travel compressed (http/compression.ts).
  await app.register(fastifyCompress, compression(ANSWER_QUALITY));
  await app.register(fastifyCookie);
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
  registerSessions(app, { sessions, secret: config.sessionSecret, secure, maxAgeSeconds: config.sessionMaxAge });
  if (metricsModule && metrics && config.metrics) {
    const { registerRequestMetrics, serveMetrics } = metricsModule;
    const { port, host } = config.metrics;
    registerRequestMetrics(app, metrics, { sessionCookie: SESSION_COOKIE, oidcProviders: Object.keys(services.oidc) });
    const depthSampler = metrics.watch({
      raw: db.raw,
      pendingDeliveries: () => services.webhooks.pendingCount(),
      pendingMails: () => services.mail.pendingCount(),
      storage: db.storage,
      log: app.log,
    });
    let metricsServer: Server | null = null;
    app.addHook('onReady', async () => {
      depthSampler.start();
      metricsServer = await serveMetrics(metrics, port, host);
    });
    app.addHook('onClose', async () => {
      await depthSampler.stop();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    });
  }

  const deps: RouteDeps = {
    featureEnabled: featureCheck(() => settings.enabledFeatures()),
    idempotency: services.idempotency,
    stepUp: services.stepUp,
  };
  registerAccountRoutes(app, deps, { accounts });
  registerPhoneRoutes(app, deps, { phone: services.phone, accounts, limits: limits.phone });
  registerEmailRoutes(app, deps, {
    email: services.email,
    accounts,
    auth: services.auth,
    steps: services.signIn,
    settings,
    limits: limits.email,
    signInLimit: limits.signIn,
  });
  registerPreferencesRoutes(app, deps, {
    preferences: services.preferences,
    accounts,
    settings,
    validationLimit: limits.validation,
  });
  registerNotificationRoutes(app, deps, { notifications: services.notifications, settings });
  registerAddressRoutes(app, deps, { addresses: services.addresses, validationLimit: limits.validation });
  registerOrderRoutes(app, deps, { orders: services.orders, returns: services.returns });
  registerRewardRoutes(app, deps, { rewards: services.rewards, voucherCodeLimits: limits.voucherCode });
  registerProfileRoutes(app, deps, { profile: services.profile, accounts });
  await registerAvatarRoutes(app, deps, { avatars: services.avatars, uploadLimit: limits.avatarUpload });
  registerSettingsRoutes(app, deps, services.locales);
  registerAuthRoutes(app, deps, {
    auth: services.auth,
    steps: services.signIn,
    oidc: services.oidc,
    limit: limits.signIn,
    providers: config.providers,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    fetch,
  });
  registerPrivacyRoutes(app, deps, {
    privacy: services.privacy,
    exports: services.exports,
    exportLimit: limits.dataExport,
    emailLimits: limits.email,
  });
  registerSecurityRoutes(app, deps, {
    security: services.security,
    sessions,
    accounts,
    steps: services.signIn,
    passkeys: config.passkeys !== null,
    signInLimit: limits.signIn,
  });
  registerIntegrationRoutes(app, {
    integration: services.integration,
    keys: services.apiKeys,
    webhooks: services.webhooks,
    limit: limits.integration,
  });
  const dispatcher = services.webhookDispatcher;
  if (config.webhooks.deliver) app.addHook('onReady', async () => dispatcher.start());
  const mailDispatcher = services.mail.dispatcher;
  if (services.mailer.configured) app.addHook('onReady', async () => mailDispatcher.start());
  const { deletionJob, alertJob, renderAheadJob } = services;
  app.addHook('onReady', async () => deletionJob.start());
  app.addHook('onReady', async () => alertJob.start());
  app.addHook('onReady', async () => renderAheadJob.start());

  // Readiness: the database answers and no shutdown has begun (a load balancer sends traffic);
  // liveness: the process runs.
  app.decorate('startDraining', () => {
    draining = true;
  });
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (draining) return reply.code(503).send({ status: 'draining', database: db.kind });
    try {
      await db.ping();
      // SQLite that reads but cannot store writes (disk full, read-only, file deleted): db/storage.ts.
      if (db.storage && !(await db.storage.writable(db.kysely))) {
        return reply.code(503).send({ status: 'unavailable', database: db.kind, storage: db.storage.problem?.code });
      }
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  };
  // Probes come every few seconds from load balancers and orchestrators: their requests are not logged.
  const probe = { logLevel: 'warn' } as const;
  app.get('/account/api/health', probe, ready);
  app.get('/account/api/ready', probe, ready);
  app.get('/account/api/live', probe, async () => ({ status: 'ok' }));

  if (config.devIdentityProvider) {
    await registerDemoIdentityProvider(app, {
      publicUrl: config.publicUrl,
      companyName: async () => (await settings.stored()).companyName,
    });
    if (!config.demo)
      app.log.warn('DEV_IDENTITY_PROVIDER is on: anyone can sign in with an email address of their choice');
  }
  if (config.demo) {
    registerDemoShop(app, {
      settings,
      orders: services.orders,
      returns: services.returns,
      integration: services.integration,
      products: services.repositories.products,
    });
    registerDemoContentPages(app, settings);
    registerDemoSms(app, services.repositories.smsLetterbox);
    registerDemoMailbox(app, services.repositories.mail.letterbox);
  }
  if (config.sso?.clientId === DEMO_CLIENT_ID && !config.devIdentityProvider) {
    app.log.warn('SSO_CLIENT_ID is the demo client id outside demo mode');
  }

  await registerSpa(app, {
    webDist: options.webDist ?? DEFAULT_WEB_DIST,
    locale: (request) => requestLocale(request, services.locales),
    siteConfig: (language) => settings.siteConfig(language),
    // The same service calls as GET /shopuser/me, /translation, /localize and /order?page=1.
    account: (shopperId) => accounts.load(shopperId),
    translations: (language) => settings.translations(language),
    localize: (locale) => settings.localize(locale),
    screenAnswers: {
      listOrders: async (shopperId) =>
        (await deps.featureEnabled(FEATURES.myOrders)) ? services.orders.list(shopperId, { page: 1, query: '' }) : null,
      listShipmentsOnTheWay: async (shopperId) =>
        (await deps.featureEnabled(FEATURES.myOrders)) ? services.orders.onTheWay(shopperId) : null,
    },
  });

  // Each sweep is a job of its own, so that one failing holds up neither of the others.
  const sweeps = [
    { name: 'session sweep', sweep: () => sessions.sweep() },
    { name: 'webhook sweep', sweep: () => services.webhooks.sweep() },
    { name: 'mail queue sweep', sweep: () => services.mail.sweep() },
    { name: 'wishlist alerts sweep', sweep: () => services.notifications.sweep() },
  ].map(({ name, sweep }) =>
    pollingJob({
      name,
      look: async () => {
        await sweep();
        return false;
      },
      intervalMs: SWEEP_INTERVAL_MS,
      // Nothing is overdue at startup: the first sweep comes after one interval, as ever.
      firstLookAfterMs: SWEEP_INTERVAL_MS,
      log: app.log,
      onLook: metrics?.jobLook,
    }),
  );
  for (const job of sweeps) job.start();
  app.addHook('onClose', async () => {
    // Deliveries under way and waiting last-seen times finish before the database goes.
    await Promise.all([
      dispatcher.stop(),
      mailDispatcher.stop(),
      deletionJob.stop(),
      alertJob.stop(),
      renderAheadJob.stop(),
      ...sweeps.map((job) => job.stop()),
    ]);
    await services.mail.close();
    await sessions.flush();
    await endedSessions?.stop();
    await db.close();
  });

  if (options.stop?.aborted) {
    await app.close();
    throw new StartupStopped();
  }
  return app;
}
