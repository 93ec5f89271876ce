import { callSchemas } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { fieldsOf, validatorCompiler } from './validation.js';

const validate = (name: keyof typeof callSchemas, part: 'body' | 'querystring', data: unknown) => {
  const schemas = callSchemas[name] as { body?: never; query?: never };
  const schema = part === 'body' ? schemas.body : schemas.query;
  if (!schema) throw new Error(`no ${part} schema for ${name}`);
  return validatorCompiler({ schema, httpPart: part, method: 'POST', url: '/' })(data) as {
    value?: unknown;
    error?: { fields?: Record<string, string>; status?: number };
  };
};

describe('§5 field errors carry the spec’s translation keys under the capitalised field name', () => {
  it('judges a body with ConfirmEmail as the profile model (§5 Profile)', () => {
    const result = validate('updateAccount', 'body', {
      Gender: 1,
      FirstName: 'Emma',
      LastName: ' ',
      Email: 'emma@example.com',
      ConfirmEmail: 'other@example.com',
      Telephone: '0612345678',
      ConfirmTelephone: '0612345678',
    });
    expect(result.error?.status).toBe(400);
    expect(result.error?.fields).toEqual({
      LastName: 'ac_LastNameRequiredMessage',
      ConfirmEmail: 'ac_EmailAndConfirmEmailMissMatch',
    });
  });

  it('judges a single field as the wizard’s step (§5 Wizard)', () => {
    expect(validate('updateAccount', 'body', { Email: 'not-an-email' }).error?.fields).toEqual({
      Email: 'ac_InvalidEmailAddress',
    });
    expect(validate('updateAccount', 'body', { FirstName: 'Emma' }).value).toEqual({ firstName: 'Emma' });
  });

  it('names unknown keys of a strict body, and uses the generic key for type errors', () => {
    const error = validate('updateInterests', 'body', { InterestIds: ['x'] }).error;
    expect(error?.fields).toEqual({ InterestIds: 'ac_FieldInvalidMessage' });
  });

  it('validates query strings without touching their keys', () => {
    expect(validate('listOrders', 'querystring', { page: '2', query: 'boot' }).value).toEqual({
      page: 2,
      query: 'boot',
    });
    expect(validate('listOrders', 'querystring', { page: '0' }).error?.fields).toEqual({
      Page: 'ac_FieldInvalidMessage',
    });
  });

  it('reports a body that is not an object at all as Body', () => {
    const result = callSchemas.updateInterests.body.safeParse([1]);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldsOf(result.error)).toEqual({ Body: 'ac_FieldInvalidMessage' });
  });
});
