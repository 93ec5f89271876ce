/** White-label theme colours (spec §9 Themes). */

export interface ThemeColours {
  primary: string;
  lighter: string;
  lightest: string;
  darker: string;
  darkest: string;
  /** Text colour that stays readable (WCAG AA) on the primary colour. */
  onPrimary: string;
  /** The primary colour, darkened as far as needed to read as text on white (WCAG AA). */
  primaryText: string;
}

/**
 * The six white-label themes that send the shopper back to the shop home on logout instead of
 * the login page.
 */
export const WHITE_LABEL_THEMES = ['aurora', 'coral', 'midnight', 'orchard', 'slate', 'sunrise'] as const;

export function returnsToShopOnLogout(theme: string | null | undefined): boolean {
  return (WHITE_LABEL_THEMES as readonly string[]).includes(theme ?? '');
}

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Moves each channel `percent` of the way towards white (positive) or black (negative). */
export function shade(hex: string, percent: number): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  const target = percent >= 0 ? 255 : 0;
  const share = Math.abs(percent) / 100;
  return toHex(rgb.map((c) => c + (target - c) * share));
}

function readableOnWhite(colour: string): string {
  for (let percent = 0; percent <= 100; percent += 5) {
    const candidate = shade(colour, -percent);
    if (contrastRatio(candidate, '#ffffff') >= 4.5) return candidate;
  }
  return '#000000';
}

/**
 * §9: the primary colour is taken from the company style when it begins with '#', with lighter
 * and darker variants by 10 and 20. Otherwise the default brand colour applies.
 */
export function themeColours(style: string | null | undefined, fallback = '#1f6f5c'): ThemeColours {
  const primary = style?.trim().startsWith('#') && parseHex(style) ? style.trim() : fallback;
  return {
    primary,
    lighter: shade(primary, 10),
    lightest: shade(primary, 20),
    darker: shade(primary, -10),
    darkest: shade(primary, -20),
    onPrimary:
      contrastRatio(primary, '#ffffff') >= 4.5
        ? '#ffffff'
        : contrastRatio(primary, '#111111') >= 4.5
          ? '#111111'
          : '#000000',
    primaryText: readableOnWhite(primary),
  };
}
