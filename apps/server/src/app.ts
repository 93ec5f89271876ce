/**
 * buildApp(config): the whole server as one Fastify instance, used by main.ts and by the tests.
 * Opens and migrates the database, seeds the demo shop in demo mode, and registers every module.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Config } from './config.js';
import { type Db, openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { registerDemoContentPages } from './demo/content-pages.js';
import { DEMO_CLIENT_ID, registerDemoIdentityProvider } from './demo/identity-provider.js';
import { registerDemoShop } from './demo/shop.js';
import { registerErrorHandling } from './http/errors.js';
import { featureCheck, type RouteDeps } from './http/route.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerSessions } from './http/sessions.js';
import { registerSpa } from './http/spa.js';
import { validatorCompiler } from './http/validation.js';
import { type OidcClient, oidcClient } from './integrations/identity/oidc.js';
import { accountRepository } from './modules/account/repository.js';
import { registerAccountRoutes } from './modules/account/routes.js';
import { accountService } from './modules/account/service.js';
import { authRepository } from './modules/auth/repository.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { authService } from './modules/auth/service.js';
import { orderRepository } from './modules/orders/repository.js';
import { sessionRepository } from './modules/sessions/repository.js';
import { sessionService } from './modules/sessions/service.js';
import { settingsRepository } from './modules/settings/repository.js';
import { registerSettingsRoutes, requestLocale } from './modules/settings/routes.js';
import { settingsService } from './modules/settings/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface BuildOptions {
  /** Where the built web app lives; defaults to apps/web/dist of this repository. */
  webDist?: string;
  /** Pretty or JSON logs; tests pass false to keep quiet. */
  logger?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const SWEEP_INTERVAL_MS = 15 * 60_000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  try {
    await migrateToLatest(db);
    if (config.demo) await seedDemo(db.kysely, { publicUrl: config.publicUrl });
  } catch (error) {
    await db.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
  });
  app.decorate('db', db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const secure = config.publicUrl.startsWith('https:');
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, { secure });
  registerErrorHandling(app);

  const settings = settingsService(settingsRepository(db.kysely), { singleSignOn: config.sso !== undefined });
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
  };

  const oidc: Record<string, OidcClient> = {};
  if (config.sso) {
    oidc.sso = oidcClient({
      issuer: config.sso.issuer,
      clientId: config.sso.clientId,
      clientSecret: config.sso.clientSecret,
      redirectUri: `${config.publicUrl}/account/api/v1/login/oidc/callback/sso`,
    });
  }

  registerAccountRoutes(app, deps, accountService(accounts, orderRepository(db.kysely), settings));
  registerSettingsRoutes(app, deps, settingsOptions);
  registerAuthRoutes(app, deps, {
    auth: authService(authRepository(db.kysely), settings),
    oidc,
    publicUrl: config.publicUrl,
    redirectAllowList: config.redirectAllowList,
  });

  app.get('/account/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  });

  if (config.demo) {
    await registerDemoIdentityProvider(app, {
      publicUrl: config.publicUrl,
      companyName: async () => (await settings.stored()).companyName,
    });
    registerDemoShop(app, { settings });
    registerDemoContentPages(app, settings);
  }
  if (config.sso?.clientId === DEMO_CLIENT_ID && !config.demo) {
    app.log.warn('SSO_CLIENT_ID is the demo client id outside demo mode');
  }

  await registerSpa(app, {
    webDist: options.webDist ?? DEFAULT_WEB_DIST,
    siteConfig: async (request) => settings.siteConfig((await requestLocale(request, settingsOptions)).language),
  });

  const sweeper = setInterval(() => {
    sessions.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await db.close();
  });

  return app;
}
