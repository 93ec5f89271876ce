import { describe, expect, it } from 'vitest';
import { ORDERS_PER_PAGE } from '../domain/rules.js';
import { OrderList, OrderListQuery } from './orders.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: Result) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('§7 GET /order?page={page}&query={query}', () => {
  it('§9 Pagination: the order list starts at page 1 with an empty query', () => {
    expect(OrderListQuery.parse({})).toEqual({ page: 1, query: '' });
  });

  it('§7 GET /order: page and query from the query string are read (page "3" -> 3), the query trimmed', () => {
    expect(OrderListQuery.parse({ page: '3', query: '  ORD-1001 ' })).toEqual({ page: 3, query: 'ORD-1001' });
  });

  it('§7 GET /order: page 0, negative, decimal or non-numeric pages are refused with ac_FieldInvalidMessage', () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      expect(issues(OrderListQuery.safeParse({ page }))).toEqual([{ path: 'page', message: 'ac_FieldInvalidMessage' }]);
    }
  });

  it('§7 GET /order: a search query of more than 200 characters is refused', () => {
    expect(OrderListQuery.safeParse({ query: 'x'.repeat(200) }).success).toBe(true);
    expect(issues(OrderListQuery.safeParse({ query: 'x'.repeat(201) }))).toEqual([
      { path: 'query', message: 'ac_FieldInvalidMessage' },
    ]);
  });

  it('§7 GET /order: the response holds data and meta with total and numberPerPage', () => {
    expect(OrderList.safeParse({ data: [], meta: { total: 0, numberPerPage: 10 } }).success).toBe(true);
    expect(OrderList.safeParse({ data: [], meta: { total: 0 } }).success).toBe(false);
    expect(OrderList.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('§9 Pagination: the page size of the order list', () => {
  it('§9 Pagination: numberPerPage is ORDERS_PER_PAGE (10), and meta refuses a page size of 0 or a negative total', () => {
    expect(ORDERS_PER_PAGE).toBe(10);
    expect(OrderList.safeParse({ data: [], meta: { total: 0, numberPerPage: ORDERS_PER_PAGE } }).success).toBe(true);
    expect(OrderList.safeParse({ data: [], meta: { total: 0, numberPerPage: 0 } }).success).toBe(false);
    expect(OrderList.safeParse({ data: [], meta: { total: -1, numberPerPage: 10 } }).success).toBe(false);
  });
});
