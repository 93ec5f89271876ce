/**
 * A real SMS provider over HTTP: Twilio's REST API (and any service speaking it).
 * POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, HTTP Basic auth with the account SID and auth token. Twilio
 * answers 201 with the message resource, or an error object { code, message, more_info, status }.
 */
import { SmsSendError, type SmsTransport } from './sms-transport.js';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sender number (E.164) or alphanumeric sender id; or a messaging service chooses one. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  /** The API base without a trailing slash, e.g. https://api.twilio.com. */
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  /** How long one request may take before the text counts as not sent. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * A stored number ('+32 470123456', '+31 (0)20-123 4567' is not expected but tolerated) as E.164,
 * which Twilio requires: a plus and the digits.
 */
export function toE164(telephone: string): string {
  return `+${telephone.replace(/\D/g, '')}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function twilioTransport(settings: TwilioSettings): SmsTransport {
  if (!settings.from && !settings.messagingServiceSid) {
    throw new Error('twilioTransport needs a sender (from) or a messaging service');
  }
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;

  return {
    name: 'twilio',
    async send(to, body) {
      const form = new URLSearchParams({ To: toE164(to), Body: body });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else if (settings.from) form.set('From', settings.from);

      let response: Response;
      let text: string;
      try {
        response = await settings.fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
        throw new SmsSendError(
          timedOut ? `Twilio did not answer within ${timeoutMs} ms` : `Twilio unreachable: ${(error as Error).message}`,
          undefined,
          { cause: error },
        );
      }
      if (response.ok) return;
      // Twilio's error body; the token never appears in it, and we never log the request.
      let detail: unknown = null;
      try {
        detail = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's error page): the status alone says enough.
      }
      const code =
        isRecord(detail) && (typeof detail.code === 'number' || typeof detail.code === 'string')
          ? detail.code
          : undefined;
      const message = isRecord(detail) && typeof detail.message === 'string' ? `: ${detail.message}` : '';
      throw new SmsSendError(
        `Twilio answered ${response.status}${code === undefined ? '' : ` (error ${code})`}${message}`,
        code,
      );
    },
  };
}
