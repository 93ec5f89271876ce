/**
 * End-to-end tests in Chromium against the real server with fresh demo data (DESIGN §7).
 * Uses the system Chromium (CHROMIUM_PATH, else Debian's headless shell, else its chromium);
 * Playwright's own browser download is never used.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  FRESH_PORT,
  freshDataDir,
  MAIN_PORT,
  mainDataDir,
  PROVIDERS_PORT,
  providersServerEnv,
  STAND_INS_PORT,
} from './e2e/providers.config';

// The headless shell (the browser without its window code, what Playwright's own headless mode
// runs) spends less CPU on every page than the full browser: the suite took 160 s against 185 s.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install Debian's package (sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

const root = path.resolve(import.meta.dirname, '../..');
const port = MAIN_PORT;
const dataDir = mainDataDir;
const providersDataDir = path.join(tmpdir(), `account-e2e-${PROVIDERS_PORT}`);

const serverEnv = (listen: number) => ({
  PORT: String(listen),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${listen}`,
  DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Every browser of the suite signs in and asks for codes from 127.0.0.1; the limits themselves
  // are tested on the server.
  SIGN_IN_RATE_LIMIT: '100000',
  PHONE_CODE_IP_LIMIT: '100000',
  EMAIL_CODE_IP_LIMIT: '100000',
});
const serverMain = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(serverMain)) {
  throw new Error(`The server is not built (${serverMain} is missing): run 'npm run build' first.`);
}

/** How every process of the suite is run: started anew, and only its errors shown. */
const quietProcess = {
  cwd: root,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

/** An account server of the built app on its own port and fresh data folder, up when `readyPath` answers. */
const accountServer = (listen: number, dir: string, readyPath: string, env: Record<string, string> = {}) => ({
  command: `rm -rf '${dir}' && node '${serverMain}'`,
  url: `http://localhost:${listen}${readyPath}`,
  ...quietProcess,
  env: { ...serverEnv(listen), ...env, DATA_DIR: dir },
});

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Limits for a step or a test that hangs, not a speed check: on a busy machine (other work on
  // these two cores) a page takes several times as long to load. Tests wait on states, never on time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    // No trace: recording one for every test (screencast frames and DOM snapshots per action) cost
    // a fifth of the suite's time on two cores. A failure still leaves its screenshot and page snapshot.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      // Tests that change shared demo data, and those of behaviour the same at every width (ANY_WIDTH
      // in fixtures.ts), run once, here; a few only make sense on a phone.
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      use: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    accountServer(port, dataDir, '/account/api/health'),
    {
      // Local stand-ins for the identity providers, speaking their protocols over HTTP.
      command: `node --import tsx apps/server/test/support/stand-ins/serve.ts`,
      url: `http://127.0.0.1:${STAND_INS_PORT}/health`,
      ...quietProcess,
      env: { ...providersServerEnv, STAND_INS_PORT: String(STAND_INS_PORT) },
    },
    // A second account server with every sign-in provider configured against the stand-ins.
    accountServer(PROVIDERS_PORT, providersDataDir, '/account/api/health', providersServerEnv),
    // A shop's own instance, outside demo mode: empty until the shop feeds it (issue 8).
    accountServer(FRESH_PORT, freshDataDir, '/account/api/ready', {
      DEMO: 'false',
      DEV_IDENTITY_PROVIDER: 'true',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      WEBHOOK_POLL_INTERVAL_MS: '100',
    }),
  ],
});
