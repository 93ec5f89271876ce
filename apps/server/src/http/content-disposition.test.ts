import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.js';

describe('§7 file download: the file name travels in Content-Disposition (RFC 6266)', () => {
  it('§7 file download: an ASCII name is an attachment with a quoted filename only', () => {
    expect(attachmentDisposition('invoice-INV-2026-00123.pdf')).toBe(
      'attachment; filename="invoice-INV-2026-00123.pdf"',
    );
  });

  it('§7 file download: a non-ASCII name gets an ASCII fallback and filename* in UTF-8', () => {
    expect(attachmentDisposition('invoice-Größe №1.pdf')).toBe(
      `attachment; filename="invoice-Gro_e _1.pdf"; filename*=UTF-8''invoice-Gr%C3%B6%C3%9Fe%20%E2%84%961.pdf`,
    );
  });

  it('§7 file download: quotes, slashes and control characters never reach the header', () => {
    const header = attachmentDisposition('a"b/c\\d\r\ne.pdf');
    expect(header).toBe('attachment; filename="a_b_c_d__e.pdf"');
    expect(attachmentDisposition("it's (100%)*.pdf")).toBe(
      `attachment; filename="it's (100_)_.pdf"; filename*=UTF-8''it%27s%20%28100%25%29_.pdf`,
    );
  });
});
