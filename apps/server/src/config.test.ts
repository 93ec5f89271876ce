import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const secret = 'x'.repeat(40);
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'account-config-'));

describe('Configuration from the environment (issue: fail fast with a readable message)', () => {
  it('has working defaults for a demo start: port 3000, ./data, SQLite, a generated session secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DEMO: 'true', DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      demo: true,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept, so sessions survive a restart.
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(config.sessionSecret);
    expect(loadConfig({ DEMO: 'true', DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('requires SESSION_SECRET outside demo mode and says so', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET: required outside demo mode/);
  });

  it('names each bad variable with what it needs and what it got', () => {
    try {
      loadConfig({ PORT: 'eighty', DEMO: 'maybe', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain("PORT: must be a whole number from 1 to 65535 (got 'eighty')");
      expect(message).toContain("DEMO: must be true or false (got 'maybe')");
      expect(message).toContain("DATABASE_URL: must be an absolute postgres:// URL (got 'mysql://x')");
      expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set, and trims PUBLIC_URL', () => {
    const config = loadConfig({
      SESSION_SECRET: secret,
      DATABASE_URL: 'postgres://u:p@db:5432/account',
      PUBLIC_URL: 'https://shop.example/',
      PORT: '8080',
    });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/account');
    expect(config.publicUrl).toBe('https://shop.example');
    expect(config.port).toBe(8080);
  });

  it('turns demo off by default (production) and on with DEMO=true', () => {
    expect(loadConfig({ SESSION_SECRET: secret }).demo).toBe(false);
    expect(loadConfig({ SESSION_SECRET: secret, DEMO: 'off' }).demo).toBe(false);
    expect(loadConfig({ SESSION_SECRET: secret, DEMO: '1', DATA_DIR: dataDir() }).demo).toBe(true);
  });

  it('uses the built-in identity provider for single sign-on only in demo mode, unless an issuer is configured', () => {
    expect(loadConfig({ SESSION_SECRET: secret }).sso).toBeUndefined();
    expect(loadConfig({ SESSION_SECRET: secret, DEMO: 'true', DATA_DIR: dataDir() }).sso?.issuer).toBe(
      'http://localhost:3000/demo-idp',
    );
    expect(loadConfig({ SESSION_SECRET: secret, SSO_ISSUER: 'https://id.example', SSO_CLIENT_ID: 'shop' }).sso).toEqual(
      { issuer: 'https://id.example', clientId: 'shop', clientSecret: undefined },
    );
    expect(() => loadConfig({ SESSION_SECRET: secret, SSO_ISSUER: 'https://id.example' })).toThrow(/SSO_CLIENT_ID/);
  });

  it('keeps session timeouts consistent', () => {
    expect(() => loadConfig({ SESSION_SECRET: secret, SESSION_IDLE_TIMEOUT: '7200', SESSION_MAX_AGE: '3600' })).toThrow(
      /SESSION_IDLE_TIMEOUT: must not exceed SESSION_MAX_AGE/,
    );
  });

  it('accepts allow-listed redirect origins and refuses a malformed one', () => {
    expect(
      loadConfig({ SESSION_SECRET: secret, REDIRECT_ALLOWLIST: 'https://shop.example/x, https://blog.example' })
        .redirectAllowList,
    ).toEqual(['https://shop.example', 'https://blog.example']);
    expect(() => loadConfig({ SESSION_SECRET: secret, REDIRECT_ALLOWLIST: 'not a url' })).toThrow(/REDIRECT_ALLOWLIST/);
  });

  it('does not create the data directory unless it needs to write the secret', () => {
    const parent = dataDir();
    loadConfig({ SESSION_SECRET: secret, DATA_DIR: path.join(parent, 'later') });
    expect(existsSync(path.join(parent, 'later'))).toBe(false);
  });
});
