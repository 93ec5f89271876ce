import { describe, expect, it } from 'vitest';
import { EN, normaliseTranslationKey } from './en.js';

describe('§7 GET /translation: dashes in keys become underscores', () => {
  it('§7 translation keys: every dash becomes an underscore', () => {
    expect(normaliseTranslationKey('ac-Back-To-Shop')).toBe('ac_Back_To_Shop');
    expect(normaliseTranslationKey('ac--Double')).toBe('ac__Double');
    expect(normaliseTranslationKey('-ac-')).toBe('_ac_');
  });

  it('§7 translation keys: a key without dashes is unchanged, including its case', () => {
    expect(normaliseTranslationKey('ac_BackToShop')).toBe('ac_BackToShop');
    expect(normaliseTranslationKey('')).toBe('');
  });

  it('§7 translation keys: normalising twice gives the same key', () => {
    const once = normaliseTranslationKey('ac-Email-Is-Invalid');
    expect(normaliseTranslationKey(once)).toBe(once);
  });

  it('§7 translation keys: the English catalogue keys are already in normalised (underscore) form', () => {
    for (const key of Object.keys(EN)) {
      expect(normaliseTranslationKey(key)).toBe(key);
      expect(key).toMatch(/^ac_/);
    }
  });
});

describe('§2 Vouchers: the card has columns Description, Used, Expire date, Value', () => {
  it('§2 Vouchers: the column headings read Description, Used, Expire date, Value', () => {
    expect([EN.ac_Description, EN.ac_Used, EN.ac_ExpireDate, EN.ac_Value]).toEqual([
      'Description',
      'Used',
      'Expire date',
      'Value',
    ]);
  });
});
