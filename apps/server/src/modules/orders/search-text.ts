/**
 * The order search of spec §2 Orders list: by order number and product name, case-insensitively.
 * Each order stores its searchable text already lower-cased (orders.search_text), so a search is
 * one LIKE over one shopper's index entries. Lower-casing happens here in JavaScript, not in SQL:
 * SQLite's lower() only knows ASCII, and both databases must find the same orders.
 */

/** Canonical composition first, so 'é' typed one way finds 'é' stored the other way. */
const fold = (text: string): string => text.normalize('NFC').toLowerCase();

/**
 * The most UTF-8 bytes of search text. PostgreSQL keeps the text in the list index (an index-only
 * scan is what makes a search fast), and a B-tree entry holds at most about 2.7 kB; names past
 * this many bytes (an order of dozens of products) are left out rather than fail the write.
 */
export const SEARCH_TEXT_MAX_BYTES = 2000;

/**
 * The stored search text of an order: its number and its product names, one per line, each name
 * once. Whatever writes an order or its products writes this too.
 */
export function orderSearchText(orderNumber: string, productNames: readonly string[]): string {
  let text = fold(orderNumber);
  let bytes = Buffer.byteLength(text);
  for (const name of new Set(productNames.map(fold))) {
    bytes += 1 + Buffer.byteLength(name);
    if (bytes > SEARCH_TEXT_MAX_BYTES) break;
    text += `\n${name}`;
  }
  return text;
}

/** The LIKE pattern (escape character '\') that finds the query anywhere in a search text. */
export function searchPattern(query: string): string {
  return `%${fold(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
