import { describe, expect, it } from 'vitest';
import { orderSearchText, SEARCH_TEXT_MAX_BYTES, searchPattern } from './search-text.js';

describe('§2 Orders list: the order search text and pattern', () => {
  it('§2 Orders list: an order is found by its number and its product names, lower-cased, each name once', () => {
    expect(orderSearchText('FP-2026-000123', ['Alpine Jacket', 'Größe ÆRØ', 'Alpine Jacket'])).toBe(
      'fp-2026-000123\nalpine jacket\ngröße ærø',
    );
  });

  it('§2 Orders list: the text stays within what an index entry holds, keeping the number and whole names', () => {
    const names = Array.from({ length: 100 }, (_, i) => `Product ${i} ${'ü'.repeat(40)}`);
    const text = orderSearchText('FP-1', names);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(SEARCH_TEXT_MAX_BYTES);
    const lines = text.split('\n');
    expect(lines[0]).toBe('fp-1');
    expect(lines.slice(1)).toEqual(names.slice(0, lines.length - 1).map((n) => n.toLowerCase()));
    expect(lines.length).toBeGreaterThan(10);
  });

  it('§2 Orders list: text typed in another Unicode composition matches the stored text', () => {
    expect(orderSearchText('A-1', ['O\u0308lkanne'])).toBe('a-1\nölkanne');
    expect(searchPattern('O\u0308LK')).toBe('%ölk%');
  });

  it('§2 Orders list: LIKE wildcards and the escape character in a search are escaped', () => {
    expect(searchPattern('100%')).toBe('%100\\%%');
    expect(searchPattern('snow_SHOE')).toBe('%snow\\_shoe%');
    expect(searchPattern('a\\b')).toBe('%a\\\\b%');
  });
});
