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
 * The amount in hundredths, rounded to 3 decimals first (§3: "rounded up to 3 decimals before
 * display") so binary noise such as 1.00499999 reads as 1.005, then half away from zero to 2.
 */
function toHundredths(amount: number): number {
  const thousandths = Math.round(Math.abs(amount) * 1000);
  const hundredths = Math.floor((thousandths + 5) / 10);
  return amount < 0 && hundredths !== 0 ? -hundredths : hundredths;
}

/** The amount with 2 decimals and the configured separators, without a currency sign. */
export function formatAmount(amount: number, separators: MoneySeparators = DEFAULT_SEPARATORS): string {
  const hundredths = toHundredths(amount);
  const negative = hundredths < 0;
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separators.thousandSep);
  return `${negative ? '-' : ''}${grouped}${separators.decimalSep}${fraction}`;
}

/** §3 Money: the currency sign, a space and the amount with 2 decimals. */
export function formatMoney(money: Money, separators: MoneySeparators = DEFAULT_SEPARATORS): string {
  return `${currencySymbol(money.currency)} ${formatAmount(money.amount, separators)}`;
}

/** Building an Intl.NumberFormat costs tens of microseconds; a page of orders asks for it often. */
const exponents = new Map<string, number>();

/** Decimal places of a currency's minor unit (ISO 4217), e.g. 2 for EUR and 0 for JPY. */
export function currencyExponent(code: string): number {
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    try {
      exponent =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      exponent = 2;
    }
    // Bounded: only well-formed codes are worth remembering, and there are few of those.
    if (/^[A-Z]{3}$/.test(code)) exponents.set(code, exponent);
  }
  return exponent;
}

/** Integer minor units (how money is stored) to a decimal amount (how it travels). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** A decimal amount to integer minor units, rounding half away from zero. */
export function toMinorUnits(amount: number, currency: string): number {
  const factor = 10 ** currencyExponent(currency);
  const scaled = Math.round(Math.abs(amount) * factor * 1000) / 1000;
  const rounded = Math.floor(scaled + 0.5);
  return amount < 0 && rounded !== 0 ? -rounded : rounded;
}
