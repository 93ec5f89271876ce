import { describe, expect, it } from 'vitest';
import {
  CURRENCY_SYMBOLS,
  currencySymbol,
  formatAmount,
  formatMoney,
  fromTenThousandths,
  type MoneySeparators,
  toTenThousandths,
} from './money.js';

const euro = (amount: number) => formatMoney({ amount, currency: 'EUR' });
const COMMA_DECIMALS: MoneySeparators = { decimalSep: ',', thousandSep: '.' };
const SPACE_THOUSANDS: MoneySeparators = { decimalSep: ',', thousandSep: ' ' };

describe('§3 Money: display is the currency sign, a space and the amount with 2 decimals', () => {
  it('§3 Money: sign, one space, then the amount with exactly 2 decimals (USD 12 -> "$ 12.00")', () => {
    expect(formatMoney({ amount: 12, currency: 'USD' })).toBe('$ 12.00');
    expect(formatMoney({ amount: 12.5, currency: 'GBP' })).toBe('£ 12.50');
    expect(euro(0.07)).toBe('€ 0.07');
  });

  it('§3 Money: zero is shown as 0.00', () => {
    expect(euro(0)).toBe('€ 0.00');
    expect(formatAmount(0)).toBe('0.00');
  });

  it('§3 Money: negative amounts keep the sign after the currency symbol ("€ -12.30")', () => {
    expect(euro(-12.3)).toBe('€ -12.30');
    expect(euro(-1234.5)).toBe('€ -1,234.50');
  });

  it('§3 Money: an amount that rounds to zero is never shown as -0.00', () => {
    expect(formatAmount(-0.004)).toBe('0.00');
    expect(formatAmount(-0.0001)).toBe('0.00');
    expect(formatAmount(-0)).toBe('0.00');
  });

  it('§3 Money: large amounts group thousands with the default separator (1234567.891 -> 1,234,567.89)', () => {
    expect(formatAmount(1234567.891)).toBe('1,234,567.89');
    expect(formatAmount(1000)).toBe('1,000.00');
    expect(formatAmount(999.99)).toBe('999.99');
    expect(formatAmount(9_999_999_999.99)).toBe('9,999,999,999.99');
  });

  it('§3 Money: rounding that carries into a new thousands group regroups (999999.995 -> 1,000,000.00)', () => {
    expect(formatAmount(999_999.995)).toBe('1,000,000.00');
    expect(formatAmount(999.995)).toBe('1,000.00');
  });
});

describe('§3/§9 Money: the amount is rounded up to 3 decimals first, then to the 2 that are shown', () => {
  it('§3/§9 Money: the amount is rounded up (not to the nearest) to 3 decimals before display (10.0041 -> 10.005 -> 10.01)', () => {
    expect(formatAmount(10.0041)).toBe('10.01');
    expect(formatAmount(10.0001)).toBe('10.00');
    expect(formatAmount(2.3441)).toBe('2.35');
    expect(formatAmount(-10.0041)).toBe('-10.01');
    expect(formatMoney({ amount: 10.0041, currency: 'EUR' })).toBe('€ 10.01');
  });

  it('§3/§9 Money: an amount with at most 3 decimals is not rounded up further (10.004 -> 10.00, 1e-7 -> 0.00)', () => {
    expect(formatAmount(10.004)).toBe('10.00');
    expect(formatAmount(0.125)).toBe('0.13');
    expect(formatAmount(1e-7)).toBe('0.00');
    expect(formatAmount(1e21)).toBe('1,000,000,000,000,000,000,000.00');
  });

  it('§9 Money: binary noise is removed at 3 decimals, so 1.005 shows as 1.01 (not 1.00 as toFixed gives)', () => {
    expect((1.005).toFixed(2)).toBe('1.00'); // the trap the rule exists for
    expect(formatAmount(1.005)).toBe('1.01');
  });

  it('§9 Money: 2.675 -> 2.68 and 1.255 -> 1.26 although their doubles lie just below the half', () => {
    expect(formatAmount(2.675)).toBe('2.68');
    expect(formatAmount(1.255)).toBe('1.26');
    expect(formatAmount(8.345)).toBe('8.35');
  });

  it('§9 Money: 0.1 + 0.2 shows as 0.30', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(0.7 + 0.1)).toBe('0.80');
  });

  it('§3 Money: the 3-decimal step comes first (1.0040001 -> 1.005 -> 1.01, 1.0039999 -> 1.004 -> 1.00)', () => {
    expect(formatAmount(1.0040001)).toBe('1.01');
    expect(formatAmount(1.0039999)).toBe('1.00');
    expect(formatAmount(1.0044999)).toBe('1.01');
    expect(formatAmount(1.0049999)).toBe('1.01');
    expect(formatAmount(1.0045)).toBe('1.01');
  });

  it('§3 Money: below the half rounds down, at the half rounds away from zero (1.004 -> 1.00, 1.015 -> 1.02)', () => {
    expect(formatAmount(1.004)).toBe('1.00');
    expect(formatAmount(1.015)).toBe('1.02');
    expect(formatAmount(19.994)).toBe('19.99');
    expect(formatAmount(19.995)).toBe('20.00');
  });

  it('§3 Money: negative amounts round half away from zero (-1.005 -> -1.01, -2.675 -> -2.68)', () => {
    expect(formatAmount(-1.005)).toBe('-1.01');
    expect(formatAmount(-2.675)).toBe('-2.68');
    expect(formatAmount(-1.004)).toBe('-1.00');
    expect(formatAmount(-0.005)).toBe('-0.01');
  });
});

describe('§9 Money: decimal and thousands separators come from the configuration', () => {
  it("§9 Money: ',' as decimal and '.' as thousands separator (1234567.891 -> 1.234.567,89)", () => {
    expect(formatAmount(1234567.891, COMMA_DECIMALS)).toBe('1.234.567,89');
    expect(formatMoney({ amount: 1234.5, currency: 'EUR' }, COMMA_DECIMALS)).toBe('€ 1.234,50');
    expect(formatAmount(-0.5, COMMA_DECIMALS)).toBe('-0,50');
  });

  it("§9 Money: ' ' as thousands and ',' as decimal separator (1234567.891 -> 1 234 567,89)", () => {
    expect(formatAmount(1234567.891, SPACE_THOUSANDS)).toBe('1 234 567,89');
    expect(formatMoney({ amount: 2500, currency: 'SEK' }, SPACE_THOUSANDS)).toBe('kr 2 500,00');
  });

  it('§9 Money: an empty thousands separator leaves the digits ungrouped', () => {
    expect(formatAmount(1234567.5, { decimalSep: '.', thousandSep: '' })).toBe('1234567.50');
  });

  it("§9 Money: without configuration the separators are '.' for decimals and ',' for thousands", () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
  });
});

describe('§9 Money: currency symbols are known for about 30 codes; an unknown code is shown in lower case', () => {
  it('§9 Money: about 30 currency codes have a known symbol', () => {
    const codes = Object.keys(CURRENCY_SYMBOLS);
    expect(codes.length).toBeGreaterThanOrEqual(28);
    expect(codes.length).toBeLessThanOrEqual(40);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(currencySymbol(code)).not.toBe(code.toLowerCase());
    }
  });

  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['GBP', '£'],
    ['JPY', '¥'],
    ['BRL', 'R$'],
    ['SEK', 'kr'],
    ['CAD', 'CA$'],
    ['CHF', 'CHF'],
    ['PLN', 'zł'],
    ['INR', '₹'],
  ])('§9 Money: %s is shown with its symbol %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
    expect(formatMoney({ amount: 1, currency: code })).toBe(`${symbol} 1.00`);
  });

  it('§9 Money: an unknown code is shown in lower case ("XYZ" -> "xyz 5.00")', () => {
    expect(currencySymbol('XYZ')).toBe('xyz');
    expect(formatMoney({ amount: 5, currency: 'XYZ' })).toBe('xyz 5.00');
    expect(formatMoney({ amount: 5, currency: 'Btc' })).toBe('btc 5.00');
  });

  it('§9 Money: a code given in lower case still finds its symbol ("eur" -> "€")', () => {
    expect(currencySymbol('eur')).toBe('€');
    expect(formatMoney({ amount: 3, currency: 'usd' })).toBe('$ 3.00');
    expect(currencySymbol('gBp')).toBe('£');
  });
});

describe('§5 Data (DESIGN): money is stored exactly, as integer ten-thousandths of the currency unit', () => {
  it('§5 Data: toTenThousandths keeps four decimals in any currency (EUR 12.34 -> 123400, 10.0041 -> 100041)', () => {
    expect(toTenThousandths(12.34)).toBe(123_400);
    expect(toTenThousandths(10.0041)).toBe(100_041);
    expect(toTenThousandths(1500)).toBe(15_000_000);
    expect(toTenThousandths(0)).toBe(0);
    expect(toTenThousandths(-5.5)).toBe(-55_000);
  });

  it('§5 Data: beyond four decimals the amount rounds half away from zero, without binary noise', () => {
    expect(toTenThousandths(1.00005)).toBe(10_001);
    expect(toTenThousandths(1.00004999)).toBe(10_000);
    expect(toTenThousandths(-1.00005)).toBe(-10_001);
    expect(toTenThousandths(0.1 + 0.2)).toBe(3000);
    expect(toTenThousandths(1e-7)).toBe(0);
  });

  it('§5 Data: a negative amount that rounds to nothing is stored as 0, not -0', () => {
    expect(Object.is(toTenThousandths(-0.00001), 0)).toBe(true);
    expect(Object.is(toTenThousandths(-0), 0)).toBe(true);
  });

  it('§5 Data: every amount with at most four decimals comes back from storage as the same number', () => {
    for (let stored = -200_000; stored <= 200_000; stored += 37) {
      const amount = stored / 10_000;
      expect(fromTenThousandths(toTenThousandths(amount))).toBe(amount);
    }
    expect(fromTenThousandths(toTenThousandths(12.34))).toBe(12.34);
    expect(fromTenThousandths(toTenThousandths(10.0041))).toBe(10.0041);
  });
});
