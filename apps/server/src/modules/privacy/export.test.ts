import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { addEntry } from './export.js';

setFlagsFromString('--expose-gc');
const gc: () => void = runInNewContext('gc');

describe('issue 21: the export ZIP streams with flat memory', () => {
  it('an entry’s data is let go once written, though the ZIP keeps its entries to the end', async () => {
    const zip = new ZipFile();
    let written = 0;
    const read = pipeline(
      zip.outputStream,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          callback();
        },
      }),
    );
    const signal = new AbortController().signal;
    const sent: WeakRef<Buffer>[] = [];
    for (let i = 0; i < 20; i++) {
      const pdf = Buffer.alloc(64 * 1024, i);
      sent.push(new WeakRef(pdf));
      await addEntry(zip, `invoices/${i}.pdf`, pdf, { compress: false }, signal);
    }
    gc();
    // Every entry's data is gone while the ZIP is still open: only the last may be in reach.
    expect(sent.slice(0, -1).filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    zip.end();
    await read;
    expect(written).toBeGreaterThan(20 * 64 * 1024);
  });
});
