/**
 * Request validation with the contract's zod schemas. Body keys are first matched to the schema
 * case-insensitively (spec §7); a failure becomes a 400 whose fields carry the spec's
 * translation keys (DESIGN §4), e.g. { ConfirmEmail: 'ac_EmailAndConfirmEmailMissMatch' }.
 */
import { ERROR_CODES, GENERIC_FIELD_ERROR } from '@account/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { fieldName } from './errors.js';
import { normalizeKeys } from './key-casing.js';

type Issue = z.core.$ZodIssue;

/**
 * A union that failed reports each branch's issues. The branch meant is the one whose keys all
 * fit (no unrecognized keys), and of those the one with the fewest problems: so a body with
 * `confirmEmail` is judged as the profile model, a single field as the wizard's patch.
 */
function expand(issue: Issue, prefix: PropertyKey[] = []): Issue[] {
  const path = [...prefix, ...issue.path];
  // A union with its own key (e.g. salutation 1 or 2) is one problem, not its branches'.
  if (issue.code !== 'invalid_union' || issue.errors.length === 0 || issue.message.startsWith('ac_')) {
    return [{ ...issue, path }];
  }
  const branches = issue.errors.map((branch) => branch.flatMap((inner) => expand(inner, path)));
  const fitting = branches.filter((branch) => !branch.some((i) => i.code === 'unrecognized_keys'));
  const candidates = fitting.length > 0 ? fitting : branches;
  return candidates.reduce((best, branch) => (branch.length < best.length ? branch : best));
}

export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues.flatMap((i) => expand(i))) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const key = issue.message.startsWith('ac_') ? issue.message : GENERIC_FIELD_ERROR;
      fields[fieldName(path)] ??= key;
    }
  }
  return fields;
}

/** A lone UTF-16 surrogate (a JSON string's \ud800 escape): text that UTF-8 cannot carry. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The path of the first string no field can take, or null: one holding a NUL character (PostgreSQL
 * refuses it in text, a 500 where SQLite would store it) or a lone surrogate (stored as U+FFFD, so
 * silently changed; and the email validator throws on it). Refused here for every call at once,
 * the same on both databases. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableTextPath(data: unknown): PropertyKey[] | null {
  const stack: [unknown, PropertyKey[]][] = [[data, []]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) stack.push([child, [...path, key]]);
    }
  }
  return null;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data) => {
    const input = httpPart === 'body' ? normalizeKeys(schema, data) : data;
    const unstorable = unstorableTextPath(input);
    if (unstorable) {
      const fields = { [fieldName(unstorable)]: GENERIC_FIELD_ERROR };
      return { error: new AppError(400, ERROR_CODES.validation, `Invalid ${httpPart ?? 'request'}`, fields) };
    }
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return {
      error: new AppError(400, ERROR_CODES.validation, `Invalid ${httpPart ?? 'request'}`, fieldsOf(result.error)),
    };
  };
};
