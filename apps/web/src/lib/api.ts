/**
 * The one API client: paths and types from the contract's endpoint table, capitalised request
 * keys (spec §7), the X-XSRF-TOKEN header from the XSRF-TOKEN cookie on non-GET calls, a fresh
 * Idempotency-Key on each submission of a create call, and one error type carrying the server's
 * error body. Failures are passed on unchanged (§8); a 401 of a signed-in call also reports the
 * session ended (lib/session-events.ts), and a step-up refusal asks the shopper to confirm it is
 * them, then repeats the call (lib/step-up.ts).
 */
import {
  API_BASE,
  type BodyIn,
  buildPath,
  type EndpointName,
  type ErrorBody,
  endpoints,
  IDEMPOTENCY_KEY_HEADER,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
} from '@account/contract';
import { readCookie } from './cookies';
import { sessionEnded } from './session-events';
import { confirmIdentity, isStepUpRefusal } from './step-up';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

/** Capitalises the first letter of every key, recursively: {interestIds} -> {InterestIds}. */
export function capitaliseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(capitaliseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key.charAt(0).toUpperCase() + key.slice(1), capitaliseKeys(inner)]),
  );
}

export interface CallInput<N extends EndpointName> {
  params?: ParamsIn<N>;
  query?: QueryIn<N>;
  body?: BodyIn<N>;
  signal?: AbortSignal;
  /** Lets the request outlive the page: a save sent while the shopper leaves (pagehide). */
  keepalive?: boolean;
  /** Set on the repeat after a step-up (lib/step-up.ts): a second refusal is not asked about again. */
  retried?: boolean;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function xsrfHeaders(method: string): Record<string, string> {
  if (method === 'GET') return {};
  const token = readCookie('XSRF-TOKEN');
  return token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {};
}

/** 128 random bits; getRandomValues works outside secure contexts too, unlike randomUUID. */
function submissionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isErrorBody(value: unknown): value is ErrorBody {
  const body = value as Partial<ErrorBody> | null;
  return typeof body?.status === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}

/** The ApiError of a failed response, with the server's error body when it sent one. */
export async function failure(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    const json: unknown = await response.json();
    if (isErrorBody(json)) body = json;
  } catch {
    // Not JSON: the status alone describes the failure.
  }
  return new ApiError(response.status, body);
}

export function urlOf<N extends EndpointName>(name: N, input: CallInput<N> = {}): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  return `${API_BASE}${buildPath(endpoints[name].path, params)}${queryString(input.query)}`;
}

export async function call<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<ResponseOf<N>> {
  const endpoint = endpoints[name];
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const response = await fetch(urlOf(name, input), {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...xsrfHeaders(endpoint.method),
      // One key per call, i.e. per submission: the server answers a repeat of it with the first result.
      ...('idempotencyKey' in endpoint ? { [IDEMPOTENCY_KEY_HEADER]: submissionKey() } : {}),
    },
    body: hasBody ? JSON.stringify(capitaliseKeys(input.body ?? {})) : undefined,
    signal: input.signal,
    keepalive: input.keepalive,
  });
  if (response.status === 401 && endpoint.auth) sessionEnded();
  if (!response.ok) {
    const error = await failure(response);
    // Refused for an old sign-in: once the shopper has confirmed it is them, the same call again.
    if (!input.retried && isStepUpRefusal(error.status, error.body) && (await confirmIdentity())) {
      return call(name, { ...input, retried: true });
    }
    throw error;
  }
  if (response.status === 204) return undefined as ResponseOf<N>;
  return (await response.json()) as ResponseOf<N>;
}
