/**
 * A tiny browser for app.inject(): keeps cookies like a browser does and sends the XSRF token
 * header on non-GET calls, the way the web client does (spec §7, §9 Cookies).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** What a browser sends for a form with no fields (the demo shop's desk buttons): an empty urlencoded body. */
export const AS_A_BROWSER_POSTS_A_FORM = {
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: '',
} as const;

export interface RequestOptions {
  method?: InjectOptions['method'];
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header (to test the check). */
  withoutXsrf?: boolean;
}

export interface TestBrowserOptions {
  /** The client address the server sees; each browser gets its own unless given. */
  clientAddress?: string;
  /** The User-Agent header sent with every request (none unless given). */
  userAgent?: string;
}

/** The Cookie header of a cookie jar. */
export const cookieHeaderOf = (cookies: ReadonlyMap<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * What a browser holding `cookies` sends for a call, as the web client does: its cookies, the XSRF
 * token on a non-GET call, and an object body as JSON. `headers` are the browser's own (User-Agent).
 */
export function outgoing(
  cookies: ReadonlyMap<string, string>,
  options: RequestOptions | string,
  headers: Record<string, string> = {},
): { method: NonNullable<RequestOptions['method']>; url: string; headers: Record<string, string>; body?: string } {
  const o = typeof options === 'string' ? { url: options } : options;
  const method = o.method ?? 'GET';
  const sent: Record<string, string> = { ...headers, ...o.headers };
  if (cookies.size > 0) sent.cookie = cookieHeaderOf(cookies);
  const xsrf = cookies.get('XSRF-TOKEN');
  if (method !== 'GET' && !o.withoutXsrf && xsrf) sent['x-xsrf-token'] = decodeURIComponent(xsrf);
  if (o.body === undefined) return { method, url: o.url, headers: sent };
  sent['content-type'] ??= 'application/json';
  return { method, url: o.url, headers: sent, body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) };
}

let browsers = 0;
/** A documentation-range address per browser, so per-address limits count shoppers apart. */
const nextAddress = () => {
  browsers++;
  return `198.18.${Math.floor(browsers / 250) % 250}.${(browsers % 250) + 1}`;
};

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly clientAddress: string;
  private readonly userAgent: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    options: TestBrowserOptions = {},
  ) {
    this.clientAddress = options.clientAddress ?? nextAddress();
    this.userAgent = options.userAgent;
  }

  cookieHeader(): string {
    return cookieHeaderOf(this.cookies);
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(options: RequestOptions | string): Promise<LightMyRequestResponse> {
    const { method, url, headers, body } = outgoing(this.cookies, options, {
      ...(this.userAgent && { 'user-agent': this.userAgent }),
    });
    const response = await this.app.inject({ method, url, headers, payload: body, remoteAddress: this.clientAddress });
    this.remember(response);
    return response;
  }

  /** Visits a page so the server hands out the XSRF cookie, as loading the app does. */
  async open(): Promise<void> {
    await this.request('/account/api/v1/setting');
  }

  /** Follows redirects on this server, the way a browser would. */
  async follow(response: LightMyRequestResponse, limit = 10): Promise<LightMyRequestResponse> {
    let current = response;
    for (let hop = 0; hop < limit && current.statusCode >= 300 && current.statusCode < 400; hop++) {
      const location = String(current.headers.location);
      const url = new URL(location, 'http://localhost');
      current = await this.request(`${url.pathname}${url.search}`);
    }
    return current;
  }
}

/** A browser that has loaded the app (it holds an anonymous XSRF token) but is signed out. */
export async function anonymous(server: { app: FastifyInstance }): Promise<TestBrowser> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  return browser;
}
