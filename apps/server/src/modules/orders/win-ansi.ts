/**
 * The invoice PDF uses the PDF standard fonts (Helvetica), which carry only the WinAnsi
 * (Windows-1252) characters. pdfkit writes anything else as garbage bytes, so text is brought into
 * that set first: accents that WinAnsi lacks are dropped ('č' -> 'c'), a few letters without a
 * decomposition are spelled out, and whatever is left becomes '?'.
 */

/** The Windows-1252 characters in 0x80-0x9F, by their Unicode code points. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const SPELLED: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŋ: 'n',
  Ŋ: 'N',
  ſ: 's',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '′': "'",
  '″': '"',
};

export const isWinAnsi = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char);
};

function toWinAnsi(char: string): string {
  if (isWinAnsi(char)) return char;
  if (/\s/u.test(char)) return char === '\r' ? '' : ' ';
  // Controls, zero-width formatting and stray combining marks show nothing anyway.
  if (/[\p{Cc}\p{Cf}\p{M}]/u.test(char)) return '';
  const spelled = SPELLED[char];
  if (spelled) return spelled;
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
  return bare !== '' && [...bare].every(isWinAnsi) ? bare : '?';
}

/** The text with every character the standard fonts can show, and a stand-in for the others. */
export function winAnsiText(text: string): string {
  return [...text.normalize('NFC')].map(toWinAnsi).join('');
}

/** Whether the text shows as it is in the standard fonts. */
export const fitsWinAnsi = (text: string): boolean => [...text.normalize('NFC')].every(isWinAnsi);
