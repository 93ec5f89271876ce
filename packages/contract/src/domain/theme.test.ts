import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, returnsToShopOnLogout, shade, themeColours, WHITE_LABEL_THEMES } from './theme.js';

const FALLBACK = '#1f6f5c';
const AA = 4.5;

/** Every 3-digit hex colour (#000 to #fff) written out as 6 digits. */
const ALL_SHORT_HEX = Array.from({ length: 4096 }, (_, n) => {
  const digits = n.toString(16).padStart(3, '0');
  return `#${[...digits].map((d) => d + d).join('')}`;
});

describe("§9 Themes: the primary colour comes from the company style when it begins with '#'", () => {
  it("§9 Themes: a 6-digit style beginning with '#' is the primary colour", () => {
    expect(themeColours('#ff6600').primary).toBe('#ff6600');
    expect(themeColours('#AbCdEf').primary).toBe('#AbCdEf');
  });

  it("§9 Themes: a 3-digit style beginning with '#' is the primary colour and shades like its 6-digit form", () => {
    const short = themeColours('#abc');
    const long = themeColours('#aabbcc');
    expect(short.primary).toBe('#abc');
    expect({ ...short, primary: '' }).toEqual({ ...long, primary: '' });
  });

  it('§9 Themes: surrounding whitespace is ignored', () => {
    expect(themeColours('  #ff6600 ').primary).toBe('#ff6600');
  });

  it.each([
    ['a colour name', 'red'],
    ['hex without #', 'ff6600'],
    ['an rgb() value', 'rgb(255, 102, 0)'],
    ['a 5-digit hex', '#ff660'],
    ['a 4-digit hex', '#f60a'],
    ['an 8-digit hex', '#ff6600cc'],
    ['non-hex digits', '#gg6600'],
    ['a lone #', '#'],
    ['an empty style', ''],
    ['null', null],
    ['undefined', undefined],
  ])('§9 Themes: %s falls back to the default brand colour', (_name, style) => {
    expect(themeColours(style).primary).toBe(FALLBACK);
    expect(themeColours(style, '#123456').primary).toBe('#123456');
  });
});

describe('§9 Themes: lighter and darker variants by 10 and 20', () => {
  it('§9 Themes: lighter/lightest move 10%/20% towards white, darker/darkest 10%/20% towards black', () => {
    expect(themeColours('#000000')).toMatchObject({ lighter: '#1a1a1a', lightest: '#333333' });
    expect(themeColours('#ffffff')).toMatchObject({ darker: '#e6e6e6', darkest: '#cccccc' });
    expect(themeColours('#646464')).toMatchObject({
      lighter: '#747474', // 100 + 155 * 0.1 = 115.5 -> 116
      lightest: '#838383', // 100 + 155 * 0.2 = 131
      darker: '#5a5a5a', // 100 * 0.9 = 90
      darkest: '#505050', // 100 * 0.8 = 80
    });
  });

  it('§9 Themes: each channel moves by its own distance to white or black (#ff0000 -> #ff1a1a / #e60000)', () => {
    expect(themeColours('#ff0000')).toMatchObject({
      lighter: '#ff1a1a',
      lightest: '#ff3333',
      darker: '#e60000',
      darkest: '#cc0000',
    });
  });

  it('§9 Themes: the variants are ordered by brightness: lightest > lighter > primary > darker > darkest', () => {
    for (const style of ['#1f6f5c', '#ff6600', '#3366cc', '#ffe066', '#7a7a7a']) {
      const c = themeColours(style);
      const l = [c.lightest, c.lighter, c.primary, c.darker, c.darkest].map(luminance);
      for (let i = 1; i < l.length; i += 1) expect(l[i - 1]).toBeGreaterThan(l[i] as number);
    }
  });

  it('§9 Themes: shade by 0 keeps the colour, by 100 reaches white or black, and leaves an unparsable value as is', () => {
    expect(shade('#3366cc', 0)).toBe('#3366cc');
    expect(shade('#3366cc', 100)).toBe('#ffffff');
    expect(shade('#3366cc', -100)).toBe('#000000');
    expect(shade('blue', 10)).toBe('blue');
  });
});

describe('§9 Themes: text on and in the brand colour keeps WCAG AA contrast', () => {
  it('§9 Themes: contrast ratios follow WCAG (black on white 21, a colour on itself 1, order irrelevant)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3366cc', '#3366cc')).toBe(1);
    expect(luminance('#ffffff')).toBeCloseTo(1, 10);
    expect(luminance('#000')).toBe(0);
  });

  it('§9 Themes: a dark brand colour gets white text and is itself readable as text on white', () => {
    const c = themeColours('#1f6f5c');
    expect(c.onPrimary).toBe('#ffffff');
    expect(c.primaryText).toBe('#1f6f5c');
  });

  it('§9 Themes: a very light brand colour (#ffe066) gets dark text with AA contrast on it', () => {
    const c = themeColours('#ffe066');
    expect(c.onPrimary).not.toBe('#ffffff');
    expect(contrastRatio(c.onPrimary, c.primary)).toBeGreaterThanOrEqual(AA);
  });

  it('§9 Themes: a very light brand colour (#ffe066) is darkened just enough to read as text on white', () => {
    const c = themeColours('#ffe066');
    expect(contrastRatio('#ffe066', '#ffffff')).toBeLessThan(AA);
    expect(contrastRatio(c.primaryText, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(c.primaryText).not.toBe('#000000'); // still a shade of the brand, not plain black
    const steps = Array.from({ length: 21 }, (_, i) => shade('#ffe066', -i * 5));
    const step = steps.indexOf(c.primaryText);
    expect(step).toBeGreaterThan(0);
    expect(contrastRatio(steps[step - 1] as string, '#ffffff')).toBeLessThan(AA);
  });

  it('§9 Themes: a mid-tone brand colour (#7a7a7a) that fails with white text gets dark text that passes AA', () => {
    const c = themeColours('#7a7a7a');
    expect(contrastRatio('#ffffff', '#7a7a7a')).toBeLessThan(AA);
    expect(contrastRatio(c.onPrimary, c.primary)).toBeGreaterThanOrEqual(AA);
  });

  it('§9 Themes: for every #rgb brand colour, onPrimary and primaryText reach 4.5:1', () => {
    const failures = ALL_SHORT_HEX.filter((style) => {
      const c = themeColours(style);
      return contrastRatio(c.onPrimary, c.primary) < AA || contrastRatio(c.primaryText, '#ffffff') < AA;
    });
    expect(failures).toEqual([]);
  });
});

describe('§9 Themes: the six white-label themes return the shopper to the shop on logout', () => {
  it('§9 Themes: the white-label list holds exactly six themes', () => {
    expect(WHITE_LABEL_THEMES).toHaveLength(6);
    expect(new Set(WHITE_LABEL_THEMES).size).toBe(6);
  });

  it.each([...WHITE_LABEL_THEMES])('§9 Themes: white-label theme "%s" returns to the shop home on logout', (theme) => {
    expect(returnsToShopOnLogout(theme)).toBe(true);
  });

  it.each(['default', 'light', '', null, undefined])(
    '§9 Themes: theme %j goes to the login page on logout',
    (theme) => {
      expect(returnsToShopOnLogout(theme)).toBe(false);
    },
  );
});
