import { describe, expect, it } from 'vitest';
import {
  CURRENCY_SYMBOLS,
  currencyExponent,
  currencySymbol,
  formatAmount,
  formatMoney,
  fromMinorUnits,
  type MoneySeparators,
  toMinorUnits,
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

describe('§3/§9 Money: the amount is rounded to 3 decimals first, then to the 2 that are shown', () => {
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

  it('§3 Money: the 3-decimal step comes first (1.0044999 -> 1.004 -> 1.00, 1.0049999 -> 1.005 -> 1.01)', () => {
    expect(formatAmount(1.0044999)).toBe('1.00');
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

describe('§5 Data (DESIGN): money is stored as integer minor units of its ISO 4217 currency', () => {
  it('§5 Data: currencyExponent gives the minor-unit decimals (EUR 2, USD 2, JPY 0, KRW 0, KWD 3)', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KRW')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('§5 Data: currencyExponent accepts a lower-case code and falls back to 2 for a malformed one', () => {
    expect(currencyExponent('jpy')).toBe(0);
    expect(currencyExponent('XX')).toBe(2);
    expect(currencyExponent('')).toBe(2);
  });

  it('§5 Data: toMinorUnits scales by the exponent (EUR 12.34 -> 1234, JPY 1500 -> 1500, KWD 1.234 -> 1234)', () => {
    expect(toMinorUnits(12.34, 'EUR')).toBe(1234);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
    expect(toMinorUnits(1.234, 'KWD')).toBe(1234);
    expect(toMinorUnits(0, 'EUR')).toBe(0);
  });

  it('§5 Data: toMinorUnits rounds half away from zero despite binary noise (1.005 -> 101, -1.005 -> -101)', () => {
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(-1.005, 'EUR')).toBe(-101);
    expect(toMinorUnits(2.675, 'EUR')).toBe(268);
    expect(toMinorUnits(1.004, 'EUR')).toBe(100);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
  });

  it('§5 Data: JPY has no minor unit, so halves round away from zero to whole yen (2.5 -> 3, -2.5 -> -3)', () => {
    expect(toMinorUnits(2.5, 'JPY')).toBe(3);
    expect(toMinorUnits(-2.5, 'JPY')).toBe(-3);
    expect(toMinorUnits(2.4, 'JPY')).toBe(2);
    expect(toMinorUnits(-2.4, 'JPY')).toBe(-2);
  });

  it('§5 Data: a negative amount that rounds to nothing is stored as 0, not -0', () => {
    expect(Object.is(toMinorUnits(-0.001, 'EUR'), 0)).toBe(true);
    expect(Object.is(toMinorUnits(-0.4, 'JPY'), 0)).toBe(true);
  });

  it('§5 Data: fromMinorUnits divides by the exponent (EUR 1234 -> 12.34, JPY 1234 -> 1234)', () => {
    expect(fromMinorUnits(1234, 'EUR')).toBe(12.34);
    expect(fromMinorUnits(1234, 'JPY')).toBe(1234);
    expect(fromMinorUnits(-5, 'EUR')).toBe(-0.05);
    expect(fromMinorUnits(1234, 'KWD')).toBe(1.234);
  });

  it('§5 Data: minor units round-trip exactly for EUR, JPY and KWD', () => {
    for (const currency of ['EUR', 'USD', 'JPY', 'KWD']) {
      for (const minor of [0, 1, 7, 99, 101, 1005, 123456, -1, -250, 99999999]) {
        expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toBe(minor);
      }
    }
  });

  it('§5 Data: every amount with at most 2 decimals survives EUR minor units unchanged', () => {
    for (let cents = -2000; cents <= 2000; cents += 7) {
      const amount = cents / 100;
      expect(fromMinorUnits(toMinorUnits(amount, 'EUR'), 'EUR')).toBe(amount);
    }
  });
});
