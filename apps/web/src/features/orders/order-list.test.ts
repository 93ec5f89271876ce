import type { OrderList } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { nextPage, totalPages } from './order-list';

const page = (total: number, numberPerPage = 10): OrderList => ({ data: [], meta: { total, numberPerPage } });

describe('§4 Order list: total pages is total / numberPerPage rounded up', () => {
  it('rounds up a partial page and counts none for no orders', () => {
    expect(totalPages(page(21).meta)).toBe(3);
    expect(totalPages(page(20).meta)).toBe(2);
    expect(totalPages(page(0).meta)).toBe(0);
  });

  it('never divides by a zero page size', () => {
    expect(totalPages(page(5, 0).meta)).toBe(0);
  });

  it('starts at page 1 and offers the next page only while pages remain', () => {
    expect(nextPage([])).toBe(1);
    expect(nextPage([page(21)])).toBe(2);
    expect(nextPage([page(21), page(21)])).toBe(3);
    expect(nextPage([page(21), page(21), page(21)])).toBeUndefined();
    expect(nextPage([page(0)])).toBeUndefined();
  });
});
