/** §4 Order list: pages start at 1; total pages is total divided by numberPerPage, rounded up. */
import type { OrderList } from '@account/contract';

export function totalPages(meta: OrderList['meta']): number {
  return meta.numberPerPage > 0 ? Math.ceil(meta.total / meta.numberPerPage) : 0;
}

/** The page to load after the given ones, or undefined when none remain. */
export function nextPage(pages: readonly OrderList[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  return pages.length < totalPages(last.meta) ? pages.length + 1 : undefined;
}
