/**
 * A browser over real HTTP for tests with server processes: one cookie jar for a host, whatever
 * the port (as browsers keep cookies), so a session made on one instance goes to another one.
 */
import { cookieHeaderOf, outgoing, type RequestOptions } from './browser.js';

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): unknown;
}

export class HttpBrowser {
  readonly cookies = new Map<string, string>();

  constructor(public baseUrl: string) {}

  cookieHeader(): string {
    return cookieHeaderOf(this.cookies);
  }

  async request(options: RequestOptions | string): Promise<HttpResponse> {
    const { method, url, headers, body } = outgoing(this.cookies, options);
    const response = await fetch(new URL(url, this.baseUrl), { method, headers, body, redirect: 'manual' });
    return this.read(response);
  }

  /** Sends a prepared body (multipart) with the session's cookies and XSRF token. */
  async send(url: string, init: { method: string; body: FormData }): Promise<HttpResponse> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(new URL(url, this.baseUrl), {
      ...init,
      headers: { cookie: this.cookieHeader(), ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}) },
      redirect: 'manual',
    });
    return this.read(response);
  }

  async open(): Promise<void> {
    await this.request('/account/api/v1/setting');
  }

  private async read(response: Response): Promise<HttpResponse> {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=(0|-)/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      json: () => JSON.parse(body) as unknown,
    };
  }
}
