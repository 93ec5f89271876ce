import { describe, expect, it } from 'vitest';
import { EmptyBody, idParams, PositiveId } from './id-params.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: Result) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('DESIGN §4: an id in a path or query is a positive 32-bit integer; anything else is a 400', () => {
  it('§7 path ids arrive as text and are read as numbers ("12" -> 12)', () => {
    expect(PositiveId.parse('12')).toBe(12);
    expect(PositiveId.parse(12)).toBe(12);
    expect(PositiveId.parse('1')).toBe(1);
  });

  it('DESIGN §4: the largest accepted id is 2^31-1 (2147483647)', () => {
    expect(PositiveId.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each([
    ['zero', '0'],
    ['a negative number', '-1'],
    ['a decimal', '1.5'],
    ['a non-number', 'abc'],
    ['an empty string', ''],
    ['2^31', '2147483648'],
    ['a huge number', '99999999999999999999'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
  ])('DESIGN §4: %s (%j) is refused with ac_FieldInvalidMessage', (_name, value) => {
    const result = PositiveId.safeParse(value);
    expect(result.success).toBe(false);
    expect(new Set(issues(result).map((issue) => issue.message))).toEqual(new Set(['ac_FieldInvalidMessage']));
  });

  it('§7 idParams(name) reads the named path parameter as a positive id', () => {
    const params = idParams('addressId');
    expect(params.parse({ addressId: '7' })).toEqual({ addressId: 7 });
    expect(issues(params.safeParse({ addressId: '0' }))).toEqual([
      { path: 'addressId', message: 'ac_FieldInvalidMessage' },
    ]);
    expect(params.safeParse({ id: '7' }).success).toBe(false);
  });

  it('§7 calls with an empty body ({}) accept no body, {} or ignored extra keys', () => {
    expect(EmptyBody.parse(undefined)).toBeUndefined();
    expect(EmptyBody.parse({})).toEqual({});
    expect(EmptyBody.parse({ anything: 1 })).toEqual({});
    expect(EmptyBody.safeParse('text').success).toBe(false);
  });
});

describe('PositiveId accepts only plain decimal digits or numbers', () => {
  it('rejects hexadecimal, exponent, boolean, signed and padded forms', () => {
    for (const value of ['0x10', '1e3', true, '+5', ' 5', '5 ', '', '12345678901']) {
      expect(PositiveId.safeParse(value).success, String(value)).toBe(false);
    }
    expect(PositiveId.parse('0042')).toBe(42);
  });
});
