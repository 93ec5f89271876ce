/**
 * What each call does, in a line: the OpenAPI documents' summaries. Apart from the call table
 * (routes.ts) so the web app, which imports that table, does not ship these texts.
 */
import type { EndpointName } from './routes.js';

export const ENDPOINT_SUMMARIES: Record<EndpointName, string> = {
  getAccount: 'Loads the signed-in shopper’s account',
  updateAccount: 'Saves the profile model or single account fields',
  removeLastViewProduct: 'Removes a product from the recently viewed list',
  uploadImage: "Uploads the avatar (multipart, file field 'attachFile')",
  removeWishlist: 'Removes one wish or clears the wishlist',
  claimAchievement: 'Claims the reward of a claimable achievement',
  claimVoucherByCode: 'Adds the voucher behind a campaign code to the shopper’s vouchers',
  claimVoucherById: 'Hands out the code of one of the shopper’s unclaimed vouchers',
  sendVerifySms: 'Sends a fresh verification code to the shopper’s telephone',
  verifyTelephoneNumber: 'Verifies the telephone with the code sent by SMS',
  sendEmailCode: 'Sends a fresh code to the address waiting for confirmation, or to the unverified email',
  verifyEmail: 'Confirms the address waiting for confirmation (or the unverified email) with the emailed code',
  cancelEmailChange: 'Drops a change of email that was not confirmed; the account keeps its address',
  loginFacebook: 'Signs in with a social-network access token',
  loginGoogle: 'Signs in with a search-engine-company ID token',
  loginApple: 'Signs in with an Apple-style identity token',
  loginTelegram: 'Signs in with the messaging-app widget data',
  appleNonce: 'A fresh single-use nonce for the Apple-style sign-in, remembered for this browser',
  loginSteam: 'Starts a games-platform OpenID 2.0 sign-in',
  loginAuth0: 'Starts an auth0-style OpenID Connect sign-in',
  loginEmailCode: 'Emails a sign-in code to the address; the same answer whether or not it has an account',
  loginEmail: 'Signs in with the emailed code, in the browser that asked for it; a new address makes a new account',
  logout: 'Signs out; the response may hold a URL to go to',
  getSetting: 'The site configuration',
  getTranslations: 'The UI texts of the current (or given) language',
  getLocalize: 'Languages, currencies, countries and the current choice',
  updateLocalize: 'Sets the shopper’s country, language and currency',
  getPreferences: 'Interests and newsletters with the shopper’s selection',
  validateEmail: 'Succeeds when the email address is valid; 400 otherwise',
  firstTimeSetting: 'Saves the first-login onboarding and ends first-time login',
  updateInterests: 'Replaces the shopper’s interests',
  updateNewsletters: 'Replaces the shopper’s newsletter subscriptions',
  createAddress: 'Adds an address; its name is first plus last name',
  updateAddress: 'Updates an address, including making it the default via isBilling or isShipping',
  deleteAddress: 'Deletes an address',
  validateVatNumber: 'Succeeds when the VAT number is valid for the country; 400 otherwise',
  listOrders: 'Searches the shopper’s orders by order number and product name, newest first',
  getOrder: 'One order',
  deleteOrder: 'Deletes an order awaiting payment (status 10)',
  downloadInvoice: 'The invoice of an order as a PDF',
  getPrivacy: 'How the shopper confirms a deletion, and a deletion waiting for its day',
  exportData:
    'Everything stored of the shopper as a ZIP (account.json, orders.json, invoices, avatar, README.txt), streamed; 3 per shopper per day',
  sendDeletionCode:
    'Emails a code that confirms deleting the account (shoppers with a verified email, when mail is on)',
  deleteAccount:
    'Deletes the account with the emailed code, or the typed word after a recent sign-in: at once, or after the shop’s grace period',
};
