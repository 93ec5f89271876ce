import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders.js';

describe('placeholders', () => {
  it('fills {name} with the value as it is, and leaves an unknown one', () => {
    expect(fillPlaceholders('Welcome, {name}', { name: 'Emma' })).toBe('Welcome, Emma');
    expect(fillPlaceholders('© {year} {company}', { year: 2026 })).toBe('© 2026 {company}');
  });

  it('issue 44: {label:lower} takes a label into running text: "Submit phone number", not "Submit Phone number"', () => {
    expect(fillPlaceholders('Submit {label:lower}', { label: 'Phone number' })).toBe('Submit phone number');
    expect(fillPlaceholders('Submit {label:lower}', { label: 'E-mail address' })).toBe('Submit e-mail address');
  });

  it('issue 44: an abbreviation keeps its capitals, and {label} (German nouns) stays as it is', () => {
    expect(fillPlaceholders('Submit {label:lower}', { label: 'VAT number' })).toBe('Submit VAT number');
    expect(fillPlaceholders('{label} speichern', { label: 'Telefonnummer' })).toBe('Telefonnummer speichern');
  });
});
