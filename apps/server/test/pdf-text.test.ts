/**
 * The PDF reading the invoice tests rely on (support/pdf-text.ts) reads every stream whole. A
 * deflated stream ends in a checksum byte, which is a carriage return in one stream of 256: read
 * up to `endstream`, that byte was taken for part of the line end and the stream came out short.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './support/pdf-text.js';

/** A one-font PDF, as pdfkit lays one out, whose content stream shows glyph 1 ('Ж'). */
function pdf(content: Buffer): Buffer {
  const cmap = deflateSync('1 beginbfrange\n<0001> <0001> [<0416>]\nendbfrange\n');
  const object = (id: number, dictionary: string, stream?: Buffer) =>
    stream
      ? Buffer.concat([
          Buffer.from(
            `${id} 0 obj\n<<\n/Length ${stream.length}\n/Filter /FlateDecode\n${dictionary}>>\nstream\n`,
            'latin1',
          ),
          stream,
          Buffer.from('\nendstream\nendobj\n', 'latin1'),
        ])
      : Buffer.from(`${id} 0 obj\n${dictionary}\nendobj\n`, 'latin1');
  return Buffer.concat([
    Buffer.from('%PDF-1.3\n', 'latin1'),
    object(1, '<<\n/Font <<\n/F1 2 0 R\n>>\n>>'),
    object(2, '<<\n/Type /Font\n/ToUnicode 3 0 R\n>>'),
    object(3, '', cmap),
    object(4, '', content),
    Buffer.from('%%EOF\n', 'latin1'),
  ]);
}

describe('§7 invoice tests read a PDF as its /Length says', () => {
  it('a deflated stream whose last byte is a carriage return is read whole', () => {
    // Streams that differ in a comment only, until one ends in '\r' (the 10,008th does).
    let content: Buffer | undefined;
    for (let n = 0; !content; n++) {
      const stream = deflateSync(`/F1 10 Tf\n[<0001>] TJ\n% ${n}\n`);
      if (stream.at(-1) === 0x0d) content = stream;
    }
    expect(pdfText(pdf(content))).toBe('Ж');
  });
});
