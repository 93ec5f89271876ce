/** The entities of spec §3 as zod schemas; response payloads are built from these. */
import { z } from 'zod';
import { OrderDelivery } from './shipments.js';

/** An ISO 8601 timestamp in UTC, e.g. 2026-11-21T09:30:00.000Z. */
export const Timestamp = z.string().describe('ISO 8601 timestamp (UTC)');
/** A calendar date, yyyy-MM-dd. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('yyyy-MM-dd');

export const Currency = z.object({
  iSO4217: z.string(),
  displayName: z.string(),
  sign: z.string(),
});
export type Currency = z.infer<typeof Currency>;

export const Money = z.object({
  amount: z.number(),
  currency: z.string(),
});
export type Money = z.infer<typeof Money>;

export const FieldOption = z.object({ value: z.string(), label: z.string() });
export type FieldOption = z.infer<typeof FieldOption>;

export { FIELD_TYPES } from './field-types.js';

export const FieldDefinition = z.object({
  orderField: z.string(),
  label: z.string(),
  type: z.number().int(),
  required: z.boolean(),
  row: z.number().int(),
  width: z.union([z.literal(25), z.literal(50), z.literal(100)]),
  options: z.array(FieldOption),
  value: z.string().nullable(),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int(),
  disabled: z.boolean(),
  invalid: z.boolean(),
  warningMessage: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type FieldDefinition = z.infer<typeof FieldDefinition>;

export const Achievement = z.object({
  achievementId: z.number().int(),
  name: z.string(),
  detail: z.string().nullable(),
  description: z.string(),
  reward: z.string().nullable(),
  icon: z.string().nullable(),
  scaleType: z.number().int(),
  progress: z.number(),
  totalProgress: z.number(),
  currency: z.string().nullable(),
  claimDate: Timestamp.nullable(),
  disableClaim: z.boolean(),
  animate: z.boolean(),
  top: z.boolean(),
  progressPercentage: z.number(),
  canClaim: z.boolean(),
});
export type Achievement = z.infer<typeof Achievement>;

export const Address = z.object({
  addressId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  companyName: z.string(),
  vatNumber: z.string(),
  addressType: z.number().int(),
  email: z.string(),
  telephone: z.string(),
  country: z.string(),
  address: z.string(),
  addressNumber: z.string(),
  addressNumberSuffix: z.string(),
  zipCode: z.string(),
  city: z.string(),
  isBilling: z.boolean(),
  isShipping: z.boolean(),
  /** Values of the shop's own extra address fields, by orderField. */
  extraFields: z.record(z.string(), z.string()),
});
export type Address = z.infer<typeof Address>;

/** An address as printed on an order, with its text rendering. */
export const OrderAddress = Address.omit({
  addressId: true,
  isBilling: true,
  isShipping: true,
  extraFields: true,
}).extend({
  text: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderProduct = z.object({
  productId: z.number().int(),
  categoryName: z.string(),
  image: z.string().nullable(),
  name: z.string(),
  url: z.string().nullable(),
  productType: z.number().int(),
  price: Money,
  status: z.number().int(),
});
export type OrderProduct = z.infer<typeof OrderProduct>;

export const Transaction = z.object({
  method: z.string(),
  methodName: z.string(),
  status: z.number().int(),
  paid: Money,
  created: Timestamp,
});
export type Transaction = z.infer<typeof Transaction>;

export const Invoice = z.object({
  id: z.number().int(),
  name: z.string(),
  date: Timestamp,
});
export type Invoice = z.infer<typeof Invoice>;

export const Order = z.object({
  id: z.number().int(),
  orderId: z.string(),
  accessUrl: z.string().nullable(),
  created: Timestamp,
  status: z.number().int(),
  serviceFee: Money,
  shippingCost: Money,
  transactionCost: Money,
  discount: Money,
  subTotal: Money,
  totalPrice: Money,
  shippingAddress: OrderAddress.nullable(),
  billingAddress: OrderAddress.nullable(),
  invoice: Invoice.nullable(),
  products: z.array(OrderProduct),
  transactions: z.array(Transaction),
  /** Where its parcels are, in one line; null before the shop sent a shipment event (issue 46). */
  delivery: OrderDelivery.nullable(),
});
export type Order = z.infer<typeof Order>;

export const VoucherDiscount = z.object({
  percentage: z.number(),
  amount: z.number(),
  currency: z.string(),
});

export const Voucher = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  campaign: z.string(),
  code: z.string().nullable(),
  used: z.number().int(),
  limited: z.boolean(),
  redeemDate: Timestamp.nullable(),
  claimDate: Timestamp.nullable(),
  expireDate: Timestamp.nullable(),
  isExpired: z.boolean(),
  discount: VoucherDiscount,
});
export type Voucher = z.infer<typeof Voucher>;

/** §3 Wish product; recently viewed products share the shape. */
export const Product = z.object({
  productId: z.number().int(),
  name: z.string(),
  categoryName: z.string(),
  image: z.string().nullable(),
  url: z.string().nullable(),
  price: Money,
});
export type Product = z.infer<typeof Product>;

export const Account = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Whether the email is proven: asserted by a provider or the shop, or confirmed with an emailed code. */
  isEmailVerified: z.boolean(),
  /** A new address waiting for its emailed code; the account keeps `email` until it is confirmed. */
  pendingEmail: z.string().nullable(),
  telephone: z.string(),
  gender: z.number().int(),
  birthDate: CalendarDate.nullable(),
  imageUrl: z.string().nullable(),
  firstTimeLogin: z.boolean(),
  telephoneVerifyDate: Timestamp.nullable(),
  isTelephoneVerified: z.boolean(),
  hasValidTelephoneVerificationCode: z.boolean(),
  telephoneVerifyExpireIn: z.number().int().nullable(),
  defaultLanguage: z.string(),
  defaultLanguageName: z.string(),
  defaultCountry: z.string(),
  defaultCountryName: z.string(),
  defaultCurrency: Currency,
  defaultCurrencyName: z.string(),
  interestIds: z.array(z.number().int()),
  newsletterIds: z.array(z.number().int()),
  lastOrder: Order.nullable(),
  achievements: z.array(Achievement),
  lastViewProducts: z.array(Product),
  wishProducts: z.array(Product),
  addresses: z.array(Address),
  vouchers: z.array(Voucher),
  addressFields: z.array(FieldDefinition),
  firstTimeLoginFields: z.array(FieldDefinition),
  questionFields: z.array(FieldDefinition),
});
export type Account = z.infer<typeof Account>;

export const CustomPage = z.object({
  pageId: z.number().int(),
  name: z.string(),
  /** The title in the language of the answer (else the shop's single title). */
  title: z.string(),
  /** The title in each of the shop's languages, by lower-case language code; `customPageTitle` picks one. */
  titles: z.record(z.string(), z.string()),
  url: z.string(),
  layout: z.string(),
  iconUrl: z.string().nullable(),
  section: z.number().int(),
  viewOrder: z.number().int(),
});
export type CustomPage = z.infer<typeof CustomPage>;

/** §3 Site configuration, embedded in the page and served by GET /setting. */
export const SiteConfig = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  style: z.string(),
  culture: z.string(),
  decimalSep: z.string(),
  thousandSep: z.string(),
  logo: z.string().nullable(),
  theme: z.string(),
  shopUrl: z.string(),
  /** The shop has a cart link: orders offer buy again (issue 46). */
  buyAgain: z.boolean(),
  currentLanguage: z.string(),
  defaultLanguage: z.string(),
  enableLangUrls: z.boolean(),
  facebookAppId: z.string().nullable(),
  appleClientId: z.string().nullable(),
  appleRedirectUrl: z.string().nullable(),
  googleClientId: z.string().nullable(),
  googleOneTouch: z.boolean(),
  steam: z.boolean(),
  auth0: z.boolean(),
  /** The company single-sign-on start path at the shop root, or null when it is off. */
  singleSignOn: z.string().nullable(),
  telegram: z.boolean(),
  telegramId: z.string().nullable(),
  telegramRedirectUrl: z.string().nullable(),
  /** Sign-in with a code sent by email: on whenever the server can send email. */
  emailSignIn: z.boolean(),
  /** Sign-in with a passkey (WebAuthn), and adding passkeys on the security page. */
  passkeys: z.boolean(),
  /** Origins besides the shop's own that the authenticatedredirect cookie may lead to. */
  redirectAllowList: z.array(z.string()),
  enableFeatures: z.array(z.string()),
  pages: z.array(CustomPage),
  enableEuVatReverse: z.boolean(),
  isTestingEnvironment: z.boolean(),
  shippingCountries: z.array(z.string()),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

export const PreferenceItem = z.object({ id: z.number().int(), name: z.string(), selected: z.boolean() });
export type PreferenceItem = z.infer<typeof PreferenceItem>;

/** A newsletter also says how often it is sent (the settings' 'mail type', e.g. 'Weekly'). */
export const NewsletterItem = PreferenceItem.extend({ mailType: z.string() });
export type NewsletterItem = z.infer<typeof NewsletterItem>;

export const Preferences = z.object({
  interests: z.array(PreferenceItem),
  newsletters: z.array(NewsletterItem),
});
export type Preferences = z.infer<typeof Preferences>;

export const NamedCode = z.object({ name: z.string(), code: z.string() });
export type NamedCode = z.infer<typeof NamedCode>;

export const LocalizeSetting = z.object({
  country: z.string(),
  countryName: z.string(),
  language: z.string(),
  languageName: z.string(),
  currency: z.string(),
  currencyName: z.string(),
});
export type LocalizeSetting = z.infer<typeof LocalizeSetting>;

export const LocalizeData = z.object({
  languages: z.array(NamedCode),
  currencies: z.array(z.object({ name: z.string(), currency: Currency })),
  countries: z.array(NamedCode),
  setting: LocalizeSetting,
});
export type LocalizeData = z.infer<typeof LocalizeData>;

export const TranslationEntry = z.object({ key: z.string(), translate: z.string() });
export type TranslationEntry = z.infer<typeof TranslationEntry>;
