/**
 * The text drawn in a PDF that pdfkit wrote with the standard fonts: every content stream is
 * inflated (pdfkit compresses them) and the hex strings of its text operators are decoded as
 * Windows-1252 (WinAnsi), one line per operator, no-break spaces read as spaces. Enough to
 * assert what an invoice says.
 */
import { inflateSync } from 'node:zlib';

/** Windows-1252 at 0x80-0x9F (Node's decoder reads those bytes as Latin-1 controls). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

function inflated(stream: string): string | null {
  try {
    return inflateSync(Buffer.from(stream, 'latin1')).toString('latin1');
  } catch {
    // Not a deflated stream (e.g. none in this PDF): nothing to read.
    return null;
  }
}

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, stream = ''] of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = inflated(stream);
    if (!content) continue;
    for (const [, operands = ''] of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g)) {
      const hex = [...operands.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(winAnsi(Buffer.from(hex, 'hex')).replace(/\u00a0/g, ' '));
    }
  }
  return lines.join('\n');
}
