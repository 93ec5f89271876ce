/** Builds the address book and the VAT check from the configuration and registers their calls; app.ts calls this once. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Limit } from '../../http/rate-limit.js';
import type { RouteDeps } from '../../http/route.js';
import { emailCheck } from '../../integrations/email/email-check.js';
import { vatCheck } from '../../integrations/vat/vat-check.js';
import { viesClient } from '../../integrations/vat/vies.js';
import type { SettingsService } from '../settings/service.js';
import { addressRepository } from './repository.js';
import { registerAddressRoutes } from './routes.js';
import { addressService } from './service.js';

export interface AddressModuleOptions {
  db: Pick<Db, 'kysely' | 'kind'>;
  config: Pick<Config, 'vies' | 'emailMxCheck'>;
  settings: SettingsService;
  /** The limiter of the validation calls, shared with validateEmail. */
  validationLimit: Limit;
  /** The HTTP client for VIES. */
  fetch: typeof globalThis.fetch;
}

export function registerAddressBook(app: FastifyInstance, deps: RouteDeps, options: AddressModuleOptions): void {
  const { config } = options;
  const vies = config.vies ? viesClient({ ...config.vies, fetch: options.fetch }) : null;
  const addresses = addressService({
    repository: addressRepository(options.db.kysely, options.db.kind),
    settings: options.settings,
    emails: emailCheck({ checkMx: config.emailMxCheck }),
    vat: vatCheck({ vies, log: app.log }),
  });
  registerAddressRoutes(app, deps, { addresses, validationLimit: options.validationLimit });
}
