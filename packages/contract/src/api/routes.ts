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
  produces?: 'application/pdf' | 'application/zip';
  /** The multipart/form-data file field of a call that takes an upload instead of JSON. */
  upload?: { field: string };
  /**
   * A call that creates something (or sends or hands out something) when repeated: it accepts an
   * IDEMPOTENCY_KEY_HEADER, and a repeat with the same key answers the first result.
   */
  idempotencyKey?: true;
  /**
   * A call that adds, removes or replaces a way into the account: it needs a recent sign-in (the
   * server's one step-up rule), else it answers 403 ERROR_CODES.recentSignInRequired. Calls that
   * do so only sometimes (an email change in updateAccount, a deletion by typed word) apply the
   * same rule in their service.
   */
  stepUp?: true;
}

export const API_BASE = '/account/api/v1';

/**
 * The header of a create call's one submission: the server answers a repeat of the same key (the
 * same shopper and call) within IDEMPOTENCY_KEY_TTL_SECONDS with the first result, creating nothing new.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_TTL_SECONDS = 600;

/** Every call's table entry; its one-line description for the OpenAPI documents is in summaries.ts. */
export const endpoints = {
  // Served by modules/account: the account as a whole (spec §3).
  getAccount: {
    method: 'GET',
    path: '/shopuser/me',
    auth: true,
  },
  // Served by modules/profile: the shopper's own fields and the recently viewed list.
  updateAccount: {
    method: 'POST',
    path: '/shopUser/updateAccount',
    auth: true,
  },
  removeLastViewProduct: {
    method: 'DELETE',
    path: '/shopUser/removeLastViewProduct/:productId',
    auth: true,
  },
  // Served by modules/avatar: the profile picture.
  uploadImage: {
    method: 'POST',
    path: '/shopUser/uploadImage',
    auth: true,
    upload: { field: 'attachFile' },
  },
  // Served by modules/rewards: the wishlist, achievements and vouchers: three screens, one module.
  removeWishlist: {
    method: 'DELETE',
    path: '/shopUser/removeWishlist',
    auth: true,
    feature: 'MyWishlist',
  },
  getWishlistAlerts: {
    method: 'GET',
    path: '/shopUser/wishlistAlerts',
    auth: true,
    feature: 'MyWishlist',
  },
  updateWishlistAlert: {
    method: 'PUT',
    path: '/shopUser/wishlistAlert/:id',
    auth: true,
    feature: 'MyWishlist',
  },
  updateWishlistAlerts: {
    method: 'PUT',
    path: '/shopUser/wishlistAlerts',
    auth: true,
    feature: 'MyWishlist',
  },
  claimAchievement: {
    method: 'POST',
    path: '/achievement/claim/:achievementId',
    auth: true,
    feature: 'Achievements',
    idempotencyKey: true,
  },
  claimVoucherByCode: {
    method: 'POST',
    path: '/voucher/claim/:code',
    auth: true,
    feature: 'MyVouchers',
    idempotencyKey: true,
  },
  claimVoucherById: {
    method: 'POST',
    // Not /voucher/:id/claim: next to /voucher/claim/:code, /voucher/claim/claim would match both.
    path: '/voucher/claimById/:id',
    auth: true,
    feature: 'MyVouchers',
    idempotencyKey: true,
  },
  // Served by modules/phone: telephone verification by SMS.
  sendVerifySms: {
    method: 'POST',
    path: '/shopUser/sendVerifySms',
    auth: true,
    feature: 'TelephoneNumberVerification',
    idempotencyKey: true,
  },
  verifyTelephoneNumber: {
    method: 'POST',
    path: '/shopUser/verifyTelephoneNumber',
    auth: true,
    feature: 'TelephoneNumberVerification',
  },
  // Served by modules/email: the shopper's verified email address.
  sendEmailCode: {
    method: 'POST',
    path: '/shopUser/sendEmailCode',
    auth: true,
    idempotencyKey: true,
  },
  verifyEmail: {
    method: 'POST',
    path: '/shopUser/verifyEmail',
    auth: true,
  },
  cancelEmailChange: {
    method: 'DELETE',
    path: '/shopUser/pendingEmail',
    auth: true,
  },
  // Served by modules/auth: sign-in with each provider, and sign-out.
  loginFacebook: {
    method: 'POST',
    path: '/login/facebook',
    auth: false,
  },
  loginGoogle: {
    method: 'POST',
    path: '/login/google',
    auth: false,
  },
  loginApple: {
    method: 'POST',
    path: '/login/apple',
    auth: false,
  },
  loginTelegram: {
    method: 'POST',
    path: '/login/telegram',
    auth: false,
  },
  appleNonce: {
    method: 'GET',
    path: '/login/apple/nonce',
    auth: false,
  },
  loginSteam: {
    method: 'POST',
    path: '/login/steam',
    auth: false,
  },
  loginAuth0: {
    method: 'POST',
    path: '/login/auth0',
    auth: false,
  },
  loginEmailCode: {
    method: 'POST',
    path: '/login/email/code',
    auth: false,
  },
  loginEmail: {
    method: 'POST',
    path: '/login/email',
    auth: false,
  },
  passkeySignInOptions: {
    method: 'POST',
    path: '/login/passkey/options',
    auth: false,
  },
  loginPasskey: {
    method: 'POST',
    path: '/login/passkey',
    auth: false,
  },
  logout: {
    method: 'POST',
    path: '/logout',
    auth: false,
  },
  // Served by modules/security: sessions and devices, sign-in methods, passkeys (issue 20).
  listSessions: {
    method: 'GET',
    path: '/security/sessions',
    auth: true,
  },
  endSession: {
    method: 'DELETE',
    path: '/security/sessions/:id',
    auth: true,
  },
  endOtherSessions: {
    method: 'DELETE',
    path: '/security/sessions',
    auth: true,
  },
  getSignInMethods: {
    method: 'GET',
    path: '/security/sign-in-methods',
    auth: true,
  },
  startLink: {
    method: 'POST',
    path: '/security/identities/link/:provider',
    auth: true,
    stepUp: true,
  },
  removeIdentity: {
    method: 'DELETE',
    path: '/security/identities/:id',
    auth: true,
    stepUp: true,
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/security/passkeys/options',
    auth: true,
    stepUp: true,
  },
  addPasskey: {
    method: 'POST',
    path: '/security/passkeys',
    auth: true,
    stepUp: true,
  },
  renamePasskey: {
    method: 'PATCH',
    path: '/security/passkeys/:id',
    auth: true,
  },
  removePasskey: {
    method: 'DELETE',
    path: '/security/passkeys/:id',
    auth: true,
    stepUp: true,
  },
  // Served by modules/settings: the site configuration, its texts and the shopper's localisation.
  getSetting: {
    method: 'GET',
    path: '/setting',
    auth: false,
  },
  getTranslations: {
    method: 'GET',
    path: '/translation',
    auth: false,
  },
  getLocalize: {
    method: 'GET',
    path: '/localize',
    auth: false,
  },
  updateLocalize: {
    method: 'PATCH',
    path: '/localize',
    auth: true,
  },
  // Served by modules/preferences: interests, newsletters, the first-login onboarding and the email check.
  getPreferences: {
    method: 'GET',
    path: '/setting/preferences',
    auth: true,
  },
  validateEmail: {
    method: 'POST',
    path: '/setting/validateEmail',
    auth: false,
  },
  firstTimeSetting: {
    method: 'POST',
    path: '/setting/firstTimeSetting',
    auth: true,
  },
  updateInterests: {
    method: 'PATCH',
    path: '/setting/interests',
    auth: true,
  },
  updateNewsletters: {
    method: 'PATCH',
    path: '/setting/newsletters',
    auth: true,
  },
  getNotifications: {
    method: 'GET',
    path: '/setting/notifications',
    auth: true,
  },
  updateNotifications: {
    method: 'PATCH',
    path: '/setting/notifications',
    auth: true,
  },
  // Served by modules/addresses: the address book and its VAT number check.
  createAddress: {
    method: 'POST',
    path: '/address',
    auth: true,
    feature: 'AddressBook',
    idempotencyKey: true,
  },
  updateAddress: {
    method: 'PATCH',
    path: '/address',
    auth: true,
    feature: 'AddressBook',
  },
  deleteAddress: {
    method: 'DELETE',
    path: '/address/:addressId',
    auth: true,
    feature: 'AddressBook',
  },
  validateVatNumber: {
    method: 'POST',
    path: '/setting/validateVatNumber',
    auth: true,
  },
  // Served by modules/orders: the shopper's orders, their invoices, parcels and returns.
  listOrders: {
    method: 'GET',
    path: '/order',
    auth: true,
    feature: 'MyOrders',
  },
  getOrder: {
    method: 'GET',
    path: '/order/:id',
    auth: true,
    feature: 'MyOrders',
  },
  deleteOrder: {
    method: 'DELETE',
    path: '/order/:id',
    auth: true,
    feature: 'MyOrders',
  },
  downloadInvoice: {
    method: 'GET',
    path: '/order/downloadInvoice/:id',
    auth: true,
    feature: 'MyOrders',
    produces: 'application/pdf',
  },
  getBuyAgain: {
    method: 'GET',
    path: '/order/buyAgain/:id',
    auth: true,
    feature: 'MyOrders',
  },
  getOrderShipments: {
    method: 'GET',
    path: '/order/shipments/:id',
    auth: true,
    feature: 'MyOrders',
  },
  listShipmentsOnTheWay: {
    method: 'GET',
    path: '/shipment/on-the-way',
    auth: true,
    feature: 'MyOrders',
  },
  getReturnOptions: {
    method: 'GET',
    path: '/order/returnOptions/:id',
    auth: true,
    feature: 'MyOrders',
  },
  createReturn: {
    method: 'POST',
    path: '/order/returns/:id',
    auth: true,
    feature: 'MyOrders',
    idempotencyKey: true,
  },
  getOrderReturns: {
    method: 'GET',
    path: '/order/returns/:id',
    auth: true,
    feature: 'MyOrders',
  },
  listReturns: {
    method: 'GET',
    path: '/returns',
    auth: true,
    feature: 'MyOrders',
  },
  cancelReturn: {
    method: 'POST',
    path: '/returns/cancel/:id',
    auth: true,
    feature: 'MyOrders',
  },
  // Served by modules/privacy: the shopper's data as a download, and deleting the account.
  getPrivacy: {
    method: 'GET',
    path: '/privacy',
    auth: true,
  },
  exportData: {
    method: 'GET',
    path: '/privacy/export',
    auth: true,
    produces: 'application/zip',
  },
  sendDeletionCode: {
    method: 'POST',
    path: '/privacy/deletion-code',
    auth: true,
    idempotencyKey: true,
  },
  deleteAccount: {
    method: 'POST',
    path: '/privacy/delete-account',
    auth: true,
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
