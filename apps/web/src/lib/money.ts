import { formatMoney, type Money } from '@account/contract';
import { useCallback } from 'react';
import { useSiteConfig } from './config-context';

/** §3 Money with the shop's configured separators. */
export function useFormatMoney(): (money: Money) => string {
  const { decimalSep, thousandSep } = useSiteConfig();
  return useCallback((money: Money) => formatMoney(money, { decimalSep, thousandSep }), [decimalSep, thousandSep]);
}
