/**
 * Every call of spec §7: method, path, sign-in and feature, grouped by the server module that
 * serves it (apps/server/src/modules/<name>/routes.ts), whatever screen calls it. Kept free of
 * schemas so the web app can import it without shipping zod in its first screen; the schemas
 * live in calls.ts, in the same order.
 */
import type { Feature } from '../domain/features.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  /** Path under /account/api/v1, with :params in Fastify style. */
  path: string;
  /** Whether a signed-in shopper is required. */
  auth: boolean;
  /** The feature that must be enabled for the call to exist. */
  feature?: Feature;
  /** The media type of the file the response carries, when it is a file rather than JSON. */
  produces?: 'application/pdf';
  /** The multipart/form-data file field of a call that takes an upload instead of JSON. */
  upload?: { field: string };
  /**
   * A call that creates something (or sends or hands out something) when repeated: it accepts an
   * IDEMPOTENCY_KEY_HEADER, and a repeat with the same key answers the first result.
   */
  idempotencyKey?: true;
  summary: string;
}

export const API_BASE = '/account/api/v1';

/**
 * The header of a create call's one submission: the server answers a repeat of the same key (the
 * same shopper and call) within IDEMPOTENCY_KEY_TTL_SECONDS with the first result, creating nothing new.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_TTL_SECONDS = 600;

export const endpoints = {
  // Served by modules/account: the account as a whole (spec §3).
  getAccount: {
    method: 'GET',
    path: '/shopuser/me',
    auth: true,
    summary: 'Loads the signed-in shopper’s account',
  },
  // Served by modules/profile: the shopper's own fields and the recently viewed list.
  updateAccount: {
    method: 'POST',
    path: '/shopUser/updateAccount',
    auth: true,
    summary: 'Saves the profile model or single account fields',
  },
  removeLastViewProduct: {
    method: 'DELETE',
    path: '/shopUser/removeLastViewProduct/:productId',
    auth: true,
    summary: 'Removes a product from the recently viewed list',
  },
  // Served by modules/avatar: the profile picture.
  uploadImage: {
    method: 'POST',
    path: '/shopUser/uploadImage',
    auth: true,
    upload: { field: 'attachFile' },
    summary: "Uploads the avatar (multipart, file field 'attachFile')",
  },
  // Served by modules/rewards: the wishlist, achievements and vouchers: three screens, one module.
  removeWishlist: {
    method: 'DELETE',
    path: '/shopUser/removeWishlist',
    auth: true,
    feature: 'MyWishlist',
    summary: 'Removes one wish or clears the wishlist',
  },
  claimAchievement: {
    method: 'POST',
    path: '/achievement/claim/:achievementId',
    auth: true,
    feature: 'Achievements',
    idempotencyKey: true,
    summary: 'Claims the reward of a claimable achievement',
  },
  claimVoucherByCode: {
    method: 'POST',
    path: '/voucher/claim/:code',
    auth: true,
    feature: 'MyVouchers',
    idempotencyKey: true,
    summary: 'Adds the voucher behind a campaign code to the shopper’s vouchers',
  },
  claimVoucherById: {
    method: 'POST',
    // Not /voucher/:id/claim: next to /voucher/claim/:code, /voucher/claim/claim would match both.
    path: '/voucher/claimById/:id',
    auth: true,
    feature: 'MyVouchers',
    idempotencyKey: true,
    summary: 'Hands out the code of one of the shopper’s unclaimed vouchers',
  },
  // Served by modules/phone: telephone verification by SMS.
  sendVerifySms: {
    method: 'POST',
    path: '/shopUser/sendVerifySms',
    auth: true,
    feature: 'TelephoneNumberVerification',
    idempotencyKey: true,
    summary: 'Sends a fresh verification code to the shopper’s telephone',
  },
  verifyTelephoneNumber: {
    method: 'POST',
    path: '/shopUser/verifyTelephoneNumber',
    auth: true,
    feature: 'TelephoneNumberVerification',
    summary: 'Verifies the telephone with the code sent by SMS',
  },
  // Served by modules/email: the shopper's verified email address.
  sendEmailCode: {
    method: 'POST',
    path: '/shopUser/sendEmailCode',
    auth: true,
    idempotencyKey: true,
    summary: 'Sends a fresh code to the address waiting for confirmation, or to the unverified email',
  },
  verifyEmail: {
    method: 'POST',
    path: '/shopUser/verifyEmail',
    auth: true,
    summary: 'Confirms the address waiting for confirmation (or the unverified email) with the emailed code',
  },
  cancelEmailChange: {
    method: 'DELETE',
    path: '/shopUser/pendingEmail',
    auth: true,
    summary: 'Drops a change of email that was not confirmed; the account keeps its address',
  },
  // Served by modules/auth: sign-in with each provider, and sign-out.
  loginFacebook: {
    method: 'POST',
    path: '/login/facebook',
    auth: false,
    summary: 'Signs in with a social-network access token',
  },
  loginGoogle: {
    method: 'POST',
    path: '/login/google',
    auth: false,
    summary: 'Signs in with a search-engine-company ID token',
  },
  loginApple: {
    method: 'POST',
    path: '/login/apple',
    auth: false,
    summary: 'Signs in with an Apple-style identity token',
  },
  loginTelegram: {
    method: 'POST',
    path: '/login/telegram',
    auth: false,
    summary: 'Signs in with the messaging-app widget data',
  },
  appleNonce: {
    method: 'GET',
    path: '/login/apple/nonce',
    auth: false,
    summary: 'A fresh single-use nonce for the Apple-style sign-in, remembered for this browser',
  },
  loginSteam: {
    method: 'POST',
    path: '/login/steam',
    auth: false,
    summary: 'Starts a games-platform OpenID 2.0 sign-in',
  },
  loginAuth0: {
    method: 'POST',
    path: '/login/auth0',
    auth: false,
    summary: 'Starts an auth0-style OpenID Connect sign-in',
  },
  loginEmailCode: {
    method: 'POST',
    path: '/login/email/code',
    auth: false,
    summary: 'Emails a sign-in code to the address; the same answer whether or not it has an account',
  },
  loginEmail: {
    method: 'POST',
    path: '/login/email',
    auth: false,
    summary: 'Signs in with the emailed code, in the browser that asked for it; a new address makes a new account',
  },
  logout: {
    method: 'POST',
    path: '/logout',
    auth: false,
    summary: 'Signs out; the response may hold a URL to go to',
  },
  // Served by modules/settings: the site configuration, its texts and the shopper's localisation.
  getSetting: {
    method: 'GET',
    path: '/setting',
    auth: false,
    summary: 'The site configuration',
  },
  getTranslations: {
    method: 'GET',
    path: '/translation',
    auth: false,
    summary: 'The UI texts of the current (or given) language',
  },
  getLocalize: {
    method: 'GET',
    path: '/localize',
    auth: false,
    summary: 'Languages, currencies, countries and the current choice',
  },
  updateLocalize: {
    method: 'PATCH',
    path: '/localize',
    auth: true,
    summary: 'Sets the shopper’s country, language and currency',
  },
  // Served by modules/preferences: interests, newsletters, the first-login onboarding and the email check.
  getPreferences: {
    method: 'GET',
    path: '/setting/preferences',
    auth: true,
    summary: 'Interests and newsletters with the shopper’s selection',
  },
  validateEmail: {
    method: 'POST',
    path: '/setting/validateEmail',
    auth: false,
    summary: 'Succeeds when the email address is valid; 400 otherwise',
  },
  firstTimeSetting: {
    method: 'POST',
    path: '/setting/firstTimeSetting',
    auth: true,
    summary: 'Saves the first-login onboarding and ends first-time login',
  },
  updateInterests: {
    method: 'PATCH',
    path: '/setting/interests',
    auth: true,
    summary: 'Replaces the shopper’s interests',
  },
  updateNewsletters: {
    method: 'PATCH',
    path: '/setting/newsletters',
    auth: true,
    summary: 'Replaces the shopper’s newsletter subscriptions',
  },
  // Served by modules/addresses: the address book and its VAT number check.
  createAddress: {
    method: 'POST',
    path: '/address',
    auth: true,
    feature: 'AddressBook',
    idempotencyKey: true,
    summary: 'Adds an address; its name is first plus last name',
  },
  updateAddress: {
    method: 'PATCH',
    path: '/address',
    auth: true,
    feature: 'AddressBook',
    summary: 'Updates an address, including making it the default via isBilling or isShipping',
  },
  deleteAddress: {
    method: 'DELETE',
    path: '/address/:addressId',
    auth: true,
    feature: 'AddressBook',
    summary: 'Deletes an address',
  },
  validateVatNumber: {
    method: 'POST',
    path: '/setting/validateVatNumber',
    auth: true,
    summary: 'Succeeds when the VAT number is valid for the country; 400 otherwise',
  },
  // Served by modules/orders: the shopper's orders and their invoices.
  listOrders: {
    method: 'GET',
    path: '/order',
    auth: true,
    feature: 'MyOrders',
    summary: 'Searches the shopper’s orders by order number and product name, newest first',
  },
  getOrder: {
    method: 'GET',
    path: '/order/:id',
    auth: true,
    feature: 'MyOrders',
    summary: 'One order',
  },
  deleteOrder: {
    method: 'DELETE',
    path: '/order/:id',
    auth: true,
    feature: 'MyOrders',
    summary: 'Deletes an order awaiting payment (status 10)',
  },
  downloadInvoice: {
    method: 'GET',
    path: '/order/downloadInvoice/:id',
    auth: true,
    feature: 'MyOrders',
    produces: 'application/pdf',
    summary: 'The invoice of an order as a PDF',
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;

/** Fills :params of a path, e.g. ('/order/:id', {id: 3}) -> '/order/3'. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
