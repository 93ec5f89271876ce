/**
 * Signed-in shoppers over real HTTP (the demo identity provider, as the tests sign in), and one
 * call's outcome told apart the way a durability check needs it: answered (with a status), refused
 * (the connection was refused, so the request never reached a server and cannot have been applied),
 * interrupted (sent, but the connection died before an answer: it may or may not have been
 * applied) or hung (no answer within the time allowed).
 */
import { Account } from '@account/contract';
import type { RequestOptions } from '../test/support/browser.js';
import { HttpBrowser } from '../test/support/http-browser.js';
import { signIn } from '../test/support/sign-in.js';

export const api = (p: string) => `/account/api/v1${p}`;

export interface Shopper {
  subject: string;
  id: number;
  browser: HttpBrowser;
}

export type Outcome =
  | { kind: 'answered'; status: number; body: string; ms: number; json(): unknown }
  | { kind: 'refused'; ms: number }
  | { kind: 'interrupted'; error: string; ms: number }
  | { kind: 'hung'; ms: number };

/** The deepest `code` or message of a failed fetch (undici wraps the socket error in `cause`). */
function errorCode(error: unknown): string {
  let current: unknown = error;
  let code = '';
  for (let depth = 0; current && depth < 5; depth++) {
    const { code: c, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c === 'string') code = c;
    else if (!code && typeof message === 'string') code = message;
    current = cause;
  }
  return code || String(error);
}

/** One call; never throws for a network failure, which becomes the outcome instead. */
export async function call(browser: HttpBrowser, options: RequestOptions | string, hangMs = 30_000): Promise<Outcome> {
  const began = performance.now();
  const ms = () => performance.now() - began;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), hangMs);
  });
  try {
    const response = await Promise.race([browser.request(options), hung]);
    if (response === 'hung') return { kind: 'hung', ms: ms() };
    return { kind: 'answered', status: response.statusCode, body: response.body, ms: ms(), json: response.json };
  } catch (error) {
    const code = errorCode(error);
    return code === 'ECONNREFUSED' ? { kind: 'refused', ms: ms() } : { kind: 'interrupted', error: code, ms: ms() };
  } finally {
    clearTimeout(timer);
  }
}

export const ok = (outcome: Outcome): outcome is Extract<Outcome, { kind: 'answered' }> =>
  outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;

/** Signs each subject in ('new' makes a new shopper each time) and reads its shopper id. */
export async function signInShoppers(baseUrl: string, subjects: readonly string[]): Promise<Shopper[]> {
  return Promise.all(
    subjects.map(async (subject) => {
      const browser = new HttpBrowser(baseUrl);
      await signIn(browser, subject);
      const me = await browser.request(api('/shopuser/me'));
      if (me.statusCode !== 200) throw new Error(`${subject}: GET /shopuser/me answered ${me.statusCode}`);
      return { subject, id: Account.parse(me.json()).id, browser };
    }),
  );
}

export async function account(shopper: Shopper): Promise<Account> {
  const me = await shopper.browser.request(api('/shopuser/me'));
  if (me.statusCode !== 200) throw new Error(`${shopper.subject}: GET /shopuser/me answered ${me.statusCode}`);
  return Account.parse(me.json());
}
