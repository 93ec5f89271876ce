/**
 * Every UI text of the account area in English, by translation key. The web app shows
 * translations from GET /translation and '[key]' for a key the shop has not translated; the
 * demo seed and new shops start from this catalogue. Placeholders look like {name}.
 */
export const EN = {
  ac_BackToShop: 'Back to shop',
  ac_Menu: 'Menu',
  ac_Close: 'Close',
  ac_MainNavigation: 'Account menu',
  ac_Breadcrumb: 'Breadcrumb',
  ac_Account: 'Account',
  ac_AccountOverview: 'Account overview',
  ac_Achievements: 'Achievements',
  ac_AddressBook: 'Address book',
  ac_MyOrders: 'My orders',
  ac_MyVouchers: 'My vouchers',
  ac_MyWishlist: 'My wishlist',
  ac_Settings: 'Settings',
  ac_Logout: 'Log out',
  ac_FooterSafe: 'Your information is safe',
  ac_FooterSecureCheckout: 'Secure checkout',
  ac_Copyright: '© {year} {company}',
  ac_TestModeBadge: 'TEST MODE — You are currently on the test environment!',
  ac_Loading: 'Loading…',
  ac_DismissMessage: 'Dismiss message',
  ac_MessageClosesIn: 'Closes in {seconds} s',
  ac_LoginTitle: 'Sign in to your account',
  ac_LoginInstruction:
    'Choose how you want to sign in. New here? Your account is created when you sign in for the first time.',
  ac_LoginWithCompany: 'Sign in with {company}',
  ac_NoLoginProvider: 'No sign-in method is available',
  ac_LoginTerms: 'By signing in you agree to our {terms}, {privacy} and {cookie}.',
  ac_Terms: 'terms and conditions',
  ac_Privacy: 'privacy statement',
  ac_Cookie: 'cookie policy',
  ac_OpensInNewTab: '(opens in a new tab)',
  ac_NotFoundTitle: 'Page not found',
  ac_NotFoundMessage: 'The page you are looking for does not exist.',
  ac_GoToOverview: 'Go to your account overview',
  ac_Welcome: 'Welcome, {name}',
  ac_OverviewIntro: 'Here you find your orders, addresses, vouchers and everything else about your account.',
  ac_SkipToContent: 'Skip to content',
  ac_ToggleSubmenu: 'Show or hide the pages under {name}',
  ac_OverviewInfo: 'Keep your details up to date so we can deliver your orders quickly and reach you when needed.',
  ac_FirstLoginTitle: 'Your first time',
  ac_FirstLoginDescription: 'Welcome! Tell us a little about yourself to set up your account.',
  ac_EditProfileTitle: 'Edit profile',
  ac_EditProfileDescription: 'Change your personal details.',
  ac_SettingsDescription: 'Choose your country, language, currency, interests and newsletters.',
  ac_AchievementsDescription: 'Collect achievements while you shop and claim their rewards.',
  ac_AddressBookDescription: 'Manage your billing and delivery addresses.',
  ac_AddAddressTitle: 'Add address',
  ac_AddAddressDescription: 'Add a new address to your address book.',
  ac_EditAddressTitle: 'Edit address',
  ac_OrdersDescription: 'Find your orders, follow their status and download invoices.',
  ac_OrderTitle: 'Order {id}',
  ac_OrderDetailTitle: 'Order details',
  ac_OrderDetailDescription: 'Everything about this order.',
  ac_VouchersDescription: 'See your vouchers and claim your codes.',
  ac_WishlistDescription: 'The products you saved for later.',
} as const;

export type TranslationKey = keyof typeof EN;
export type Catalogue = Record<TranslationKey, string>;

/** §7: keys may arrive with dashes; they are read with underscores. */
export const normaliseTranslationKey = (key: string): string => key.replace(/-/g, '_');
