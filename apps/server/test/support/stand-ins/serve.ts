/**
 * All identity-provider stand-ins on one local server, for the browser tests: the account server
 * under test is configured to verify against these (JWKS, Graph API, OpenID 2.0), exactly as it
 * would against the real providers. Run with: node --import tsx serve.ts (settings from env).
 */
import Fastify from 'fastify';
import { appleStandIn } from './apple.js';
import { facebookStandIn } from './facebook.js';
import { googleStandIn } from './google.js';
import { steamStandIn } from './steam.js';
import { telegramStandIn } from './telegram.js';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const port = Number(required('STAND_INS_PORT'));
const baseUrl = `http://127.0.0.1:${port}`;
// Closing must not wait for the account server's idle keep-alive connections.
const app = Fastify({ forceCloseConnections: true });
app.get('/health', async () => ({ status: 'ok' }));
await googleStandIn(app, { clientId: required('GOOGLE_CLIENT_ID') });
await appleStandIn(app, { clientId: required('APPLE_CLIENT_ID') });
await facebookStandIn(app, { appId: required('FACEBOOK_APP_ID'), appSecret: required('FACEBOOK_APP_SECRET') });
await steamStandIn(app, { baseUrl });
await telegramStandIn(app, { botToken: required('TELEGRAM_BOT_TOKEN') });
await app.listen({ port, host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
