import { describe, expect, it } from 'vitest';
import { MESSAGES_DE } from './de.js';
import { MESSAGES_EN } from './en.js';
import { MESSAGES_NL } from './nl.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

// A translation that lost {code} would send a verification text without the code.
describe.each([
  ['nl', MESSAGES_NL],
  ['de', MESSAGES_DE],
] as const)('the %s emails and text message', (_language, catalogue) => {
  const texts: Readonly<Record<string, string>> = catalogue;
  it.each(Object.entries(MESSAGES_EN))('%s has the English placeholders', (key, english) => {
    expect(placeholders(texts[key] ?? '')).toEqual(placeholders(english));
  });
});
