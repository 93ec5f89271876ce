/**
 * Content-Disposition of a download (RFC 6266): a plain ASCII filename every client reads, plus
 * filename* (RFC 8187, UTF-8) when the real name has other characters. The client takes the
 * file name from this header (spec §7 file download).
 */

/** Characters no file name may hold on common systems, and ones that would break the header. */
const UNSAFE = /[\p{Cc}\p{Cf}/\\:*?"<>|]/gu;

/** RFC 8187 attr-char is stricter than encodeURIComponent: it leaves out ' ( ) * as well. */
const extValue = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachmentDisposition(fileName: string): string {
  const safe = fileName.replace(UNSAFE, '_').trim() || 'download';
  const ascii = safe
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    // '%' too: some clients percent-decode the plain filename.
    .replace(/[^\x20-\x7e]|%/g, '_');
  const plain = `attachment; filename="${ascii}"`;
  return ascii === safe ? plain : `${plain}; filename*=UTF-8''${extValue(safe)}`;
}
