/** Feature flags of the site configuration (spec §6). */
export const FEATURES = {
  achievements: 'Achievements',
  addressBook: 'AddressBook',
  myVouchers: 'MyVouchers',
  myOrders: 'MyOrders',
  myWishlist: 'MyWishlist',
  telephoneNumberVerification: 'TelephoneNumberVerification',
  /** The profile wizard counts the email only once it is verified (needs a mail transport). */
  emailVerification: 'EmailVerification',
} as const;

export type Feature = (typeof FEATURES)[keyof typeof FEATURES];

// Pure: a bundle that does not use the list (the web app) drops it.
export const ALL_FEATURES: readonly Feature[] = /* @__PURE__ */ Object.values(FEATURES);

export function hasFeature(enabled: readonly string[] | undefined, feature: Feature): boolean {
  return enabled?.includes(feature) ?? false;
}
