import { describe, expect, it } from 'vitest';
import { emailCheck } from './email-check.js';

const dnsError = (code: string) => Object.assign(new Error(code), { code });

function resolver(records: { mx?: string[] | string; a?: string[] }) {
  return {
    resolveMx: async () => {
      if (typeof records.mx === 'string') throw dnsError(records.mx);
      return (records.mx ?? []).map((exchange) => ({ exchange, priority: 10 }));
    },
    resolve4: async () => records.a ?? [],
    resolve6: async () => [],
  } as never;
}

describe('§5 email format check on the server', () => {
  const syntaxOnly = emailCheck({ checkMx: false });

  it('accepts ordinary addresses and refuses malformed ones', async () => {
    for (const ok of ['emma@example.com', 'first.last+tag@sub.example.co.uk', 'o’brien@example.ie'.replace('’', "'")]) {
      expect(await syntaxOnly.isValid(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'emma',
      'emma@',
      '@example.com',
      'emma@example',
      'emma@@example.com',
      'Emma <e@x.com>',
      'e@127.0.0.1',
    ]) {
      expect(await syntaxOnly.isValid(bad), bad).toBe(false);
    }
  });

  it('with the DNS check on, needs a domain that accepts mail', async () => {
    expect(
      await emailCheck({ checkMx: true, resolver: resolver({ mx: ['mx.example.com'] }) }).isValid('a@example.com'),
    ).toBe(true);
    expect(
      await emailCheck({ checkMx: true, resolver: resolver({ mx: 'ENOTFOUND' }) }).isValid('a@nowhere.example'),
    ).toBe(false);
    // A null MX (RFC 7505) says the domain takes no mail.
    expect(await emailCheck({ checkMx: true, resolver: resolver({ mx: [''] }) }).isValid('a@nomail.example')).toBe(
      false,
    );
    // Without MX records the address record is the implicit mail server.
    expect(
      await emailCheck({ checkMx: true, resolver: resolver({ mx: 'ENODATA', a: ['192.0.2.1'] }) }).isValid(
        'a@host.example',
      ),
    ).toBe(true);
  });

  it('does not lock shoppers out when DNS itself fails', async () => {
    expect(await emailCheck({ checkMx: true, resolver: resolver({ mx: 'ESERVFAIL' }) }).isValid('a@example.com')).toBe(
      true,
    );
  });
});
