import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const secret = randomBytes(32).toString('base64');
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

  it('DESIGN §6: a refused secret is never echoed in the message', () => {
    for (const env of [{ SESSION_SECRET: 'hunter2-short' }, { SESSION_SECRET: 'x'.repeat(40) }]) {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
        expect.unreachable();
      } catch (error) {
        expect((error as Error).message).toContain('SESSION_SECRET');
        expect((error as Error).message).not.toContain('hunter2');
        expect((error as Error).message).not.toContain('x'.repeat(40));
      }
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

/** The message loadConfig stops with for this environment. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return expect.unreachable('the configuration was accepted');
}

describe('DESIGN §6 TRUST_PROXY: per-IP limits use the address seen by the configured trusted proxies', () => {
  it('DESIGN §6: TRUST_PROXY=true (trust every proxy, so any client) is refused, saying what to set instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      const message = refusal({ SESSION_SECRET: secret, TRUST_PROXY: value });
      expect(message).toContain("TRUST_PROXY: true trusts any client's X-Forwarded-For");
      expect(message).toContain('1 behind one load balancer');
      expect(message).toContain('10.0.0.0/8');
    }
  });

  it('DESIGN §6: TRUST_PROXY is a number of proxies in front; unset or false trusts none', () => {
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ SESSION_SECRET: secret }).trustProxy).toBe(false);
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('DESIGN §6: TRUST_PROXY is a comma-separated list of trusted proxy addresses and CIDRs', () => {
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: '::1, 2001:db8::/32' }).trustProxy).toEqual([
      '::1',
      '2001:db8::/32',
    ]);
  });

  it('DESIGN §6: a TRUST_PROXY that is neither a count nor addresses is refused', () => {
    for (const value of ['lb.internal', '10.0.0.0/33', '300.1.2.3', '10.0.0.1,', '10.0.0.0/8/1', '11', '1.5']) {
      expect(refusal({ SESSION_SECRET: secret, TRUST_PROXY: value }), value).toMatch(/TRUST_PROXY: /);
    }
  });
});

describe('issue 44 TRUST_PROXY: no list that trusts every client, no value that stops the start with a stack trace', () => {
  it('a list that trusts every client address of a family is refused like true, naming the variable', () => {
    for (const value of [
      '0.0.0.0/0',
      '::/0',
      '1.2.3.4/0',
      '0.0.0.0/1,128.0.0.0/1',
      '0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/1',
      '::/1,8000::/1',
      // ::/1 holds ::ffff:0:0/96, and so every IPv4 client.
      '::/1',
      '::ffff:0:0/96',
      '0:0:0:0:0:ffff:0.0.0.0/96',
      '10.0.0.0/8,::ffff:0.0.0.0/97,::ffff:128.0.0.0/97',
    ]) {
      expect(refusal({ SESSION_SECRET: secret, TRUST_PROXY: value }), value).toMatch(
        /TRUST_PROXY: '.*' trusts every IPv[46] client, so any client's X-Forwarded-For/,
      );
    }
  });

  it('ranges that leave clients out are kept, and Fastify starts with every list the configuration accepts', async () => {
    for (const value of [
      '0.0.0.0/1',
      '10.0.0.0/8,192.168.0.0/16',
      '8000::/1',
      '::ffff:10.0.0.0/104',
      '::ffff:0.0.0.0/97',
      'fe80::1%eth0',
      '10.0.0.0/08',
      '2001:db8::/32,10.0.0.0/8',
    ]) {
      const { trustProxy } = loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: value });
      if (!Array.isArray(trustProxy)) throw new Error(`${value} was not kept as a list`);
      const app = Fastify({ trustProxy });
      await app.ready();
      await app.close();
    }
  });
});

describe('issue 44 RECENT_SIGN_IN: one window for every step-up', () => {
  it('the two windows it replaced are refused, naming the one to set', () => {
    for (const name of ['EMAIL_CHANGE_RECENT_SIGN_IN', 'ACCOUNT_DELETION_RECENT_SIGN_IN']) {
      expect(refusal({ SESSION_SECRET: secret, [name]: '600' })).toContain(`${name}: is replaced by RECENT_SIGN_IN`);
    }
    expect(loadConfig({ SESSION_SECRET: secret }).recentSignInSeconds).toBe(600);
    expect(loadConfig({ SESSION_SECRET: secret, RECENT_SIGN_IN: '120' }).recentSignInSeconds).toBe(120);
    expect(refusal({ SESSION_SECRET: secret, RECENT_SIGN_IN: '5' })).toContain(
      'RECENT_SIGN_IN: must be a whole number',
    );
  });
});

describe('DESIGN §6 SESSION_SECRET: outside demo mode only a random secret is accepted', () => {
  it('DESIGN §6: a placeholder, repeated or low-entropy SESSION_SECRET is refused, saying how to make one', () => {
    const weak = [
      'changeme-changeme-changeme-changeme',
      'change-me-to-a-long-random-string-please',
      'my-super-secret-session-key-for-production',
      'this-is-an-example-value-for-the-session-key',
      'placeholder-placeholder-placeholder-1',
      'your-session-key-goes-here-in-production',
      'x'.repeat(40),
      'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
      '0123456789012345678901234567890123456789',
      'abcdabcdabcdabcdabcdabcdabcdabcdabcdabcd',
      'ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12',
      'Tr0ub4dor&3Tr0ub4dor&3Tr0ub4dor&3',
      'abbaabbbabaaabbababbbaababbbaaabababbaba',
    ];
    for (const value of weak) {
      const message = refusal({ SESSION_SECRET: value });
      expect(message, value).toMatch(/SESSION_SECRET: .*openssl rand -base64 32/);
      // The refused value itself stays out of the message (and so out of logs).
      expect(message, value).not.toContain(value);
    }
  });

  it('DESIGN §6: random secrets (openssl rand -base64 32, openssl rand -hex 32, 32 random characters) pass', () => {
    const fromOpenssl = [
      'vduvX/CL7Uyi35OkCFPoWYxC8sZurz2IUknm7QdXSo8=',
      '479fceda01a3aa39203d4f7870b3bb8402dbb5e022343e32544624c74b3e96f4',
      'lBetuJKmcULuIfqpj20q7/3u8mgjkU1OP/aln+4cSPoaWGryIie1iBvqCJGIndjJ',
      'b6a468c641d4901051374828eaed9153',
    ];
    const generated = Array.from({ length: 200 }, () => [
      randomBytes(32).toString('base64'),
      randomBytes(32).toString('hex'),
      randomBytes(24).toString('base64url'),
      randomBytes(16).toString('hex'),
    ]).flat();
    for (const value of [...fromOpenssl, ...generated]) {
      expect(loadConfig({ SESSION_SECRET: value }).sessionSecret, value).toBe(value);
    }
  });

  it('demo mode keeps only the length rule: anyone may sign in as anyone there anyway', () => {
    expect(loadConfig({ DEMO: 'true', SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toBe('x'.repeat(32));
  });
});

describe('DESIGN §6 API_DOCS: the API documentation is served by default only in demo mode', () => {
  it('DESIGN §6: API_DOCS defaults to on in demo mode and off outside it; either way it can be set', () => {
    expect(loadConfig({ SESSION_SECRET: secret }).apiDocs).toBe(false);
    expect(loadConfig({ SESSION_SECRET: secret, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ SESSION_SECRET: secret, DEMO: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ SESSION_SECRET: secret, DEMO: 'true', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(refusal({ SESSION_SECRET: secret, API_DOCS: 'maybe' })).toContain('API_DOCS: must be true or false');
  });
});

describe('issue 48 LOG_SHORT_CLIENT_ADDRESSES: the request log writes client networks where a shop must', () => {
  it('is on by default with NODE_ENV=production and off elsewhere; either way it can be set', () => {
    const base = { SESSION_SECRET: secret, DATA_DIR: dataDir() };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).logShortClientAddresses).toBe(true);
    expect(loadConfig(base).logShortClientAddresses).toBe(false);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', LOG_SHORT_CLIENT_ADDRESSES: 'false' }).logShortClientAddresses,
    ).toBe(false);
    expect(loadConfig({ ...base, LOG_SHORT_CLIENT_ADDRESSES: 'true' }).logShortClientAddresses).toBe(true);
  });
});
