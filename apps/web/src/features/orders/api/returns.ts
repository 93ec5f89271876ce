/**
 * The returns' server calls (issue 46): what an order's lines allow, asking for a return, an
 * order's returns, all the shopper's returns, and cancelling one.
 */
import type { BodyIn, Return } from '@account/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api';

const returnKeys = {
  all: ['returns'],
  options: (orderId: number) => ['returns', 'options', orderId],
  ofOrder: (orderId: number) => ['returns', 'order', orderId],
  list: ['returns', 'list'],
};

const noRetryOn4xx = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2;

/** Which lines of the order may go back, with the reasons and methods. */
export const returnOptionsQuery = (orderId: number) =>
  queryOptions({
    queryKey: returnKeys.options(orderId),
    queryFn: ({ signal }) => call('getReturnOptions', { params: { id: orderId }, signal }),
    retry: noRetryOn4xx,
  });

/** The order's returns. */
export const orderReturnsQuery = (orderId: number) =>
  queryOptions({
    queryKey: returnKeys.ofOrder(orderId),
    queryFn: ({ signal }) => call('getOrderReturns', { params: { id: orderId }, signal }),
    retry: noRetryOn4xx,
  });

/** Every return of the shopper. */
export const returnsQuery = queryOptions({
  queryKey: returnKeys.list,
  queryFn: ({ signal }) => call('listReturns', { signal }),
  retry: noRetryOn4xx,
});

/** A return changes what the order's lines allow and every list of returns: all are read again. */
function useRefreshReturns() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: returnKeys.all });
}

/** Asks for a return (sent with an Idempotency-Key, so a repeated submission makes no second one). */
export function useCreateReturnMutation(orderId: number) {
  const refresh = useRefreshReturns();
  return useMutation({
    mutationFn: (body: BodyIn<'createReturn'>) => call('createReturn', { params: { id: orderId }, body }),
    onSuccess: () => refresh(),
  });
}

export function useCancelReturnMutation() {
  const refresh = useRefreshReturns();
  return useMutation({
    mutationFn: (ret: Return) => call('cancelReturn', { params: { id: ret.id }, body: {} }),
    onSuccess: () => refresh(),
  });
}
