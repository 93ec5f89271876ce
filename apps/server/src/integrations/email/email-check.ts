/**
 * Whether an email address can receive mail: its syntax per a well-kept validator, and, when
 * configured, that its domain publishes mail servers (DNS MX, or an address record as the
 * implicit mail server). The DNS check is off in tests and the demo (no network needed).
 */
import { promises as dns } from 'node:dns';
// The one check used, from its own module: the package's index loads all ~110 of them. It is a
// CommonJS module, whose function TypeScript sees as its default's default (Node gives both).
import isEmailModule from 'validator/lib/isEmail.js';

export interface EmailCheck {
  isValid(email: string): Promise<boolean>;
}

const DNS_TIMEOUT_MS = 3000;

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), DNS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function domainAcceptsMail(domain: string, resolver: Pick<typeof dns, 'resolveMx' | 'resolve4' | 'resolve6'>) {
  try {
    const mx = await withTimeout(resolver.resolveMx(domain));
    // RFC 7505: a single MX of "." means the domain accepts no mail.
    return mx.length > 0 && !(mx.length === 1 && mx[0]?.exchange === '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENODATA' && code !== 'ENOTFOUND') throw error;
  }
  for (const lookup of [() => resolver.resolve4(domain), () => resolver.resolve6(domain)]) {
    try {
      if ((await withTimeout(lookup())).length > 0) return true;
    } catch {
      // Try the next record type.
    }
  }
  return false;
}

export function emailCheck(options: {
  checkMx: boolean;
  resolver?: Pick<typeof dns, 'resolveMx' | 'resolve4' | 'resolve6'>;
}): EmailCheck {
  const resolver = options.resolver ?? dns;
  return {
    async isValid(email: string) {
      const trimmed = email.trim();
      if (!isEmailModule.default(trimmed, { allow_display_name: false, require_tld: true, allow_ip_domain: false }))
        return false;
      if (!options.checkMx) return true;
      const domain = trimmed.slice(trimmed.lastIndexOf('@') + 1).toLowerCase();
      try {
        return await domainAcceptsMail(domain, resolver);
      } catch {
        // A DNS outage must not lock shoppers out: the syntax check stands.
        return true;
      }
    },
  };
}
