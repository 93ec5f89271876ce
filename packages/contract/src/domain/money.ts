/** Money display per spec §3 Money and §9 Money. */
import type { Money } from './entities.js';

export interface MoneySeparators {
  decimalSep: string;
  thousandSep: string;
}

export const DEFAULT_SEPARATORS: MoneySeparators = { decimalSep: '.', thousandSep: ',' };

/** §9: currency symbols are known for about 30 codes; anything else shows the code in lower case. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  AED: 'د.إ',
  AUD: 'A$',
  BGN: 'лв',
  BRL: 'R$',
  CAD: 'CA$',
  CHF: 'CHF',
  CNY: '¥',
  CZK: 'Kč',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  HUF: 'Ft',
  IDR: 'Rp',
  ILS: '₪',
  INR: '₹',
  ISK: 'kr',
  JPY: '¥',
  KRW: '₩',
  MXN: 'MX$',
  MYR: 'RM',
  NOK: 'kr',
  NZD: 'NZ$',
  PHP: '₱',
  PLN: 'zł',
  RON: 'lei',
  RUB: '₽',
  SEK: 'kr',
  SGD: 'S$',
  THB: '฿',
  TRY: '₺',
  UAH: '₴',
  USD: '$',
  ZAR: 'R',
};

export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code.toUpperCase()] ?? code.toLowerCase();
}

/**
 * The digits of |amount| as JavaScript writes the number (the shortest decimal that reads back as
 * the same double, so 1.005 is 1.005 and not its binary neighbour): the whole part and the fraction.
 */
function decimalParts(amount: number): [whole: string, fraction: string] {
  const [mantissa = '0', exponent = '0'] = Math.abs(amount).toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  return [digits.slice(0, point).padEnd(point, '0'), digits.slice(point)];
}

/**
 * The amount in hundredths (§3/§9 Money): rounded up to 3 decimals first, on its decimal digits
 * (10.0041 -> 10.005), then half away from zero to 2 (10.005 -> 10.01). Up means away from zero,
 * so a negative amount shows the same digits as its positive.
 */
function toHundredths(amount: number): bigint {
  const [whole, fraction] = decimalParts(amount);
  const beyondThird = /[1-9]/.test(fraction.slice(3)) ? 1n : 0n;
  const thousandths = BigInt(whole + fraction.padEnd(3, '0').slice(0, 3)) + beyondThird;
  const hundredths = (thousandths + 5n) / 10n;
  return amount < 0 ? -hundredths : hundredths;
}

/** The amount with 2 decimals and the configured separators, without a currency sign. */
export function formatAmount(amount: number, separators: MoneySeparators = DEFAULT_SEPARATORS): string {
  const hundredths = toHundredths(amount);
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separators.thousandSep);
  return `${negative ? '-' : ''}${grouped}${separators.decimalSep}${fraction}`;
}

/** §3 Money: the currency sign, a space and the amount with 2 decimals. */
export function formatMoney(money: Money, separators: MoneySeparators = DEFAULT_SEPARATORS): string {
  return `${currencySymbol(money.currency)} ${formatAmount(money.amount, separators)}`;
}

/**
 * Money is stored exactly (DESIGN §5) as integer ten-thousandths of its currency's unit, whatever
 * the currency: EUR 12.3456 is 123456. Four decimals keep what a shop sends beyond cents, so the
 * rounding up of §3 sees it; an amount with more decimals is rounded half away from zero to four.
 */
export function toTenThousandths(amount: number): number {
  const [whole, fraction] = decimalParts(amount);
  const half = fraction.charAt(4) >= '5' ? 1 : 0;
  const stored = Number(whole + fraction.padEnd(4, '0').slice(0, 4)) + half;
  return amount < 0 && stored !== 0 ? -stored : stored;
}

/** Stored ten-thousandths to the amount (how money travels); 2-decimal amounts come back as they went in. */
export function fromTenThousandths(stored: number): number {
  return stored / 10_000;
}
