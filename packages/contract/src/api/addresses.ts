import { z } from 'zod';
import { LIMITS } from '../domain/rules.js';
import { PositiveId } from './id-params.js';

const text = (max: number = LIMITS.addressTextMaxLength) =>
  z.string().trim().max(max, 'ac_FieldInvalidMaxLengthMessage').default('');

/**
 * The address as the form sends it. Which fields are required, and their lengths, come from the
 * server's field definitions and are checked by the address rules, not here.
 */
export const AddressInput = z.object({
  firstName: text(),
  lastName: text(),
  companyName: text(LIMITS.companyNameMaxLength),
  vatNumber: text(32),
  addressType: z.union([z.literal(0), z.literal(1)]).default(0),
  email: text(),
  confirmEmail: text().optional(),
  telephone: text(),
  confirmTelephone: text().optional(),
  country: text(2),
  address: text(),
  addressNumber: text(),
  addressNumberSuffix: text(),
  zipCode: text(),
  city: text(),
  isBilling: z.boolean().default(false),
  isShipping: z.boolean().default(false),
  /** Values of server-defined fields beyond the standard ones, by orderField. */
  extraFields: z.record(z.string().max(64), z.string().max(LIMITS.addressTextMaxLength)).optional(),
});
export type AddressInput = z.infer<typeof AddressInput>;

type WithoutDefault<S> =
  S extends z.ZodOptional<infer I extends z.ZodType>
    ? WithoutDefault<I>
    : S extends z.ZodDefault<infer I extends z.ZodType>
      ? I
      : S;
type UpdateShape = {
  [K in keyof typeof AddressInput.shape]: z.ZodOptional<WithoutDefault<(typeof AddressInput.shape)[K]>>;
};

/**
 * Only the fields an update sends. AddressInput's defaults are dropped first: zod 4's partial()
 * still fills a default in for a missing key, which would blank every field the update leaves out.
 */
const updateShape = Object.fromEntries(
  Object.entries(AddressInput.shape).map(([key, schema]) => {
    let bare: z.ZodType = schema;
    while (bare instanceof z.ZodOptional || bare instanceof z.ZodDefault) bare = bare.unwrap() as z.ZodType;
    return [key, bare.optional()];
  }),
) as UpdateShape;

export const AddressUpdate = z.object(updateShape).extend({ addressId: PositiveId });
export type AddressUpdate = z.infer<typeof AddressUpdate>;
