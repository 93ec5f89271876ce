/** Buy again's server call (issue 46): the shop's cart link for an order's products, or some lines of it. */
import type { BuyAgain, Order } from '@account/contract';
import { call } from '@/lib/api';

export const fetchBuyAgain = (order: Order, lines?: readonly number[]): Promise<BuyAgain> =>
  call('getBuyAgain', { params: { id: order.id }, query: lines ? { lines: lines.join(',') } : {} });
