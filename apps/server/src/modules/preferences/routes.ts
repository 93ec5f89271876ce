import type { FastifyInstance } from 'fastify';
import { fieldErrors } from '../../errors.js';
import type { Limit } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AccountService } from '../account/service.js';
import type { SettingsService } from '../settings/service.js';
import type { PreferencesService } from './service.js';

export interface PreferencesRouteOptions {
  preferences: PreferencesService;
  accounts: AccountService;
  settings: SettingsService;
  /** Counts calls to the validation endpoints per client address. */
  validationLimit: Limit;
}

export function registerPreferencesRoutes(app: FastifyInstance, deps: RouteDeps, options: PreferencesRouteOptions) {
  const { preferences, accounts, settings } = options;

  registerEndpoint(app, deps, 'getPreferences', async ({ shopperId, reply }) => {
    reply.header('cache-control', 'no-store');
    return preferences.preferences(shopperId);
  });

  // §7: success means valid, failure means invalid.
  registerEndpoint(
    app,
    deps,
    'validateEmail',
    async ({ body }) => {
      if (!(await preferences.emailIsValid(body.email)))
        throw fieldErrors({ Email: 'ac_EmailIsInvalidMessage' }, 'Invalid email');
      return { valid: true as const };
    },
    { limit: options.validationLimit },
  );

  registerEndpoint(app, deps, 'firstTimeSetting', async ({ shopperId, body, request }) => {
    const { firstTimeLoginFields } = await settings.stored();
    await preferences.completeFirstLogin(shopperId, body.settings, firstTimeLoginFields, () => request.signedInAt());
    return accounts.load(shopperId);
  });

  registerEndpoint(app, deps, 'updateInterests', async ({ shopperId, body }) =>
    preferences.replaceInterests(shopperId, body.interestIds),
  );

  registerEndpoint(app, deps, 'updateNewsletters', async ({ shopperId, body }) =>
    preferences.replaceNewsletters(shopperId, body.newsletterIds),
  );
}
