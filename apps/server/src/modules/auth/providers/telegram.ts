/**
 * POST /login/telegram (the messaging-app login widget's data): the widget's signature is checked
 * on the server with the bot token, in constant time, and a stale login is refused before anyone
 * is signed in; the answer is the account. The login page sends it only after the shopper clicks.
 */
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/route.js';
import { SignInRejected } from '../../../integrations/identity/identity.js';
import { telegramVerifier } from '../../../integrations/identity/telegram.js';
import type { ProviderRouteOptions } from './options.js';

const PROVIDER = 'telegram';

export function registerTelegramRoutes(app: FastifyInstance, options: ProviderRouteOptions): void {
  const settings = options.providers.telegram;
  if (!settings) return;
  const verifier = telegramVerifier(settings);

  registerEndpoint(
    app,
    options.deps,
    'loginTelegram',
    async ({ request, reply, body }) => {
      const identity = await options.steps.verified(request, PROVIDER, async () => {
        // The widget's data comes back in a URL anyone can craft (redirect mode): a browser that is
        // signed in already is never switched to the account in such data (login CSRF, DESIGN §6).
        // Linking is the exception, and then the link's state must come back with the data.
        const signedIn = (await request.shopperId()) !== null;
        if (signedIn && !options.steps.linking(request, PROVIDER)) throw new SignInRejected('Already signed in');
        const verified = await verifier.verify(body);
        // The widget's signed data stays valid for its whole age window: accept each only once.
        const validUntil = new Date((Number(body.authDate) + settings.maxAgeSeconds) * 1000);
        if (!(await options.auth.firstUse(PROVIDER, body.hash.toLowerCase(), validUntil))) {
          throw new SignInRejected('This widget sign-in was already used');
        }
        return verified;
      });
      return options.steps.answerAccount(request, reply, PROVIDER, identity, body.state ?? '');
    },
    { limit: options.limit },
  );
}
