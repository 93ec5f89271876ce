import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseContractError, serializerCompiler } from './serialization.js';

const schema = z.object({ id: z.number(), name: z.string() });
const serialize = (checked: boolean) =>
  serializerCompiler(checked)({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('DESIGN §8: responses are serialised directly in production, checked against the contract elsewhere', () => {
  it('sends the contract’s exact answer the same either way', () => {
    const data = { id: 1, name: 'Emma' };
    expect(serialize(false)(data)).toBe('{"id":1,"name":"Emma"}');
    expect(serialize(true)(data)).toBe('{"id":1,"name":"Emma"}');
  });

  it('checked, refuses an answer that does not fit its schema', () => {
    expect(() => serialize(true)({ id: 'one', name: 'Emma' })).toThrow(ResponseContractError);
  });

  it('checked, refuses an extra key or another key order: the unchecked answer would differ from the contract’s', () => {
    expect(() => serialize(true)({ id: 1, name: 'Emma', secret: 'x' })).toThrow(/differs from what its contract/);
    expect(() => serialize(true)({ name: 'Emma', id: 1 })).toThrow(/differs from what its contract/);
  });
});
