/**
 * The sign-in methods an account can have (issue 20), apart from the security centre's schemas so
 * that the web app's screens can name them without shipping zod.
 */

/** Providers whose identity can be linked to an account from the security page. */
export const LINKABLE_PROVIDERS = ['sso', 'auth0', 'google', 'apple', 'facebook', 'steam', 'telegram'] as const;
export type LinkableProvider = (typeof LINKABLE_PROVIDERS)[number];

/**
 * The login page runs one provider's sign-in in link mode when its query holds `link={provider}`
 * (and `state={state}`, which the messaging-app widget must bring back).
 */
export const LINK_QUERY = 'link';
export const LINK_STATE_QUERY = 'state';

export const isLinkableProvider = (value: string | null): value is LinkableProvider =>
  (LINKABLE_PROVIDERS as readonly string[]).includes(value ?? '');
