/** §2: an order's id in a path is parsed as an integer; anything else is no order at all. */
export function parseOrderId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
