/**
 * End-to-end tests in Chromium against the real server with fresh demo data (DESIGN §7).
 * Uses the system Chromium (/usr/bin/chromium or CHROMIUM_PATH); Playwright's own browser
 * download is never used.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(tmpdir(), `account-e2e-${port}`);
const serverMain = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(serverMain)) {
  throw new Error(`The server is not built (${serverMain} is missing): run 'npm run build' first.`);
}

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
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
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: `rm -rf '${dataDir}' && node '${serverMain}'`,
    cwd: root,
    url: `http://localhost:${port}/account/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
