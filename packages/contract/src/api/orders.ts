import { z } from 'zod';
import { Order } from '../domain/entities.js';
import { PositiveId } from './id-params.js';

export const OrderListQuery = z.object({
  page: PositiveId.default(1),
  query: z.string().trim().max(200, 'ac_FieldInvalidMessage').default(''),
});

export const OrderList = z.object({
  data: z.array(Order),
  meta: z.object({ total: z.number().int(), numberPerPage: z.number().int() }),
});
export type OrderList = z.infer<typeof OrderList>;
