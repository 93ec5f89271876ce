import { tmpdir } from 'node:os';
import path from 'node:path';

/** The demo account server most tests use, and the directory of its SQLite database. */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 3210);
export const mainDataDir = path.join(tmpdir(), `account-e2e-${MAIN_PORT}`);

/**
 * The second account server of the browser tests: every sign-in provider configured, verifying
 * against the local stand-ins (apps/server/test/support/stand-ins/serve.ts).
 */
export const PROVIDERS_PORT = Number(process.env.E2E_PROVIDERS_PORT ?? 3220);
export const STAND_INS_PORT = Number(process.env.E2E_STAND_INS_PORT ?? 3221);
export const PROVIDERS_URL = `http://localhost:${PROVIDERS_PORT}`;
export const STAND_INS_URL = `http://127.0.0.1:${STAND_INS_PORT}`;

/** A fresh instance outside demo mode, fed by a shop through the integration API (issue 8). */
export const FRESH_PORT = Number(process.env.E2E_FRESH_PORT ?? 3230);
export const FRESH_URL = `http://localhost:${FRESH_PORT}`;
export const freshDataDir = path.join(tmpdir(), `account-e2e-${FRESH_PORT}`);

export const PROVIDER_SETTINGS = {
  GOOGLE_CLIENT_ID: 'e2e-shop.apps.googleusercontent.com',
  APPLE_CLIENT_ID: 'com.example.e2e.signin',
  FACEBOOK_APP_ID: '1234567890',
  FACEBOOK_APP_SECRET: 'e2e-facebook-app-secret',
  TELEGRAM_BOT_TOKEN: '123456:e2e-telegram-bot-token',
  TELEGRAM_BOT_NAME: 'FjordPineBot',
} as const;

/** The account server's environment: each provider's endpoints point at the stand-ins. */
export const providersServerEnv = {
  ...PROVIDER_SETTINGS,
  GOOGLE_JWKS_URL: `${STAND_INS_URL}/google/certs`,
  APPLE_JWKS_URL: `${STAND_INS_URL}/apple/keys`,
  FACEBOOK_GRAPH_URL: `${STAND_INS_URL}/facebook`,
  STEAM_ENABLED: 'true',
  STEAM_OPENID_ENDPOINT: `${STAND_INS_URL}/steam/openid/login`,
  AUTH0_ISSUER: `${PROVIDERS_URL}/demo-idp`,
  AUTH0_CLIENT_ID: 'account-area',
};
