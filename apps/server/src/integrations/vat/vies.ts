/**
 * The EU's VIES service over its REST API: POST {url} with JSON {countryCode, vatNumber} (the
 * member state's prefix, EL for Greece, and the number without it). It answers
 * {countryCode, vatNumber, requestDate, valid, name, address, ...}, or, when it cannot tell,
 * {actionSucceed: false, errorWrappers: [{error: 'MS_UNAVAILABLE', ...}]} (or a userError other
 * than VALID/INVALID). Only a clear answer counts; everything else is "unavailable".
 */
import type { VatNumber } from './vat-number.js';

export interface ViesSettings {
  /** e.g. https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number */
  url: string;
  /** How long one request may take before VIES counts as unavailable. */
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}

export type ViesAnswer = { status: 'valid' } | { status: 'invalid' } | { status: 'unavailable'; reason: string };

export interface ViesClient {
  check(vatNumber: VatNumber): Promise<ViesAnswer>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error VIES names in an answer that is no verdict, if any. */
function viesError(body: Record<string, unknown>): string | null {
  if (body.actionSucceed === false || Array.isArray(body.errorWrappers)) {
    const first = Array.isArray(body.errorWrappers) ? body.errorWrappers[0] : undefined;
    return isRecord(first) && typeof first.error === 'string' ? first.error : 'error without detail';
  }
  if (typeof body.userError === 'string' && !['VALID', 'INVALID'].includes(body.userError)) return body.userError;
  return null;
}

export function viesClient(settings: ViesSettings): ViesClient {
  return {
    async check({ countryCode, number }) {
      let response: Response;
      let text: string;
      try {
        response = await settings.fetch(settings.url, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber: number }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const name = (error as Error).name;
        const timedOut = name === 'TimeoutError' || name === 'AbortError';
        return {
          status: 'unavailable',
          reason: timedOut ? `no answer within ${settings.timeoutMs} ms` : `unreachable: ${(error as Error).message}`,
        };
      }
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's error page): no verdict.
      }
      if (!isRecord(body)) return { status: 'unavailable', reason: `HTTP ${response.status} without a JSON answer` };
      const error = viesError(body);
      if (error) return { status: 'unavailable', reason: `HTTP ${response.status} ${error}` };
      if (!response.ok || typeof body.valid !== 'boolean') {
        return { status: 'unavailable', reason: `HTTP ${response.status} without a verdict` };
      }
      return { status: body.valid ? 'valid' : 'invalid' };
    },
  };
}
