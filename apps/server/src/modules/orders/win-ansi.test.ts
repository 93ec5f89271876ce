import { describe, expect, it } from 'vitest';
import { fitsWinAnsi, winAnsiText } from './win-ansi.js';

describe('§7 invoice PDF: text in the standard fonts’ character set (WinAnsi)', () => {
  it('keeps ASCII, Latin-1 and the Windows-1252 extras such as € and curly quotes', () => {
    const text = 'Größe Ærø café € “quoted” – Œuvre ½\nsecond line';
    expect(winAnsiText(text)).toBe(text);
    expect(fitsWinAnsi(text)).toBe(true);
  });

  it('drops accents WinAnsi lacks, spells out letters without a decomposition, and marks the rest with ?', () => {
    expect(winAnsiText('Čaj Łódź ŝ')).toBe('Caj Lódz s');
    expect(winAnsiText('東京 ₹ ☃')).toBe('?? ? ?');
    expect(fitsWinAnsi('₹')).toBe(false);
  });

  it('turns other spaces into spaces and drops controls and zero-width characters', () => {
    expect(winAnsiText('1\u202f234\u2009567\tx\r\ny\u200bz\u0007')).toBe('1 234 567 x\nyz');
  });

  it('never leaves a surrogate half or a character outside WinAnsi', () => {
    const out = winAnsiText('emoji 😀 and 𝔘 math');
    expect(out).toBe('emoji ? and ? math');
    expect(fitsWinAnsi(out)).toBe(true);
  });
});
