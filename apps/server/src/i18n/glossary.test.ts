import { describe, expect, it } from 'vitest';
import { DE } from './de.js';
import { GLOSSARY } from './glossary.js';
import { MESSAGES_DE } from './messages/de.js';
import { MESSAGES_NL } from './messages/nl.js';
import { NL } from './nl.js';

/** The UI texts and the emails and text message alike. */
const CATALOGUES = { nl: { ...NL, ...MESSAGES_NL }, de: { ...DE, ...MESSAGES_DE } } as const;

/** A rejected form as a pattern: a whole word, or with a trailing * every word starting so. */
function pattern(form: string): RegExp {
  const prefix = form.endsWith('*');
  const word = (prefix ? form.slice(0, -1) : form).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${word}${prefix ? '' : '(?![\\p{L}\\p{N}])'}`, 'iu');
}

/** The words of a text a shopper reads: placeholders such as {email} are filled in, not read. */
const readable = (text: string) => text.replace(/\{\w+\}/g, ' ');

describe.each(Object.entries(GLOSSARY))('issue 44: the %s texts keep to the glossary', (language, entries) => {
  const catalogue: Readonly<Record<string, string>> = CATALOGUES[language as keyof typeof CATALOGUES];

  it.each(entries.map((entry) => [entry.term, entry.rejected] as const))('says "%s", never %j', (_term, rejected) => {
    const found = Object.entries(catalogue).flatMap(([key, text]) =>
      rejected.filter((form) => pattern(form).test(readable(text))).map((form) => `${key}: ${form} in "${text}"`),
    );
    expect(found).toEqual([]);
  });

  it('a chosen term is no rejected form of another', () => {
    const rejected = entries.flatMap((entry) => entry.rejected.map(pattern));
    for (const { term } of entries) for (const form of rejected) expect(form.test(term)).toBe(false);
  });
});

it('a rejected form matches whole words, or word starts with *', () => {
  expect(pattern('voucher*').test('Heb je een vouchercode?')).toBe(true);
  expect(pattern('u').test('Log uit')).toBe(false);
  expect(pattern('u').test('Heeft u een code?')).toBe(true);
  expect(pattern('email*').test('je e-mailadres')).toBe(false);
  expect(readable('naar {email} gestuurd')).not.toMatch(pattern('email*'));
});
