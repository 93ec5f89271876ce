/**
 * Response bodies. In production a response is JSON.stringify'd as the service built it: re-checking
 * it against the contract's zod schema on every call cost about a tenth of the server's CPU (npm run
 * bench). Everywhere else (tests, development) each response is checked, strictly: it must fit its
 * schema and be exactly what the schema would make of it (no extra key, no other key order, no
 * transformed value), so the unchecked production answer is the contract's, byte for byte.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

export function serializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!checked) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const result = z.safeEncode(schema, data);
      if (!result.success) {
        throw new ResponseContractError(
          `The answer of ${method} ${url} does not fit its contract: ${result.error.message}`,
        );
      }
      const expected = JSON.stringify(result.data);
      if (expected !== json) {
        throw new ResponseContractError(
          `The answer of ${method} ${url} differs from what its contract makes of it:\n${json.slice(0, 2000)}\n≠\n${expected.slice(0, 2000)}`,
        );
      }
      return json;
    };
  };
}
