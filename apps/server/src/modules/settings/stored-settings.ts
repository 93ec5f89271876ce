/** The site settings kept in the database, with the defaults of an unconfigured shop. */
import {
  DEFAULT_ADDRESS_FIELDS,
  DEFAULT_ALERT_DIGEST_MINUTES,
  DEFAULT_FIRST_TIME_LOGIN_FIELDS,
  DEFAULT_PRICE_DROP_THRESHOLD,
  DEFAULT_QUESTION_FIELDS,
  FieldDefinition,
  NotificationDefaultsSetting,
  ReturnPolicyRecord,
} from '@account/contract';
import { z } from 'zod';

const fields = (defaults: readonly FieldDefinition[]) => {
  // Through the schema like stored fields, so that a default answers exactly as the contract has it.
  const normalized = z.array(FieldDefinition).parse(defaults);
  return z
    .array(FieldDefinition)
    .nullable()
    .optional()
    .transform((v) => (v && v.length > 0 ? v : [...normalized]))
    .catch([...normalized]);
};

export const StoredSettings = z.object({
  companyId: z.number().int().catch(1).default(1),
  companyName: z.string().catch('Shop').default('Shop'),
  style: z.string().catch('').default(''),
  culture: z.string().catch('en-GB').default('en-GB'),
  decimalSep: z.string().max(3).catch('.').default('.'),
  thousandSep: z.string().max(3).catch(',').default(','),
  logo: z.string().nullable().catch(null).default(null),
  theme: z.string().catch('default').default('default'),
  shopUrl: z.string().catch('/').default('/'),
  /** Buy again's cart link with {items}; none: buy again is not offered. */
  cartUrl: z.string().nullable().catch(null).default(null),
  /** What a new shopper starts with; the first listed country/currency when empty or unknown. */
  defaultCountry: z.string().catch('').default(''),
  defaultCurrency: z.string().catch('').default(''),
  enableLangUrls: z.boolean().catch(false).default(false),
  enableFeatures: z.array(z.string()).catch([]).default([]),
  enableEuVatReverse: z.boolean().catch(false).default(false),
  isTestingEnvironment: z.boolean().catch(false).default(false),
  addressFields: fields(DEFAULT_ADDRESS_FIELDS),
  firstTimeLoginFields: fields(DEFAULT_FIRST_TIME_LOGIN_FIELDS),
  questionFields: fields(DEFAULT_QUESTION_FIELDS),
  /**
   * Returns (issue 46): 30 days after delivery, and no reasons or methods until the shop names its
   * own (it alone knows how parcels come back to it), so nothing can be sent back before that.
   */
  returnPolicy: ReturnPolicyRecord.catch(ReturnPolicyRecord.parse({})).default(ReturnPolicyRecord.parse({})),
  /** Issue 47: the shop's notification defaults over the product's own. */
  notificationDefaults: NotificationDefaultsSetting.catch({}).default({}),
  priceDropThreshold: z
    .number()
    .min(1)
    .max(90)
    .catch(DEFAULT_PRICE_DROP_THRESHOLD)
    .default(DEFAULT_PRICE_DROP_THRESHOLD),
  alertDigestMinutes: z
    .number()
    .int()
    .min(0)
    .max(1440)
    .catch(DEFAULT_ALERT_DIGEST_MINUTES)
    .default(DEFAULT_ALERT_DIGEST_MINUTES),
});
export type StoredSettings = z.infer<typeof StoredSettings>;
