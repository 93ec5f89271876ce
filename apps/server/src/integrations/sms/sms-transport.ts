/**
 * Text messages leave the server through one small interface, so the verification code does not
 * care whether they end in the demo's letterbox or at a real provider.
 */
export interface SmsTransport {
  /** Which transport this is, for logs. */
  readonly name: string;
  /** Sends one text; throws SmsSendError when it was not accepted for delivery. */
  send(to: string, body: string): Promise<void>;
}

/** The message was not accepted: the provider refused it, failed, timed out, or none is configured. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  constructor(
    message: string,
    /** The provider's own error code when it gave one (Twilio: 21211, 20003...). */
    readonly providerCode?: number | string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Outside demo mode without a configured provider: every send fails loudly, so a shopper is told
 * the text cannot be sent instead of waiting for one that was silently dropped.
 */
export function unconfiguredTransport(): SmsTransport {
  return {
    name: 'none',
    async send() {
      throw new SmsSendError('No SMS provider is configured (set SMS_TRANSPORT and its variables)');
    },
  };
}
