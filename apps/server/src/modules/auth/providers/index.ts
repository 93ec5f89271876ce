/** Sign-in routes of every provider besides the OpenID Connect ones (single sign-on, Auth0). */
import type { FastifyInstance } from 'fastify';
import { registerAppleRoutes } from './apple.js';
import { registerFacebookRoutes } from './facebook.js';
import { registerGoogleRoutes } from './google.js';
import type { ProviderRouteOptions } from './options.js';
import { registerSteamRoutes } from './steam.js';
import { registerTelegramRoutes } from './telegram.js';

export function registerProviderRoutes(app: FastifyInstance, options: ProviderRouteOptions): void {
  registerGoogleRoutes(app, options);
  registerAppleRoutes(app, options);
  registerFacebookRoutes(app, options);
  registerSteamRoutes(app, options);
  registerTelegramRoutes(app, options);
}

export type { ProviderRouteOptions };
