/**
 * Buy again (issue 46): an order's products, or some of them, put in the shop's cart through the
 * cart link the shop configures; what the shop marks unavailable is left out, and said so.
 */
import { z } from 'zod';

/** A product's availability as the shop tells it. */
export const PRODUCT_AVAILABILITIES = ['inStock', 'lowStock', 'outOfStock', 'discontinued'] as const;
export const ProductAvailability = z.enum(PRODUCT_AVAILABILITIES);
export type ProductAvailability = z.infer<typeof ProductAvailability>;

/** What can be put in a cart: in stock or low. */
export const canBuy = (availability: ProductAvailability) => availability === 'inStock' || availability === 'lowStock';

/** The placeholder of the shop's cart link that the products take: `shopId:quantity` pairs, comma separated. */
export const CART_ITEMS_PLACEHOLDER = '{items}';

/** §7-style query: which lines of the order (indexes in its products); all when left out. */
export const BuyAgainQuery = z.object({
  lines: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3}){0,499}$/, 'ac_FieldInvalidMessage')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .optional(),
});
export type BuyAgainQuery = z.infer<typeof BuyAgainQuery>;

/** Why a product was left out: the shop marks it unavailable, or the shop never sent it (no id to add it by). */
export const LEFT_OUT_REASONS = ['outOfStock', 'discontinued', 'unknown'] as const;

export const BuyAgain = z.object({
  /** The shop's cart with the products added; null when the shop has no cart link or nothing could be added. */
  cartUrl: z.string().nullable(),
  added: z.array(z.object({ line: z.number().int(), name: z.string(), quantity: z.number().int() })),
  leftOut: z.array(z.object({ line: z.number().int(), name: z.string(), reason: z.enum(LEFT_OUT_REASONS) })),
});
export type BuyAgain = z.infer<typeof BuyAgain>;
