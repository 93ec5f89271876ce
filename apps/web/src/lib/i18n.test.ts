import { describe, expect, it } from 'vitest';
import { makeTranslate, toDictionary } from './i18n';

const t = makeTranslate(
  toDictionary([
    { key: 'ac_Welcome', translate: 'Welcome, {name}' },
    { key: 'ac-Dashed-Key', translate: 'dashes' },
    { key: 'ac_Copyright', translate: '© {year} {company}' },
  ]),
);

describe('§8 translations', () => {
  it('shows a missing key as [key]', () => {
    expect(t('ac_NotThere')).toBe('[ac_NotThere]');
  });

  it('fills {placeholders} and leaves unknown ones as they are', () => {
    expect(t('ac_Welcome', { name: 'Emma' })).toBe('Welcome, Emma');
    expect(t('ac_Copyright', { year: 2026 })).toBe('© 2026 {company}');
  });

  it('§7 reads keys that arrive with dashes as underscores', () => {
    expect(t('ac_Dashed_Key')).toBe('dashes');
  });
});
