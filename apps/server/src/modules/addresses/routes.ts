/** §7 POST/PATCH /address, DELETE /address/{addressId} and POST /setting/validateVatNumber. */
import type { FastifyInstance } from 'fastify';
import { fieldErrors } from '../../errors.js';
import type { Limit } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { AddressService } from './service.js';

export interface AddressRouteOptions {
  addresses: AddressService;
  /** Counts calls to the validation endpoints per client address (shared with validateEmail). */
  validationLimit: Limit;
}

export function registerAddressRoutes(app: FastifyInstance, deps: RouteDeps, options: AddressRouteOptions) {
  const { addresses } = options;

  registerEndpoint(app, deps, 'createAddress', async ({ shopperId, body }) => addresses.create(shopperId, body));

  registerEndpoint(app, deps, 'updateAddress', async ({ shopperId, body }) => addresses.update(shopperId, body));

  registerEndpoint(app, deps, 'deleteAddress', async ({ shopperId, params }) => {
    await addresses.remove(shopperId, params.addressId);
    return undefined;
  });

  // §7: success means valid, failure means invalid.
  registerEndpoint(
    app,
    deps,
    'validateVatNumber',
    async ({ body }) => {
      if (!(await addresses.vatNumberIsValid(body.vatNumber, body.country))) {
        throw fieldErrors({ VatNumber: 'ac_VatNumberIsInvalidMessage' }, 'Invalid VAT number');
      }
      return { valid: true as const };
    },
    { limit: options.validationLimit },
  );
}
