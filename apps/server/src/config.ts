/**
 * Environment -> typed configuration. Every variable is validated here and nowhere else; a bad
 * value stops the server at startup with a message that names the variable and what it needs.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const TRUE_WORDS = ['true', '1', 'yes', 'on'] as const;
const FALSE_WORDS = ['false', '0', 'no', 'off'] as const;
const isOneOf = (words: readonly string[], value: string) => words.includes(value);

/** A yes/no whose default depends on other variables: undefined when not set. */
const optionalBool = z
  .enum([...TRUE_WORDS, ...FALSE_WORDS], { error: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : isOneOf(TRUE_WORDS, v)));

const bool = (fallback: boolean) => optionalBool.transform((v) => v ?? fallback);

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** A variable that no longer exists: set, it stops the start with the name of the one that took its place. */
const replacedBy = (name: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined, `is replaced by ${name} (one window for every step-up), set that instead`);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const url = (protocols: RegExp, what: string) =>
  optionalText.refine((v) => {
    if (v === undefined) return true;
    try {
      return protocols.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be an absolute ${what} URL`);

/**
 * Which proxies' X-Forwarded-For is believed for the client address (request.ip, the key of every
 * per-address limit): none, a number of proxies in front, or proxies at these addresses/CIDRs.
 */
export type TrustProxy = false | number | string[];

/** No real chain is longer; counting more proxies than there are hands the address to the client. */
const MAX_PROXY_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const IPV4_BITS = 32;
const IPV6_BITS = 128;
/** ::ffff:0:0/96, where IPv6 writes IPv4 addresses: the proxy check matches IPv4 clients against it too. */
const MAPPED_IPV4 = 0xffffn << 32n;

const ipv4Value = (address: string) => address.split('.').reduce((n, octet) => (n << 8n) | BigInt(octet), 0n);

function ipv6Groups(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [Number.parseInt(group, 16)];
    const value = Number(ipv4Value(group));
    return [Math.floor(value / 0x10000), value % 0x10000];
  });
}

function ipv6Value(address: string): bigint {
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::');
  const front = ipv6Groups(head);
  const back = tail === undefined ? [] : ipv6Groups(tail);
  const groups = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.reduce((n, group) => (n << 16n) | BigInt(group), 0n);
}

/** Whether the ranges leave no address of a `bits`-wide family out. */
function coverAll(ranges: [bigint, bigint][], bits: number): boolean {
  let next = 0n;
  for (const [start, end] of ranges.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (start > next) return false;
    if (end + 1n > next) next = end + 1n;
  }
  return next >= 1n << BigInt(bits);
}

/**
 * The family whose every client address a list of addresses/CIDRs trusts, if any: `0.0.0.0/0`, but
 * also halves that add up to it (`0.0.0.0/1,128.0.0.0/1`) or IPv4 written as IPv6 (`::ffff:0:0/96`).
 * Trusting every address trusts whatever X-Forwarded-For a client sends, as `true` would.
 */
function trustsEveryClient(entries: string[]): 'IPv4' | 'IPv6' | null {
  const v4: [bigint, bigint][] = [];
  const v6: [bigint, bigint][] = [];
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const bits = isIP(address) === 4 ? IPV4_BITS : IPV6_BITS;
    const value = bits === IPV4_BITS ? ipv4Value(address) : ipv6Value(address);
    const size = 1n << BigInt(bits - (prefix === undefined ? bits : Number(prefix)));
    const range: [bigint, bigint] = [value - (value % size), value - (value % size) + size - 1n];
    if (bits === IPV4_BITS) {
      v4.push(range);
      continue;
    }
    v6.push(range);
    const [start, end] = [
      range[0] > MAPPED_IPV4 ? range[0] : MAPPED_IPV4,
      range[1] < MAPPED_IPV4 + 0xffffffffn ? range[1] : MAPPED_IPV4 + 0xffffffffn,
    ];
    if (start <= end) v4.push([start - MAPPED_IPV4, end - MAPPED_IPV4]);
  }
  if (coverAll(v4, IPV4_BITS)) return 'IPv4';
  return coverAll(v6, IPV6_BITS) ? 'IPv6' : null;
}

const trustProxy = optionalText.transform((v, ctx): TrustProxy => {
  const word = v?.toLowerCase();
  if (word === undefined || isOneOf(FALSE_WORDS, word)) return false;
  const wanted = 'a number of proxies in front (1 behind one load balancer) or their addresses/CIDRs (e.g. 10.0.0.0/8)';
  if (/^\d+$/.test(word)) {
    const hops = Number(word);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return hops;
    ctx.addIssue({ code: 'custom', message: `must be from 1 to ${MAX_PROXY_HOPS} proxies, or their addresses/CIDRs` });
    return z.NEVER;
  }
  if (isOneOf(TRUE_WORDS, word)) {
    // Trusting every proxy trusts whatever X-Forwarded-For the client itself sends: one made-up
    // address per request would escape every per-address rate limit.
    ctx.addIssue({ code: 'custom', message: `true trusts any client's X-Forwarded-For; set ${wanted}` });
    return z.NEVER;
  }
  const entries = word.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `'${bad}' is not an IP address or CIDR; set ${wanted}` });
    return z.NEVER;
  }
  const everyone = trustsEveryClient(entries);
  if (everyone !== null) {
    ctx.addIssue({
      code: 'custom',
      message: `'${v}' trusts every ${everyone} client, so any client's X-Forwarded-For; set ${wanted}`,
    });
    return z.NEVER;
  }
  return entries;
});

const Env = z.object({
  PORT: int(3000, 1, 65535),
  HOST: optionalText.default('127.0.0.1'),
  PUBLIC_URL: url(/^https?:$/, 'http(s)'),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: url(/^postgres(ql)?:$/, 'postgres://'),
  DATABASE_POOL_SIZE: int(10, 1, 200),
  DATABASE_STATEMENT_TIMEOUT_MS: int(5000, 100, 3_600_000),
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  SESSION_IDLE_TIMEOUT: int(7 * 24 * 3600, 60, 365 * 24 * 3600),
  SESSION_MAX_AGE: int(30 * 24 * 3600, 60, 365 * 24 * 3600),
  DEMO: bool(false),
  DEV_IDENTITY_PROVIDER: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  LOG_SHORT_CLIENT_ADDRESSES: optionalBool,
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: trustProxy,
  REDIRECT_ALLOWLIST: optionalText,
  SSO_ISSUER: url(/^https?:$/, 'http(s)'),
  SSO_CLIENT_ID: optionalText,
  SSO_CLIENT_SECRET: optionalText,
  EMAIL_MX_CHECK: bool(false),
  SIGN_IN_RATE_LIMIT: int(30, 1, 1_000_000),
  INTEGRATION_RATE_LIMIT: int(1200, 1, 10_000_000),
  SHUTDOWN_DRAIN_MS: int(5000, 0, 600_000),
  METRICS_PORT: int(0, 0, 65535),
  METRICS_HOST: optionalText.default('127.0.0.1'),
  // Set by the image build (Dockerfile: --build-arg BUILD_COMMIT=...); the bundle holds no .git.
  BUILD_COMMIT: optionalText,
  WEBHOOK_DELIVERY: bool(true),
  WEBHOOK_POLL_INTERVAL_MS: int(1000, 50, 600_000),
  WEBHOOK_TIMEOUT_MS: int(10_000, 100, 120_000),
  WEBHOOK_RETRY_BASE_MS: int(5000, 10, 3_600_000),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_ONE_TAP: bool(false),
  GOOGLE_JWKS_URL: url(/^https?:$/, 'http(s)'),
  GOOGLE_ISSUERS: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_REDIRECT_URL: url(/^https?:$/, 'http(s)'),
  APPLE_JWKS_URL: url(/^https?:$/, 'http(s)'),
  APPLE_ISSUER: optionalText,
  FACEBOOK_APP_ID: optionalText,
  FACEBOOK_APP_SECRET: optionalText,
  FACEBOOK_GRAPH_URL: url(/^https?:$/, 'http(s)'),
  STEAM_ENABLED: bool(false),
  STEAM_OPENID_ENDPOINT: url(/^https?:$/, 'http(s)'),
  AUTH0_ISSUER: url(/^https?:$/, 'http(s)'),
  AUTH0_CLIENT_ID: optionalText,
  AUTH0_CLIENT_SECRET: optionalText,
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_BOT_NAME: optionalText,
  TELEGRAM_AUTH_MAX_AGE: int(3600, 60, 7 * 24 * 3600),
  TELEGRAM_REDIRECT_URL: url(/^https?:$/, 'http(s)'),
  SMS_TRANSPORT: z.enum(['outbox', 'twilio'], { error: 'must be outbox or twilio' }).optional(),
  SMS_API_URL: url(/^https?:$/, 'http(s)'),
  SMS_TIMEOUT_MS: int(5_000, 100, 60_000),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_MESSAGING_SERVICE_SID: optionalText,
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'none'], { error: 'must be outbox, smtp or none' }).optional(),
  MAIL_FROM: optionalText.refine((v) => v === undefined || mailboxAddress(v) !== null, {
    error: "must be an email address, optionally with a name: 'Shop <no-reply@shop.example>'",
  }),
  MAIL_TIMEOUT_MS: int(10_000, 100, 120_000),
  MAIL_RETRY_BASE_MS: int(30_000, 10, 3_600_000),
  MAIL_POLL_INTERVAL_MS: int(1000, 50, 600_000),
  SMTP_HOST: optionalText,
  SMTP_PORT: int(0, 1, 65535),
  SMTP_SECURE: bool(false),
  SMTP_STARTTLS: z
    .enum(['required', 'opportunistic'], { error: 'must be required or opportunistic' })
    .optional()
    .default('required'),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  PHONE_CODE_TTL: int(600, 10, 3600),
  PHONE_CODE_RESENDS: int(5, 1, 1000),
  PHONE_CODE_RESEND_INTERVAL: int(30, 0, 3600),
  PHONE_VERIFY_RATE_LIMIT: int(30, 1, 1_000_000),
  PHONE_CODE_IP_LIMIT: int(10, 1, 1_000_000),
  PHONE_CODE_GLOBAL_LIMIT: int(500, 1, 10_000_000),
  EMAIL_CODE_TTL: int(600, 10, 3600),
  EMAIL_CODE_RESENDS: int(5, 1, 1000),
  EMAIL_CODE_RESEND_INTERVAL: int(30, 0, 3600),
  EMAIL_VERIFY_RATE_LIMIT: int(30, 1, 1_000_000),
  EMAIL_CODE_IP_LIMIT: int(10, 1, 1_000_000),
  EMAIL_CODE_GLOBAL_LIMIT: int(1000, 1, 10_000_000),
  ACCOUNT_DELETION_GRACE_DAYS: int(0, 0, 365),
  RECENT_SIGN_IN: int(600, 60, 24 * 3600),
  EMAIL_CHANGE_RECENT_SIGN_IN: replacedBy('RECENT_SIGN_IN'),
  ACCOUNT_DELETION_RECENT_SIGN_IN: replacedBy('RECENT_SIGN_IN'),
  ACCOUNT_DELETION_POLL_INTERVAL_MS: int(60_000, 50, 3_600_000),
  DATA_EXPORT_RATE_LIMIT: int(3, 1, 1000),
  PASSKEYS: bool(true),
  VIES_URL: url(/^https?:$/, 'http(s)'),
  VIES_TIMEOUT_MS: int(3_000, 100, 60_000),
  API_DOCS: optionalBool,
});

/** Sign-in providers besides the company single sign-on; each is on when its settings are given. */
export interface ProvidersConfig {
  google?: { clientId: string; oneTap: boolean; jwksUrl: string; issuers: string[] };
  apple?: { clientId: string; redirectUrl: string | undefined; jwksUrl: string; issuer: string };
  facebook?: { appId: string; appSecret: string; graphUrl: string };
  steam?: { endpoint: string };
  auth0?: { issuer: string; clientId: string; clientSecret: string | undefined };
  telegram?: { botToken: string; botName: string; maxAgeSeconds: number; redirectUrl: string | undefined };
}

/** The providers' real endpoints; each is configurable so tests can run against local stand-ins. */
export const PROVIDER_DEFAULTS = {
  googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  googleIssuers: ['https://accounts.google.com', 'accounts.google.com'],
  appleJwksUrl: 'https://appleid.apple.com/auth/keys',
  appleIssuer: 'https://appleid.apple.com',
  facebookGraphUrl: 'https://graph.facebook.com/v19.0',
  steamEndpoint: 'https://steamcommunity.com/openid/login',
} as const;

/**
 * Where verification texts go: the letterbox, the sms_outbox table (demo, development), Twilio's REST API, or nowhere
 * ('none': outside demo mode without a provider, sending answers 503 rather than dropping texts).
 */
export type SmsConfig =
  | { transport: 'outbox' }
  | { transport: 'none' }
  | {
      transport: 'twilio';
      accountSid: string;
      authToken: string;
      /** The sender number; or a messaging service picks one. One of the two is set. */
      from: string | undefined;
      messagingServiceSid: string | undefined;
      /** Base of the REST API, without a trailing slash. */
      apiUrl: string;
      timeoutMs: number;
    };

/** The limits of one-time codes, by SMS and by email alike. */
export interface CodeRules {
  /** How long a sent code stays valid. */
  codeTtlSeconds: number;
  /** Codes sent per hour, per shopper and per number. */
  resendsPerHour: number;
  /** The least time between two codes for one shopper (0: no gap). */
  resendIntervalSeconds: number;
  /** Code submissions per hour per shopper. */
  verifyAttemptsPerHour: number;
  /** Codes sent per hour per client address: new accounts cost nothing, so per shopper is not enough. */
  sendsPerAddressPerHour: number;
  /** Codes sent per hour in all, over every instance: caps what a spread-out attack can cost. */
  sendsInAllPerHour: number;
}

export type EmailCodeRules = CodeRules;

export const SMS_DEFAULTS = { twilioApiUrl: 'https://api.twilio.com' } as const;

/** An SMTP server's connection settings. */
export interface SmtpSettings {
  host: string;
  /** 465 with implicit TLS, else 587 unless SMTP_PORT says otherwise. */
  port: number;
  /** Implicit TLS from the first byte (SMTPS, port 465). */
  secure: boolean;
  /** Without implicit TLS: refuse a server that does not offer STARTTLS, or send in the clear then. */
  startTls: 'required' | 'opportunistic';
  auth: { user: string; password: string } | undefined;
}

/**
 * Where emails go: the letterbox, the mail_outbox table (demo, development: read at /demo-mail), an SMTP server,
 * or nowhere ('none': outside demo mode without a server the email features are off).
 */
export type MailConfig = (
  | { transport: 'outbox' }
  | { transport: 'none' }
  | { transport: 'smtp'; smtp: SmtpSettings }
) & {
  /** The sender: an address, with or without a display name (without one the shop's name is used). */
  from: string;
  /** The longest one send may take, connecting included; a code's sender then answers 503. */
  timeoutMs: number;
  /** Notices: the wait after the first failed attempt (doubling after each), and how often to look for due ones. */
  retryBaseMs: number;
  pollIntervalMs: number;
};

/** 'Name <address>' or a bare address: the address, or null when there is none. */
export function mailboxAddress(value: string): string | null {
  const inBrackets = /^[^<>]*<([^<>\s]+)>$/.exec(value.trim());
  const address = inBrackets ? inBrackets[1] : value.trim();
  return address && /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(address) ? address : null;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the SQLite file DATA_DIR/account.db. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** PostgreSQL: a statement taking longer while serving is cancelled, and the call answers 503. */
  databaseStatementTimeoutMs: number;
  sessionSecret: string;
  sessionIdleTimeout: number;
  sessionMaxAge: number;
  demo: boolean;
  /** Mount the demo identity provider (always in demo mode): sign in as any email address. Never in production. */
  devIdentityProvider: boolean;
  logLevel: string;
  /**
   * Request lines name the client's network (/24, /48) instead of its address; on by default in
   * production (GDPR: the least a shop needs). The rate limits still count the full address.
   */
  logShortClientAddresses: boolean;
  /** Every response checked against the contract before it is sent: everywhere but NODE_ENV=production. */
  checkResponses: boolean;
  trustProxy: TrustProxy;
  /**
   * The step-up rule's window (issue 44, ASVS 7.5.1): how old a sign-in may be to add, remove or
   * replace a way into the account (passkeys, linked methods, the verified email, deletion).
   */
  recentSignInSeconds: number;
  /** Origins besides our own that the authenticatedredirect cookie may send a shopper to. */
  redirectAllowList: string[];
  /** The company single sign-on (OpenID Connect); in demo mode the built-in identity provider. */
  sso: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  providers: ProvidersConfig;
  /** Also check that an email address's domain accepts mail (DNS MX), besides its syntax. */
  emailMxCheck: boolean;
  /** Sign-in attempts allowed per client address per 15 minutes. */
  signInRateLimit: number;
  /** Integration API calls allowed per API key per minute. */
  integrationRateLimit: number;
  /** Whether this instance delivers webhooks, how often it looks for due ones, and how long an endpoint may take. */
  webhooks: { deliver: boolean; pollIntervalMs: number; timeoutMs: number; retryBaseMs: number };
  /** After SIGTERM: how long readiness says 503 while requests are still served, before the listener closes. */
  shutdownDrainMs: number;
  /** Prometheus metrics on a port of their own (METRICS_PORT; 0 = none). */
  metrics: { port: number; host: string; commit: string | null } | null;
  sms: SmsConfig;
  mail: MailConfig;
  phoneVerification: CodeRules;
  emailCodes: EmailCodeRules;
  /**
   * Passkeys (WebAuthn): the relying party is the host of PUBLIC_URL and its origin. Null when off
   * (PASSKEYS=false), or when PUBLIC_URL is plain http on another host than localhost, where
   * browsers offer no WebAuthn.
   */
  passkeys: { rpId: string; origin: string } | null;
  /** The EU VIES check of VAT numbers, after the offline one; off when VIES_URL is not set. */
  vies: { url: string; timeoutMs: number } | undefined;
  /** Issue 21: the data download and the deletion of accounts. */
  privacy: {
    /** Days a deletion waits, during which a sign-in cancels it; 0 erases at once. */
    deletionGraceDays: number;
    /** How often each instance looks for deletions whose grace period is over. */
    deletionPollIntervalMs: number;
    /** Downloads of their data per shopper per day. */
    exportsPerDay: number;
  };
  /** Serve the OpenAPI documents and their viewer under /account/api/docs; by default only in demo mode. */
  apiDocs: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function sessionSecretFor(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Pieces of the made-up secrets of examples and sample configurations. */
const PLACEHOLDER_PARTS = [
  'change',
  'secret',
  'example',
  'sample',
  'placeholder',
  'replace',
  'your-',
  'your_',
  'password',
  'dummy',
  'default',
  'insecure',
  'qwerty',
  '01234567',
  '12345678',
  'abcdefgh',
];
/** Estimated bits below which a secret is refused: 32 random hex characters carry about 115. */
const MIN_SECRET_BITS = 80;

/** The Shannon entropy of the string's own character frequencies, times its length, in bits. */
function estimatedBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}

/** Whether the text is one shorter piece over and over (abcabcab...), which the bits overrate. */
function isRepetition(text: string): boolean {
  for (let period = 1; period <= text.length / 2; period++) {
    if (text.slice(period) === text.slice(0, -period)) return true;
  }
  return false;
}

/** Why a session secret could be guessed, or undefined when it looks random. */
function weakSecret(secret: string): string | undefined {
  const lower = secret.toLowerCase();
  const part = PLACEHOLDER_PARTS.find((p) => lower.includes(p));
  if (part !== undefined) return `looks like a placeholder (it contains '${part}')`;
  if (/(.)\1{7}/.test(secret) || isRepetition(secret)) return 'repeats itself';
  if (estimatedBits(secret) < MIN_SECRET_BITS) return 'is too predictable (too few different characters)';
  return undefined;
}

function parseOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list.split(',').map((entry) => {
    try {
      return new URL(entry.trim()).origin;
    } catch {
      throw new ConfigError(`Invalid configuration:\n  REDIRECT_ALLOWLIST: '${entry.trim()}' is not an absolute URL`);
    }
  });
}

function providersFrom(e: z.infer<typeof Env>): ProvidersConfig {
  const providers: ProvidersConfig = {};
  if (e.GOOGLE_CLIENT_ID) {
    providers.google = {
      clientId: e.GOOGLE_CLIENT_ID,
      oneTap: e.GOOGLE_ONE_TAP,
      jwksUrl: e.GOOGLE_JWKS_URL ?? PROVIDER_DEFAULTS.googleJwksUrl,
      issuers: e.GOOGLE_ISSUERS
        ? e.GOOGLE_ISSUERS.split(',').map((i) => i.trim())
        : [...PROVIDER_DEFAULTS.googleIssuers],
    };
  }
  if (e.APPLE_CLIENT_ID) {
    providers.apple = {
      clientId: e.APPLE_CLIENT_ID,
      redirectUrl: e.APPLE_REDIRECT_URL,
      jwksUrl: e.APPLE_JWKS_URL ?? PROVIDER_DEFAULTS.appleJwksUrl,
      issuer: e.APPLE_ISSUER ?? PROVIDER_DEFAULTS.appleIssuer,
    };
  }
  if (e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET) {
    providers.facebook = {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      graphUrl: (e.FACEBOOK_GRAPH_URL ?? PROVIDER_DEFAULTS.facebookGraphUrl).replace(/\/+$/, ''),
    };
  }
  if (e.STEAM_ENABLED) providers.steam = { endpoint: e.STEAM_OPENID_ENDPOINT ?? PROVIDER_DEFAULTS.steamEndpoint };
  if (e.AUTH0_ISSUER && e.AUTH0_CLIENT_ID) {
    providers.auth0 = { issuer: e.AUTH0_ISSUER, clientId: e.AUTH0_CLIENT_ID, clientSecret: e.AUTH0_CLIENT_SECRET };
  }
  if (e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_BOT_NAME) {
    providers.telegram = {
      botToken: e.TELEGRAM_BOT_TOKEN,
      botName: e.TELEGRAM_BOT_NAME,
      maxAgeSeconds: e.TELEGRAM_AUTH_MAX_AGE,
      redirectUrl: e.TELEGRAM_REDIRECT_URL,
    };
  }
  return providers;
}

function smsFrom(e: z.infer<typeof Env>): SmsConfig {
  const transport = e.SMS_TRANSPORT ?? (e.TWILIO_ACCOUNT_SID ? 'twilio' : e.DEMO ? 'outbox' : 'none');
  if (transport !== 'twilio') return { transport };
  const missing = [
    e.TWILIO_ACCOUNT_SID ? null : 'TWILIO_ACCOUNT_SID: required when SMS_TRANSPORT is twilio',
    e.TWILIO_AUTH_TOKEN ? null : 'TWILIO_AUTH_TOKEN: required when SMS_TRANSPORT is twilio',
    e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID
      ? null
      : 'TWILIO_FROM: required when SMS_TRANSPORT is twilio (or TWILIO_MESSAGING_SERVICE_SID)',
  ].filter((line) => line !== null);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  return {
    transport,
    accountSid: e.TWILIO_ACCOUNT_SID ?? '',
    authToken: e.TWILIO_AUTH_TOKEN ?? '',
    from: e.TWILIO_FROM,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
    apiUrl: (e.SMS_API_URL ?? SMS_DEFAULTS.twilioApiUrl).replace(/\/+$/, ''),
    timeoutMs: e.SMS_TIMEOUT_MS,
  };
}

function mailFrom(e: z.infer<typeof Env>, publicUrl: string): MailConfig {
  const transport = e.MAIL_TRANSPORT ?? (e.SMTP_HOST ? 'smtp' : e.DEMO ? 'outbox' : 'none');
  const common = {
    from: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    timeoutMs: e.MAIL_TIMEOUT_MS,
    retryBaseMs: e.MAIL_RETRY_BASE_MS,
    pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
  };
  if (transport !== 'smtp') return { transport, ...common };
  const missing = [
    e.SMTP_HOST ? null : 'SMTP_HOST: required when MAIL_TRANSPORT is smtp',
    e.MAIL_FROM ? null : "MAIL_FROM: required when MAIL_TRANSPORT is smtp (e.g. 'Shop <no-reply@shop.example>')",
    e.SMTP_USER && !e.SMTP_PASSWORD ? 'SMTP_PASSWORD: required when SMTP_USER is set' : null,
    e.SMTP_PASSWORD && !e.SMTP_USER ? 'SMTP_USER: required when SMTP_PASSWORD is set' : null,
  ].filter((line) => line !== null);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  return {
    transport,
    ...common,
    smtp: {
      host: e.SMTP_HOST ?? '',
      port: e.SMTP_PORT || (e.SMTP_SECURE ? 465 : 587),
      secure: e.SMTP_SECURE,
      startTls: e.SMTP_STARTTLS,
      auth: e.SMTP_USER && e.SMTP_PASSWORD ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD } : undefined,
    },
  };
}

/** Variables whose values are secrets. */
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|_KEY/;

function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    // A refused secret is never echoed: the message goes to logs and terminals.
    const got = env[name] === undefined || SECRET_NAME.test(name) ? '' : ` (got '${env[name]}')`;
    return `  ${name}: ${issue.message}${got}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

const DatabaseEnv = Env.pick({ DATA_DIR: true, DATABASE_URL: true, PUBLIC_URL: true, PORT: true });

/** Only where the data lives (and the public address): what the command line needs of the environment. */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(DatabaseEnv, env);
  return {
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
  };
}

/**
 * WebAuthn needs a secure context (https, or http on localhost) and a domain name as relying
 * party: browsers refuse an IP address.
 */
function passkeysFor(publicUrl: string): Config['passkeys'] {
  const url = new URL(publicUrl);
  const ipAddress = /^[\d.]+$|^\[/.test(url.hostname);
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  return !ipAddress && (url.protocol === 'https:' || local) ? { rpId: url.hostname, origin: url.origin } : null;
}

/** Reads the configuration from an environment; throws ConfigError with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(Env, env);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  if (!e.SESSION_SECRET && !e.DEMO) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: required outside demo mode (at least 32 random characters)',
    );
  }
  // Demo mode lets anyone sign in as anyone: a guessable secret there gives nothing away.
  const weak = e.SESSION_SECRET && !e.DEMO ? weakSecret(e.SESSION_SECRET) : undefined;
  if (weak) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_SECRET: ${weak}; use a random value, e.g. the output of openssl rand -base64 32`,
    );
  }
  if (e.SESSION_IDLE_TIMEOUT > e.SESSION_MAX_AGE) {
    throw new ConfigError('Invalid configuration:\n  SESSION_IDLE_TIMEOUT: must not exceed SESSION_MAX_AGE');
  }
  const requires: [set: unknown, needed: unknown, message: string][] = [
    [e.SSO_ISSUER, e.SSO_CLIENT_ID, 'SSO_CLIENT_ID: required when SSO_ISSUER is set'],
    [e.AUTH0_ISSUER, e.AUTH0_CLIENT_ID, 'AUTH0_CLIENT_ID: required when AUTH0_ISSUER is set'],
    [e.FACEBOOK_APP_ID, e.FACEBOOK_APP_SECRET, 'FACEBOOK_APP_SECRET: required when FACEBOOK_APP_ID is set'],
    [e.TELEGRAM_BOT_TOKEN, e.TELEGRAM_BOT_NAME, 'TELEGRAM_BOT_NAME: required when TELEGRAM_BOT_TOKEN is set'],
  ];
  const missing = requires.filter(([set, needed]) => set && !needed).map(([, , message]) => `  ${message}`);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);

  const demoIssuer = `${publicUrl}/demo-idp`;
  const devIdentityProvider = e.DEMO || e.DEV_IDENTITY_PROVIDER;
  const sso = e.SSO_ISSUER
    ? { issuer: e.SSO_ISSUER, clientId: e.SSO_CLIENT_ID ?? '', clientSecret: e.SSO_CLIENT_SECRET }
    : devIdentityProvider
      ? { issuer: demoIssuer, clientId: 'account-area', clientSecret: undefined }
      : undefined;

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    sessionSecret: e.SESSION_SECRET ?? sessionSecretFor(dataDir),
    sessionIdleTimeout: e.SESSION_IDLE_TIMEOUT,
    sessionMaxAge: e.SESSION_MAX_AGE,
    demo: e.DEMO,
    devIdentityProvider,
    logLevel: e.LOG_LEVEL,
    logShortClientAddresses: e.LOG_SHORT_CLIENT_ADDRESSES ?? e.NODE_ENV === 'production',
    checkResponses: e.NODE_ENV !== 'production',
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metrics: e.METRICS_PORT > 0 ? { port: e.METRICS_PORT, host: e.METRICS_HOST, commit: e.BUILD_COMMIT ?? null } : null,
    trustProxy: e.TRUST_PROXY,
    recentSignInSeconds: e.RECENT_SIGN_IN,
    redirectAllowList: parseOrigins(e.REDIRECT_ALLOWLIST),
    sso,
    emailMxCheck: e.EMAIL_MX_CHECK,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    integrationRateLimit: e.INTEGRATION_RATE_LIMIT,
    webhooks: {
      deliver: e.WEBHOOK_DELIVERY,
      pollIntervalMs: e.WEBHOOK_POLL_INTERVAL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    },
    providers: providersFrom(e),
    sms: smsFrom(e),
    mail: mailFrom(e, publicUrl),
    phoneVerification: {
      codeTtlSeconds: e.PHONE_CODE_TTL,
      resendsPerHour: e.PHONE_CODE_RESENDS,
      resendIntervalSeconds: e.PHONE_CODE_RESEND_INTERVAL,
      verifyAttemptsPerHour: e.PHONE_VERIFY_RATE_LIMIT,
      sendsPerAddressPerHour: e.PHONE_CODE_IP_LIMIT,
      sendsInAllPerHour: e.PHONE_CODE_GLOBAL_LIMIT,
    },
    emailCodes: {
      codeTtlSeconds: e.EMAIL_CODE_TTL,
      resendsPerHour: e.EMAIL_CODE_RESENDS,
      resendIntervalSeconds: e.EMAIL_CODE_RESEND_INTERVAL,
      verifyAttemptsPerHour: e.EMAIL_VERIFY_RATE_LIMIT,
      sendsPerAddressPerHour: e.EMAIL_CODE_IP_LIMIT,
      sendsInAllPerHour: e.EMAIL_CODE_GLOBAL_LIMIT,
    },
    passkeys: e.PASSKEYS ? passkeysFor(publicUrl) : null,
    vies: e.VIES_URL ? { url: e.VIES_URL, timeoutMs: e.VIES_TIMEOUT_MS } : undefined,
    privacy: {
      deletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
      deletionPollIntervalMs: e.ACCOUNT_DELETION_POLL_INTERVAL_MS,
      exportsPerDay: e.DATA_EXPORT_RATE_LIMIT,
    },
    apiDocs: e.API_DOCS ?? e.DEMO,
  };
}
