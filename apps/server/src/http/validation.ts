/** Request validation with the contract's zod schemas, after matching body keys case-insensitively. */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { normalizeKeys } from './key-casing.js';

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data) => validate(normalizeKeys(route.schema, data));
};
