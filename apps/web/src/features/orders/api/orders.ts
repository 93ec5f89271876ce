/**
 * The orders' server calls (spec §7): the searchable order list, one order, its shipments (issue
 * 46), delete, the invoice file.
 */
import type { Order } from '@account/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useReloadAccount } from '@/lib/account';
import { ApiError, call, urlOf } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { takeScreenAnswer } from '@/lib/embedded-answers';
import { nextPage } from '../order-list';

const orderKeys = {
  lists: ['orders'],
  list: (query: string) => [...orderKeys.lists, query],
  detail: (id: number | null) => ['order', id],
  shipments: (id: number) => ['order', id, 'shipments'],
};

/** How long the list the page came with counts as fresh; showing the list after that asks again. */
const PAGE_ANSWER_FRESH_MS = 30_000;

export const ordersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(query),
    // Each page remembers its search, so cards shown as placeholders while a new search loads
    // keep their keys, and the new results mount afresh with their first card expanded.
    queryFn: async ({ pageParam, signal }) => ({
      ...(await call('listOrders', { query: { page: pageParam, query }, signal })),
      query,
    }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    placeholderData: keepPreviousData,
    // The first page of the plain list may come with the page (the server answers the call the
    // orders screen opens with); it is as fresh as a request made then, so not asked for again at once.
    initialData: () => {
      const first = query === '' ? takeScreenAnswer('listOrders') : undefined;
      return first && { pages: [{ ...first, query }], pageParams: [1] };
    },
    // Read by the server as it served the page.
    initialDataUpdatedAt: () => performance.timeOrigin,
    staleTime: (cached) => (cached.state.dataUpdateCount === 0 ? PAGE_ANSWER_FRESH_MS : 0),
  });

/** One order; null (a malformed id) never loads. A missing or foreign order (4xx) is not retried. */
export const orderQuery = (id: number | null) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => call('getOrder', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** An order's parcels with their carrier events, newest first: asked for when its detail opens. */
export const orderShipmentsQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.shipments(id),
    queryFn: ({ signal }) => call('getOrderShipments', { params: { id }, signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** Deletes an order, then refreshes the order lists and the account (its last order may change). */
export function useDeleteOrderMutation() {
  const queryClient = useQueryClient();
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: (order: Order) => call('deleteOrder', { params: { id: order.id } }),
    onSuccess: async (_answer, order) => {
      queryClient.removeQueries({ queryKey: orderKeys.detail(order.id) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.lists }), reloadAccount()]);
    },
  });
}

/** The order's invoice PDF (spec §7 GET /order/{id}/invoice), saved as a file. */
export const downloadInvoice = (order: Order) => downloadFile(urlOf('downloadInvoice', { params: { id: order.id } }));
