/** Sign-in and sign-out calls of spec §7. */
import { z } from 'zod';
import { LIMITS } from '../domain/rules.js';
import { VerificationCodeField } from './account.js';

const token = z.string().trim().min(1, 'ac_FieldInvalidMessage').max(16_384, 'ac_FieldInvalidMessage');

export const FacebookLoginBody = z.object({ token });
export const GoogleLoginBody = z.object({ credential: token, clientId: z.string().max(512) });
export const AppleLoginBody = z.object({ token });
export const NonceResponse = z.object({ nonce: z.string() });
export const RedirectResponse = z.object({ redirectUrl: z.string() });
export const LogoutResponse = z.object({ url: z.string().nullable() });

/** The address an emailed sign-in code goes to. */
export const EmailCodeRequestBody = z.object({
  email: z
    .string({ error: 'ac_EmailRequiredMessage' })
    .trim()
    .min(1, 'ac_EmailRequiredMessage')
    .max(LIMITS.addressTextMaxLength, 'ac_EmailIsInvalidMessage')
    .pipe(z.email('ac_EmailIsInvalidMessage')),
});
export const EmailSignInBody = EmailCodeRequestBody.extend({ code: VerificationCodeField });

/** The data the messaging-app login widget hands the page (all values as the widget sends them). */
export const TelegramLoginBody = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  firstName: z.string().max(256).optional(),
  lastName: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  photoUrl: z.string().max(2048).optional(),
  authDate: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  hash: z.string().regex(/^[0-9a-f]{64}$/i),
  /** When linking (issue 20): the link's state, which came back with the widget's data. */
  state: z.string().max(64).optional(),
});

/** The company single-sign-on start path, served at the shop root (§7): answers a URL as text. */
export const SSO_START_PATH = '/sso/start';
/** Where identity providers send the browser back to, under /account/api/v1. */
export const OIDC_CALLBACK_PATH = '/login/oidc/callback/:provider';
export const STEAM_CALLBACK_PATH = '/login/steam/callback';
