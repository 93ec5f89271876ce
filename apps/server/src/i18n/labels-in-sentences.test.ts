import { EN, fillPlaceholders, WIZARD_STEPS } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { DE } from './de.js';
import { NL } from './nl.js';

/**
 * issue 44: a field's label taken into a sentence reads as part of it ("Submit phone number", not
 * "Submit Phone number"), in every shipped language; German nouns keep their capital.
 */
describe.each([
  ['en', EN],
  ['nl', NL],
  ['de', DE],
] as const)('the profile wizard’s buttons read as sentences in %s', (language, catalogue) => {
  const texts: Readonly<Record<string, string>> = catalogue;
  it.each(WIZARD_STEPS)('Submit … %s', (step) => {
    const label = texts[`ac_${step}`] ?? '';
    const button = fillPlaceholders(texts.ac_SubmitField ?? '', { label });
    if (language === 'de') {
      expect(button).toContain(label);
    } else {
      // Only the first letter is a capital: the label's own went when it moved inside the sentence.
      expect(button.slice(1)).toBe(button.slice(1).toLowerCase());
    }
  });
});
