/**
 * The composition root: every repository, service and rate limit of the server is built here, once.
 * app.ts registers each module's routes over what buildServices returns; the command line and the
 * benches, which have no server configuration (no session secret, providers or SMS transport), use
 * buildDatabaseServices, the part that needs nothing but the database.
 */
import { API_BASE, buildPath, type LinkableProvider, OIDC_CALLBACK_PATH } from '@account/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { type LimitRule, rateLimiters } from './http/rate-limit.js';
import { emailCheck } from './integrations/email/email-check.js';
import { type OidcClient, oidcClient } from './integrations/identity/oidc.js';
import { type SmsTransport, smsTransportFor } from './integrations/sms/index.js';
import { vatCheck } from './integrations/vat/vat-check.js';
import { viesClient } from './integrations/vat/vies.js';
import type { LookOutcome } from './jobs/polling-job.js';
import { accountRepository } from './modules/account/repository.js';
import { accountService } from './modules/account/service.js';
import { addressesPart, addressRepository } from './modules/addresses/repository.js';
import { addressService } from './modules/addresses/service.js';
import { browserWatch } from './modules/auth/browsers.js';
import { authRepository } from './modules/auth/repository.js';
import { authService } from './modules/auth/service.js';
import { SECURITY_PAGE, signInSteps } from './modules/auth/sign-in.js';
import { avatarRepository } from './modules/avatar/repository.js';
import { UPLOAD_RATE_LIMIT } from './modules/avatar/routes.js';
import { avatarService } from './modules/avatar/service.js';
import { codeLimits } from './modules/codes/limits.js';
import { emailRepository } from './modules/email/repository.js';
import { emailService } from './modules/email/service.js';
import { idempotencyRepository } from './modules/idempotency/repository.js';
import { idempotencyService } from './modules/idempotency/service.js';
import { apiKeyStore } from './modules/integration/api-keys.js';
import type { OwnersOn } from './modules/integration/records.js';
import { integrationRepository } from './modules/integration/repository.js';
import { integrationService } from './modules/integration/service.js';
import { mailRepository } from './modules/mail/repository.js';
import { brandingFrom, type MailMessage, mailServices } from './modules/mail/service.js';
import { alertJob } from './modules/notifications/alert-job.js';
import { notificationRepository } from './modules/notifications/repository.js';
import { type Messaging, NO_MESSAGING, notificationService } from './modules/notifications/service.js';
import { renderAheadJob } from './modules/orders/render-ahead-job.js';
import { invoicePdfRepository } from './modules/orders/repositories/invoice-pdfs.js';
import { returnRepository } from './modules/orders/repositories/returns.js';
import { shipmentRepository } from './modules/orders/repositories/shipments.js';
import { lastOrderPart, orderRepository } from './modules/orders/repository.js';
import { returnService } from './modules/orders/return-service.js';
import { orderService } from './modules/orders/service.js';
import { orderShopRecords } from './modules/orders/shop-records.js';
import { phoneRepository, smsLetterbox, telephoneCodeExpiryPart } from './modules/phone/repository.js';
import { phoneVerificationService } from './modules/phone/service.js';
import { preferenceRecordRepository, preferencesRepository } from './modules/preferences/repository.js';
import { preferencesService } from './modules/preferences/service.js';
import { preferenceShopRecords } from './modules/preferences/shop-records.js';
import { deletionJob } from './modules/privacy/deletion-job.js';
import { privacyExport } from './modules/privacy/export.js';
import { privacyRepository } from './modules/privacy/repository.js';
import { privacyService } from './modules/privacy/service.js';
import { productRepository } from './modules/products/repository.js';
import { productShopRecords } from './modules/products/shop-records.js';
import { profileRepository, shopperRecordRepository } from './modules/profile/repository.js';
import { profileService } from './modules/profile/service.js';
import { shopperShopRecords } from './modules/profile/shop-records.js';
import {
  achievementsPart,
  rewardRecordRepository,
  rewardsRepository,
  vouchersPart,
} from './modules/rewards/repository.js';
import { VOUCHER_CODE_LIMITS } from './modules/rewards/routes.js';
import { rewardsService } from './modules/rewards/service.js';
import { rewardShopRecords } from './modules/rewards/shop-records.js';
import { securityRepository } from './modules/security/repository.js';
import { securityService } from './modules/security/service.js';
import { SessionCache } from './modules/sessions/cache.js';
import { sessionRepository } from './modules/sessions/repository.js';
import { sessionService } from './modules/sessions/service.js';
import { stepUpRule } from './modules/sessions/step-up.js';
import { settingsRecordRepository, settingsRepository } from './modules/settings/repository.js';
import type { SettingsRouteOptions } from './modules/settings/routes.js';
import {
  NO_PUBLIC_PROVIDERS,
  type PublicProviders,
  type SettingsService,
  settingsService,
} from './modules/settings/service.js';
import { settingsShopRecords } from './modules/settings/shop-records.js';
import { webhookDispatcher } from './modules/webhooks/dispatcher.js';
import { webhookRepository } from './modules/webhooks/repository.js';
import { webhookStore } from './modules/webhooks/store.js';

export interface ServiceDeps {
  /** The HTTP client for outside systems: identity providers, the SMS provider, VIES, webhook endpoints. */
  fetch: typeof globalThis.fetch;
  log: FastifyBaseLogger;
  /** Told of sends, deliveries and the background jobs' looks, when metrics are on. */
  observe?: {
    smsSend(sent: boolean): void;
    mailSend(sent: boolean): void;
    webhookDelivery(delivered: boolean): void;
    jobLook(job: string, outcome: LookOutcome): void;
  };
}

/** The transport, with each send's outcome told to `observe`. */
function observedTransport(transport: SmsTransport, observe: ServiceDeps['observe']): SmsTransport {
  if (!observe) return transport;
  return {
    name: transport.name,
    async send(to, body) {
      try {
        await transport.send(to, body);
        observe.smsSend(true);
      } catch (error) {
        observe.smsSend(false);
        throw error;
      }
    },
  };
}

/** Calls to the email and VAT checks per client address, both counted together. */
const VALIDATION_LIMIT: LimitRule = { name: 'validation', points: 60, windowSeconds: 60 };

/** The repositories and the services that need no more than the database and the settings. */
export function buildDatabaseServices(
  db: Db,
  providers: PublicProviders = NO_PUBLIC_PROVIDERS,
  messaging: Messaging = NO_MESSAGING,
  secret?: string,
) {
  const { kysely, kind } = db;
  const repositories = {
    account: accountRepository(kysely, {
      lastOrder: lastOrderPart,
      addresses: addressesPart,
      achievements: achievementsPart(kysely),
      vouchers: vouchersPart,
      telephoneCodeExpiry: telephoneCodeExpiryPart,
    }),
    addresses: addressRepository(kysely, kind),
    auth: authRepository(kysely),
    email: emailRepository(kysely),
    mail: mailRepository(kysely, kind),
    idempotency: idempotencyRepository(kysely),
    avatar: avatarRepository(kysely),
    orders: orderRepository(kysely),
    invoicePdfs: invoicePdfRepository(kysely),
    products: productRepository(kysely),
    shipments: shipmentRepository(kysely),
    returns: returnRepository(kysely, kind),
    phone: phoneRepository(kysely),
    smsLetterbox: smsLetterbox(kysely),
    preferences: preferencesRepository(kysely, kind),
    privacy: privacyRepository(kysely),
    profile: profileRepository(kysely),
    rewards: rewardsRepository(kysely, kind),
    sessions: sessionRepository(kysely),
    settings: settingsRepository(kysely),
    integration: integrationRepository(kysely),
    webhooks: webhookRepository(kysely),
    notifications: notificationRepository(kysely, kind),
  };
  const settings: SettingsService = settingsService(repositories.settings, providers);
  const notifications = notificationService({
    repository: repositories.notifications,
    queue: repositories.mail.queue,
    settings,
    messaging,
    ...(secret !== undefined && { secret }),
  });
  const accounts = accountService(repositories.account, settings);
  const orders = orderService({
    repository: repositories.orders,
    shipments: repositories.shipments,
    pdfs: repositories.invoicePdfs,
    settings,
  });
  const returns = returnService({ orders: repositories.orders, returns: repositories.returns, settings });
  /** The one reading of a shopper's data: their download, the integration API's export, the command line's. */
  const ownersOn: OwnersOn = (executor) => ({
    shoppers: shopperShopRecords(shopperRecordRepository(executor)),
    preferences: preferenceShopRecords(preferenceRecordRepository(executor)),
    products: productShopRecords(productRepository(executor)),
    orders: orderShopRecords(orderRepository(executor), shipmentRepository(executor), returnRepository(executor, kind)),
    rewards: rewardShopRecords(rewardRecordRepository(executor)),
    settings: settingsShopRecords(settingsRecordRepository(executor)),
    notices: {
      tell: (shopperId, event, message) => notifications.tell(executor, shopperId, event, message),
      order: (orderId) => repositories.notifications.order(orderId, executor),
    },
  });
  const exports = privacyExport({
    repository: repositories.privacy,
    orderRecords: orderShopRecords(repositories.orders, repositories.shipments, repositories.returns),
    orders,
  });
  return {
    repositories,
    settings,
    accounts,
    auth: authService(repositories.auth, settings),
    avatars: avatarService(repositories.avatar),
    idempotency: idempotencyService(repositories.idempotency),
    orders,
    returns,
    exports,
    rewards: rewardsService(repositories.rewards),
    integration: integrationService({
      db: kysely,
      ownersOn,
      repository: repositories.integration,
      settings,
      accounts,
      exports,
      scrubErased: () => db.scrubErased(),
      accountUrl: messaging.accountUrl,
    }),
    notifications,
    apiKeys: apiKeyStore(repositories.integration),
    webhooks: webhookStore(repositories.webhooks),
  };
}

export type DatabaseServices = ReturnType<typeof buildDatabaseServices>;

/** What the settings report of the configured sign-in providers (the site configuration's flags and ids). */
function publicProviders(config: Config): PublicProviders {
  const { providers } = config;
  return {
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
    emailSignIn: config.mail.transport !== 'none',
    passkeys: config.passkeys !== null,
    redirectAllowList: config.redirectAllowList,
  };
}

/** The sign-in providers the shop has configured, in the login page's order: the ones a shopper can link. */
function enabledProviders(config: Config): LinkableProvider[] {
  const { providers } = config;
  const enabled: [LinkableProvider, unknown][] = [
    ['sso', config.sso],
    ['google', providers.google],
    ['facebook', providers.facebook],
    ['apple', providers.apple],
    ['auth0', providers.auth0],
    ['steam', providers.steam],
    ['telegram', providers.telegram],
  ];
  return enabled.filter(([, settings]) => settings !== undefined).map(([name]) => name);
}

/** The OpenID Connect providers by name: 'sso' (the company single sign-on) and 'auth0', when configured. */
function oidcClients(config: Config): Record<string, OidcClient> {
  const clients: Record<string, OidcClient> = {};
  for (const [name, settings] of [
    ['sso', config.sso],
    ['auth0', config.providers.auth0],
  ] as const) {
    if (!settings) continue;
    clients[name] = oidcClient({
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      redirectUri: `${config.publicUrl}${API_BASE}${buildPath(OIDC_CALLBACK_PATH, { provider: name })}`,
    });
  }
  return clients;
}

/** Everything the server runs on, from its configuration. */
export function buildServices(db: Db, config: Config, deps: ServiceDeps) {
  const base = buildDatabaseServices(
    db,
    publicProviders(config),
    {
      accountUrl: `${config.publicUrl}/account`,
      email: config.mail.transport !== 'none',
      sms: config.sms.transport !== 'none',
    },
    config.sessionSecret,
  );
  const { repositories, settings, accounts } = base;
  const emails = emailCheck({ checkMx: config.emailMxCheck });

  if (config.sms.transport === 'none') {
    deps.log.warn('No SMS provider configured: sending verification codes answers 503 (set SMS_TRANSPORT)');
  } else if (config.sms.transport === 'outbox' && !config.demo) {
    deps.log.warn('SMS_TRANSPORT=outbox: verification texts are stored in sms_outbox, not sent');
  }
  if (config.mail.transport === 'none') {
    deps.log.warn('No mail transport configured: email verification and sign-in by email are off (set MAIL_TRANSPORT)');
  } else if (config.mail.transport === 'outbox' && !config.demo) {
    deps.log.warn('MAIL_TRANSPORT=outbox: emails are stored in mail_outbox, not sent');
  }
  const smsTransport = observedTransport(
    smsTransportFor(config.sms, { keep: repositories.smsLetterbox.keep, fetch: deps.fetch }),
    deps.observe,
  );
  const { notifications } = base;
  const mail = mailServices(config.mail, {
    repository: repositories.mail,
    kind: db.kind,
    branding: async () => brandingFrom(await settings.stored(), config.publicUrl),
    texts: (preference) => settings.messageTexts(preference),
    log: deps.log,
    links: (audience, channel) => ({
      unsubscribeUrl: notifications.unsubscribeUrl(audience, channel),
      settingsUrl: notifications.settingsUrl(),
    }),
    ...(config.sms.transport !== 'none' && { sendText: (to: string, body: string) => smsTransport.send(to, body) }),
    ...(deps.observe && { onSend: deps.observe.mailSend, onLook: deps.observe.jobLook }),
  });
  /**
   * A security notice to the shopper's email, when it is verified (an unproven address may be
   * anyone's). Queuing it never fails what it tells of: a failure is logged.
   */
  const notifyShopper = async (shopperId: number, message: MailMessage): Promise<void> => {
    try {
      const shopper = await repositories.account.shopper(shopperId);
      if (!shopper || shopper.emailVerifiedBy === null || shopper.email === '') return;
      await mail.mailer.notify(shopper.email, shopper.defaultLanguage, message);
    } catch (error) {
      deps.log.warn({ err: error, shopperId, notice: message.kind }, 'security notice not queued');
    }
  };
  /** The one step-up rule of every call that changes a way into the account. */
  const stepUp = stepUpRule(config.recentSignInSeconds);
  const emailVerification = emailService(repositories.email, {
    secret: config.sessionSecret,
    codeTtlSeconds: config.emailCodes.codeTtlSeconds,
    stepUp,
    mailer: mail.mailer,
  });
  /** Live on PostgreSQL while ended sessions are heard (app.ts listens). */
  const sessionCache = new SessionCache();
  const privacy = privacyService({
    repository: repositories.privacy,
    email: emailVerification,
    settings,
    mailer: mail.mailer,
    graceDays: config.privacy.deletionGraceDays,
    stepUp,
    sessionsEnded: (shopperId) => sessionCache.forgetShopper(shopperId),
    scrubErased: () => db.scrubErased(),
  });
  const auth = authService(repositories.auth, settings, {
    onLinked: (shopperId, provider) =>
      notifyShopper(shopperId, { kind: 'sign-in-method-linked', method: provider, detail: null }),
  });
  const vies = config.vies ? viesClient({ ...config.vies, fetch: deps.fetch }) : null;

  const locales: SettingsRouteOptions = {
    settings,
    shopperLocale: async (shopperId) => {
      const shopper = await repositories.account.shopper(shopperId);
      return shopper
        ? { language: shopper.defaultLanguage, country: shopper.defaultCountry, currency: shopper.defaultCurrency }
        : null;
    },
    saveShopperLocale: (shopperId, locale) =>
      repositories.account.saveLocale(shopperId, locale, new Date().toISOString()),
  };

  const limit = rateLimiters(db.raw);
  const phoneRules = config.phoneVerification;
  const limits = {
    /** Sign-in attempts per client address, all providers together. */
    signIn: limit({ name: 'sign-in', points: config.signInRateLimit, windowSeconds: 15 * 60 }),
    validation: limit(VALIDATION_LIMIT),
    /** Integration API calls per API key. */
    integration: limit({ name: 'integration', points: config.integrationRateLimit, windowSeconds: 60 }),
    avatarUpload: limit(UPLOAD_RATE_LIMIT),
    /** Data downloads per shopper per day. */
    dataExport: limit({ name: 'data-export', points: config.privacy.exportsPerDay, windowSeconds: 24 * 3600 }),
    voucherCode: {
      perShopper: limit(VOUCHER_CODE_LIMITS.perShopper),
      perAddress: limit(VOUCHER_CODE_LIMITS.perAddress),
    },
    phone: codeLimits(
      limit,
      {
        gap: 'sms-gap',
        shopper: 'sms-shopper',
        recipient: 'sms-number',
        client: 'sms-address',
        all: 'sms-all',
        verify: 'phone-verify',
      },
      phoneRules,
    ),
    email: codeLimits(
      limit,
      {
        gap: 'email-gap',
        shopper: 'email-shopper',
        recipient: 'email-recipient',
        client: 'email-client',
        all: 'email-all',
        verify: 'email-verify',
      },
      config.emailCodes,
    ),
  };

  return {
    ...base,
    sessions: sessionService(
      repositories.sessions,
      { idleTimeoutSeconds: config.sessionIdleTimeout, maxAgeSeconds: config.sessionMaxAge },
      { cache: sessionCache },
    ),
    sessionCache,
    auth,
    signIn: signInSteps({
      auth,
      accounts,
      publicUrl: config.publicUrl,
      redirectAllowList: config.redirectAllowList,
      secret: config.sessionSecret,
      keepAccount: (shopperId) => privacy.keepOnSignIn(shopperId),
      browsers: browserWatch(repositories.auth, {
        secure: config.publicUrl.startsWith('https:'),
        onNewBrowser: ({ shopperId, browser, at, method }) =>
          notifyShopper(shopperId, {
            kind: 'new-browser-sign-in',
            browser,
            at,
            method,
            sessionsUrl: `${config.publicUrl}${SECURITY_PAGE}`,
          }),
      }),
    }),
    email: emailVerification,
    stepUp,
    security: securityService({
      repository: securityRepository(db.kysely, db.kind),
      passkeys: config.passkeys,
      secret: config.sessionSecret,
      providers: enabledProviders(config),
      emailSignIn: config.mail.transport !== 'none',
      companyName: async () => (await settings.stored()).companyName,
      onChange: (shopperId, change) =>
        notifyShopper(shopperId, {
          kind: change.change === 'linked' ? 'sign-in-method-linked' : 'sign-in-method-removed',
          method: change.method === 'passkey' ? 'passkey' : change.provider,
          detail: change.method === 'passkey' ? change.name : null,
        }),
    }),
    oidc: oidcClients(config),
    phone: phoneVerificationService(repositories.phone, {
      secret: config.sessionSecret,
      codeTtlSeconds: phoneRules.codeTtlSeconds,
      transport: smsTransport,
      companyName: async () => (await settings.stored()).companyName,
      texts: (preference) => settings.messageTexts(preference),
      onVerified: (shopperId, telephone) => notifyShopper(shopperId, { kind: 'phone-verified', telephone }),
    }),
    preferences: preferencesService(repositories.preferences, emails, emailVerification),
    profile: profileService(repositories.profile, emails, emailVerification, (shopperId, telephone) =>
      notifyShopper(shopperId, { kind: 'phone-changed', telephone }),
    ),
    addresses: addressService({
      repository: repositories.addresses,
      settings,
      emails,
      vat: vatCheck({ vies, log: deps.log }),
    }),
    locales,
    /** Emails: codes sent at once, security notices through the durable queue. */
    mailer: mail.mailer,
    /** The notice queue's dispatcher and upkeep (app.ts starts and stops it). */
    mail,
    privacy,
    /** Erases accounts whose grace period is over (app.ts starts and stops it). */
    deletionJob: deletionJob({
      privacy,
      kind: db.kind,
      pollIntervalMs: config.privacy.deletionPollIntervalMs,
      log: deps.log,
      onLook: deps.observe?.jobLook,
    }),
    webhookDispatcher: webhookDispatcher({
      repository: repositories.webhooks,
      kind: db.kind,
      fetch: deps.fetch,
      pollIntervalMs: config.webhooks.pollIntervalMs,
      timeoutMs: config.webhooks.timeoutMs,
      retryBaseMs: config.webhooks.retryBaseMs,
      log: deps.log,
      ...(deps.observe && { onDelivery: deps.observe.webhookDelivery, onLook: deps.observe.jobLook }),
    }),
    /** Invoices of shoppers with many, rendered and kept ahead of their export (app.ts starts and stops it). */
    renderAheadJob: renderAheadJob({
      pdfs: repositories.invoicePdfs,
      orders: base.orders,
      log: deps.log,
      ...(deps.observe && { onLook: deps.observe.jobLook }),
    }),
    /** Wishlist alerts: the fan-out and the digests (app.ts starts and stops it). */
    alertJob: alertJob({
      repository: repositories.notifications,
      notifications,
      settings,
      accountUrl: `${config.publicUrl}/account`,
      pollIntervalMs: config.mail.pollIntervalMs,
      // SQLite's one connection is held for a whole statement: small batches keep the requests
      // waiting behind one within DESIGN §8 (5,000 held it up to 100 ms; the bench's alerts).
      fanOutBatch: db.kind === 'sqlite' ? 500 : 5_000,
      log: deps.log,
      ...(deps.observe && { onLook: deps.observe.jobLook }),
    }),
    limits,
  };
}
