/**
 * Flag images per lower-case country code (spec §9), one small SVG file each, loaded by the
 * browser only when shown (importing flag-icons' stylesheet would ship every flag at once).
 */
const FLAGS = import.meta.glob<string>('../../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

const byCode = new Map(
  Object.entries(FLAGS).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

export function flagUrl(countryCode: string): string | undefined {
  return byCode.get(countryCode.toLowerCase());
}
