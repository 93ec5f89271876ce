/**
 * The text drawn in a PDF that pdfkit wrote with embedded fonts: text operators show glyph ids,
 * which each font's ToUnicode map turns back into characters. Objects and streams are read as
 * pdfkit writes them (deflated streams, `/F1 10 Tf` to pick a font, hex strings in `TJ`); one
 * line per operator, no-break spaces read as spaces. Enough to assert what an invoice says.
 * A stream is as long as its `/Length` says: its bytes may end in a carriage return or any
 * other byte, so where `endstream` starts does not tell.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dictionary: string;
  stream: string | null;
}

function objects(pdf: Buffer): Map<string, PdfObject> {
  const found = new Map<string, PdfObject>();
  for (const [, id = '', body = ''] of pdf.toString('latin1').matchAll(/(\d+) 0 obj\s*([\s\S]*?)\bendobj/g)) {
    const marker = /\bstream\r?\n/.exec(body);
    const dictionary = marker ? body.slice(0, marker.index) : body;
    const length = Number(dictionary.match(/\/Length (\d+)/)?.[1]);
    const from = marker ? marker.index + marker[0].length : 0;
    const data = marker ? body.slice(from, from + length) : undefined;
    const stream =
      data === undefined
        ? null
        : dictionary.includes('/FlateDecode')
          ? inflateSync(Buffer.from(data, 'latin1')).toString('latin1')
          : data;
    found.set(id, { dictionary, stream });
  }
  return found;
}

/** A ToUnicode CMap as pdfkit writes it: `<first> <last> [<utf16> ...]` ranges. */
function glyphMap(cmap: string): Map<number, string> {
  const glyphs = new Map<number, string>();
  for (const [, first = '', entries = ''] of cmap.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi)) {
    [...entries.matchAll(/<([0-9a-f ]*)>/gi)].forEach(([, units = ''], i) => {
      const codes = units.split(' ').map((unit) => Number.parseInt(unit, 16));
      glyphs.set(Number.parseInt(first, 16) + i, String.fromCharCode(...codes));
    });
  }
  return glyphs;
}

/** Each font resource name (F1, F2…) with its glyph map. */
function fonts(all: Map<string, PdfObject>): Map<string, Map<number, string>> {
  const byName = new Map<string, Map<number, string>>();
  for (const { dictionary } of all.values()) {
    for (const [, name = '', id = ''] of dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = all.get(id)?.dictionary.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      const cmap = toUnicode && all.get(toUnicode)?.stream;
      if (cmap) byName.set(name, glyphMap(cmap));
    }
  }
  return byName;
}

/** The PostScript names of the fonts the PDF uses (embedded subsets carry a `ABCDEF+` tag). */
export function pdfFontNames(pdf: Buffer): string[] {
  const names = [...pdf.toString('latin1').matchAll(/\/BaseFont \/(\S+)/g)].map(([, name = '']) => name);
  return [...new Set(names)];
}

export function pdfText(pdf: Buffer): string {
  const all = objects(pdf);
  const glyphsOf = fonts(all);
  const lines: string[] = [];
  for (const { stream } of all.values()) {
    if (!stream) continue;
    let glyphs = new Map<number, string>();
    for (const [, font, operands] of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g)) {
      if (font) glyphs = glyphsOf.get(font) ?? new Map();
      else {
        const hex = [...(operands ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map(([, digits]) => digits).join('');
        const ids = hex.match(/.{4}/g) ?? [];
        lines.push(
          ids
            .map((id) => glyphs.get(Number.parseInt(id, 16)) ?? '\ufffd')
            .join('')
            .replace(/\u00a0/g, ' '),
        );
      }
    }
  }
  return lines.join('\n');
}
