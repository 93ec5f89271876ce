/**
 * Environment -> typed configuration. Every variable is validated here and nowhere else; a bad
 * value stops the server at startup with a message that names the variable and what it needs.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
      error: 'must be true or false',
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

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

const Env = z.object({
  PORT: int(3000, 1, 65535),
  HOST: optionalText.default('127.0.0.1'),
  PUBLIC_URL: url(/^https?:$/, 'http(s)'),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: url(/^postgres(ql)?:$/, 'postgres://'),
  DATABASE_POOL_SIZE: int(10, 1, 200),
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  SESSION_IDLE_TIMEOUT: int(7 * 24 * 3600, 60, 365 * 24 * 3600),
  SESSION_MAX_AGE: int(30 * 24 * 3600, 60, 365 * 24 * 3600),
  DEMO: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  TRUST_PROXY: bool(false),
  REDIRECT_ALLOWLIST: optionalText,
  SSO_ISSUER: url(/^https?:$/, 'http(s)'),
  SSO_CLIENT_ID: optionalText,
  SSO_CLIENT_SECRET: optionalText,
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the SQLite file DATA_DIR/account.db. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  sessionSecret: string;
  sessionIdleTimeout: number;
  sessionMaxAge: number;
  demo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Origins besides our own that the authenticatedredirect cookie may send a shopper to. */
  redirectAllowList: string[];
  /** The company single sign-on (OpenID Connect); in demo mode the built-in identity provider. */
  sso: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
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

/** Reads the configuration from an environment; throws ConfigError with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      const got = env[name] === undefined ? '' : ` (got '${env[name]}')`;
      return `  ${name}: ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  if (!e.SESSION_SECRET && !e.DEMO) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: required outside demo mode (at least 32 random characters)',
    );
  }
  if (e.SESSION_IDLE_TIMEOUT > e.SESSION_MAX_AGE) {
    throw new ConfigError('Invalid configuration:\n  SESSION_IDLE_TIMEOUT: must not exceed SESSION_MAX_AGE');
  }
  if (e.SSO_ISSUER && !e.SSO_CLIENT_ID) {
    throw new ConfigError('Invalid configuration:\n  SSO_CLIENT_ID: required when SSO_ISSUER is set');
  }

  const demoIssuer = `${publicUrl}/demo-idp`;
  const sso = e.SSO_ISSUER
    ? { issuer: e.SSO_ISSUER, clientId: e.SSO_CLIENT_ID ?? '', clientSecret: e.SSO_CLIENT_SECRET }
    : e.DEMO
      ? { issuer: demoIssuer, clientId: 'account-area', clientSecret: undefined }
      : undefined;

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sessionSecret: e.SESSION_SECRET ?? sessionSecretFor(dataDir),
    sessionIdleTimeout: e.SESSION_IDLE_TIMEOUT,
    sessionMaxAge: e.SESSION_MAX_AGE,
    demo: e.DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    redirectAllowList: parseOrigins(e.REDIRECT_ALLOWLIST),
    sso,
  };
}
