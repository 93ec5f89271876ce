/** The request and response schemas of every call in routes.ts, by the same names. */
import type { z } from 'zod';
import { BuyAgain, BuyAgainQuery } from '../domain/buy-again.js';
import {
  Account,
  Achievement,
  Address,
  LocalizeData,
  Order,
  Preferences,
  SiteConfig,
  Voucher,
} from '../domain/entities.js';
import {
  NotificationSettings,
  UpdateNotificationsBody,
  WishlistAlertBody,
  WishlistAlerts,
} from '../domain/notifications.js';
import { CreateReturnBody, Return, ReturnList, ReturnOptions } from '../domain/returns.js';
import { OnTheWay, OrderShipments } from '../domain/shipments.js';
import {
  RemoveWishlistQuery,
  SendEmailCodeResponse,
  SendVerifySmsResponse,
  UpdateAccountBody,
  UploadImageResponse,
  VerifyEmailBody,
  VerifyTelephoneBody,
} from './account.js';
import { AddressInput, AddressUpdate } from './addresses.js';
import {
  AppleLoginBody,
  EmailCodeRequestBody,
  EmailSignInBody,
  FacebookLoginBody,
  GoogleLoginBody,
  LogoutResponse,
  NonceResponse,
  RedirectResponse,
  TelegramLoginBody,
} from './auth.js';
import { EmptyBody, idParams } from './id-params.js';
import { OrderList, OrderListQuery } from './orders.js';
import { DeleteAccountBody, DeleteAccountResponse, PrivacyInfo, SendDeletionCodeResponse } from './privacy.js';
import type { EndpointName } from './routes.js';
import {
  AddPasskeyBody,
  EndOtherSessionsQuery,
  LinkParams,
  LinkStarted,
  PasskeyInfo,
  PasskeySignInBody,
  RenamePasskeyBody,
  SessionIdParams,
  SessionList,
  SignInMethods,
  WebAuthnOptions,
} from './security.js';
import {
  FirstTimeSettingBody,
  InterestsBody,
  LocalizeUpdate,
  NewslettersBody,
  TranslationList,
  TranslationQuery,
  ValidateEmailBody,
  ValidateVatNumberBody,
  ValidResponse,
} from './settings.js';
import { VoucherClaimResult, VoucherCodeParams } from './vouchers.js';

export interface CallSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON response, or null for 204 No Content or a file download. */
  response: z.ZodType | null;
}

export const callSchemas = {
  // modules/account
  getAccount: { response: Account },
  // modules/profile
  updateAccount: { body: UpdateAccountBody, response: Account },
  removeLastViewProduct: { params: idParams('productId'), response: null },
  // modules/avatar
  uploadImage: { response: UploadImageResponse },
  // modules/rewards
  removeWishlist: { query: RemoveWishlistQuery, response: null },
  getWishlistAlerts: { response: WishlistAlerts },
  updateWishlistAlert: { params: idParams('id'), body: WishlistAlertBody, response: WishlistAlerts },
  updateWishlistAlerts: { body: WishlistAlertBody, response: WishlistAlerts },
  claimAchievement: { params: idParams('achievementId'), body: EmptyBody, response: Achievement },
  claimVoucherByCode: { params: VoucherCodeParams, body: EmptyBody, response: Voucher },
  claimVoucherById: { params: idParams('id'), body: EmptyBody, response: VoucherClaimResult },
  // modules/phone
  sendVerifySms: { body: EmptyBody, response: SendVerifySmsResponse },
  verifyTelephoneNumber: { body: VerifyTelephoneBody, response: Account },
  // modules/email
  sendEmailCode: { body: EmptyBody, response: SendEmailCodeResponse },
  verifyEmail: { body: VerifyEmailBody, response: Account },
  cancelEmailChange: { response: Account },
  // modules/auth
  loginFacebook: { body: FacebookLoginBody, response: Account },
  loginGoogle: { body: GoogleLoginBody, response: Account },
  loginApple: { body: AppleLoginBody, response: Account },
  loginTelegram: { body: TelegramLoginBody, response: Account },
  appleNonce: { response: NonceResponse },
  loginSteam: { body: EmptyBody, response: RedirectResponse },
  loginAuth0: { body: EmptyBody, response: RedirectResponse },
  loginEmailCode: { body: EmailCodeRequestBody, response: SendEmailCodeResponse },
  loginEmail: { body: EmailSignInBody, response: Account },
  passkeySignInOptions: { body: EmptyBody, response: WebAuthnOptions },
  loginPasskey: { body: PasskeySignInBody, response: Account },
  logout: { body: EmptyBody, response: LogoutResponse },
  // modules/security
  listSessions: { response: SessionList },
  endSession: { params: SessionIdParams, response: null },
  endOtherSessions: { query: EndOtherSessionsQuery, response: null },
  getSignInMethods: { response: SignInMethods },
  startLink: { params: LinkParams, body: EmptyBody, response: LinkStarted },
  removeIdentity: { params: idParams('id'), response: null },
  passkeyRegistrationOptions: { body: EmptyBody, response: WebAuthnOptions },
  addPasskey: { body: AddPasskeyBody, response: PasskeyInfo },
  renamePasskey: { params: idParams('id'), body: RenamePasskeyBody, response: PasskeyInfo },
  removePasskey: { params: idParams('id'), response: null },
  // modules/settings
  getSetting: { response: SiteConfig },
  getTranslations: { query: TranslationQuery, response: TranslationList },
  getLocalize: { response: LocalizeData },
  updateLocalize: { body: LocalizeUpdate, response: LocalizeData },
  // modules/preferences
  getPreferences: { response: Preferences },
  validateEmail: { body: ValidateEmailBody, response: ValidResponse },
  firstTimeSetting: { body: FirstTimeSettingBody, response: Account },
  updateInterests: { body: InterestsBody, response: Preferences },
  updateNewsletters: { body: NewslettersBody, response: Preferences },
  getNotifications: { response: NotificationSettings },
  updateNotifications: { body: UpdateNotificationsBody, response: NotificationSettings },
  // modules/addresses
  createAddress: { body: AddressInput, response: Address },
  updateAddress: { body: AddressUpdate, response: Address },
  deleteAddress: { params: idParams('addressId'), response: null },
  validateVatNumber: { body: ValidateVatNumberBody, response: ValidResponse },
  // modules/orders
  listOrders: { query: OrderListQuery, response: OrderList },
  getOrder: { params: idParams('id'), response: Order },
  deleteOrder: { params: idParams('id'), response: null },
  downloadInvoice: { params: idParams('id'), response: null },
  getOrderShipments: { params: idParams('id'), response: OrderShipments },
  getBuyAgain: { params: idParams('id'), query: BuyAgainQuery, response: BuyAgain },
  listShipmentsOnTheWay: { response: OnTheWay },
  getReturnOptions: { params: idParams('id'), response: ReturnOptions },
  createReturn: { params: idParams('id'), body: CreateReturnBody, response: Return },
  getOrderReturns: { params: idParams('id'), response: ReturnList },
  listReturns: { response: ReturnList },
  cancelReturn: { params: idParams('id'), body: EmptyBody, response: Return },
  // modules/privacy
  getPrivacy: { response: PrivacyInfo },
  exportData: { response: null },
  sendDeletionCode: { body: EmptyBody, response: SendDeletionCodeResponse },
  deleteAccount: { body: DeleteAccountBody, response: DeleteAccountResponse },
} as const satisfies Record<EndpointName, CallSchemas>;

type Schemas<N extends EndpointName> = (typeof callSchemas)[N];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Field<N extends EndpointName, K extends string> = K extends keyof Schemas<N> ? Schemas<N>[K] : undefined;

/** Validated (server-side) shapes of a call. */
export type ParamsOf<N extends EndpointName> = Out<Field<N, 'params'>>;
export type QueryOf<N extends EndpointName> = Out<Field<N, 'query'>>;
export type BodyOf<N extends EndpointName> = Out<Field<N, 'body'>>;
/** What a client sends. */
export type ParamsIn<N extends EndpointName> = In<Field<N, 'params'>>;
export type QueryIn<N extends EndpointName> = In<Field<N, 'query'>>;
export type BodyIn<N extends EndpointName> = In<Field<N, 'body'>>;
/** What the call answers. */
export type ResponseOf<N extends EndpointName> = Out<Schemas<N>['response']>;

/**
 * The calls a screen may open with that the server answers in the page itself, for the screen's
 * plain path (apps/server/src/http/spa.ts; the web's SECTIONS name each screen's).
 */
export const SCREEN_ANSWER_CALLS = ['listOrders', 'listShipmentsOnTheWay'] as const satisfies readonly EndpointName[];
export type ScreenAnswerCall = (typeof SCREEN_ANSWER_CALLS)[number];
