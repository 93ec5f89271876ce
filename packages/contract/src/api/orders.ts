import { z } from 'zod';
import { Order } from '../domain/entities.js';
import { PositiveId } from './id-params.js';

/** §7 GET /order?page={page}&query={query}: page 1 and no search when left out (§9 Pagination). */
export const OrderListQuery = z.object({
  page: PositiveId.default(1),
  /** Matched case-insensitively against the order number and the product names. */
  query: z.string().trim().max(200, 'ac_FieldInvalidMessage').default(''),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderList = z.object({
  /** One page of the shopper's orders, newest first; empty beyond the last page. */
  data: z.array(Order),
  meta: z.object({
    /** All matching orders, over every page. */
    total: z.number().int().nonnegative(),
    /** Orders per page (ORDERS_PER_PAGE); total pages is total / numberPerPage, rounded up (§4 Order list). */
    numberPerPage: z.number().int().positive(),
  }),
});
export type OrderList = z.infer<typeof OrderList>;
