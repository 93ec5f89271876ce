/**
 * A local stand-in for the EU's VIES REST API, so that the server's VIES client runs against it
 * over HTTP: POST /check-vat-number with JSON {countryCode, vatNumber} (the member state's prefix,
 * EL for Greece, and the number without it). It answers like VIES: 200 with
 * {countryCode, vatNumber, requestDate, valid, name, address, ...}; 400 with
 * {actionSucceed: false, errorWrappers: [{error: 'INVALID_INPUT'}]} for a request it cannot read
 * (an ISO code such as GR instead of EL among them); or, in an outage, MS_UNAVAILABLE, a 500 page
 * or no answer at all. Every request is recorded.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hanging } from './hang.js';

export const VIES_PATH = '/check-vat-number';

/** The prefixes VIES knows: the member states (EL for Greece) and XI (Northern Ireland). */
const VIES_CODES = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

export interface ViesRequest {
  contentType: string | undefined;
  body: unknown;
}

/** 'hang': no answer until released; 'server-error': a 500 page; 'ms-unavailable': VIES's own error answer. */
export type ViesOutage = 'hang' | 'server-error' | 'ms-unavailable' | null;

export interface ViesStandIn {
  readonly requests: ViesRequest[];
  /** Numbers VIES knows as registered, as 'NL859048378B01' (prefix and number); all others are invalid. */
  readonly registered: Set<string>;
  outage(kind: ViesOutage): void;
}

const viesError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).send({ actionSucceed: false, errorWrappers: [{ error, message: null }] });

export async function viesStandIn(app: FastifyInstance, registered: Iterable<string> = []): Promise<ViesStandIn> {
  const requests: ViesRequest[] = [];
  const known = new Set(registered);
  let outage: ViesOutage = null;
  const held = hanging(app);

  app.post(VIES_PATH, async (request, reply) => {
    requests.push({ contentType: request.headers['content-type'], body: request.body });
    if (outage === 'hang') return held.hang(request, reply);
    if (outage === 'server-error') return reply.code(500).type('text/html').send('<html><body>Error</body></html>');
    if (outage === 'ms-unavailable') return viesError(reply, 200, 'MS_UNAVAILABLE');

    const body = (request.body ?? {}) as Record<string, unknown>;
    const { countryCode, vatNumber } = body;
    if (typeof countryCode !== 'string' || !VIES_CODES.has(countryCode)) return viesError(reply, 400, 'INVALID_INPUT');
    if (typeof vatNumber !== 'string' || !/^[0-9A-Za-z+*.]{2,12}$/.test(vatNumber)) {
      return viesError(reply, 400, 'INVALID_INPUT');
    }
    const valid = known.has(`${countryCode}${vatNumber}`);
    return reply.send({
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      requestIdentifier: '',
      name: valid ? 'STAND-IN TRADER B.V.' : '---',
      address: valid ? 'MAIN STREET 1\n1000 AA CITY' : '---',
      traderName: '---',
      traderStreet: '---',
      traderPostalCode: '---',
      traderCity: '---',
      traderCompanyType: '---',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    });
  });

  return {
    requests,
    registered: known,
    outage(kind) {
      outage = kind;
      if (kind === null) held.releaseAll();
    },
  };
}
