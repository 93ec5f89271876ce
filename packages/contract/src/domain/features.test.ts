import { describe, expect, it } from 'vitest';
import { ALL_FEATURES, FEATURES, hasFeature } from './features.js';

describe('§6 Sections need their feature in the enabled-features list', () => {
  it('§6 the features are those of the spec, and EmailVerification (issue 19)', () => {
    expect([...ALL_FEATURES].sort()).toEqual(
      [
        'Achievements',
        'AddressBook',
        'MyOrders',
        'MyVouchers',
        'MyWishlist',
        'TelephoneNumberVerification',
        'EmailVerification',
      ].sort(),
    );
  });

  it('§6 a feature in the enabled list is enabled', () => {
    expect(hasFeature(['MyOrders', 'AddressBook'], FEATURES.myOrders)).toBe(true);
    expect(hasFeature(['TelephoneNumberVerification'], FEATURES.telephoneNumberVerification)).toBe(true);
  });

  it('§6 a feature missing from the list, or spelled differently, is not enabled', () => {
    expect(hasFeature(['MyOrders'], FEATURES.myVouchers)).toBe(false);
    expect(hasFeature(['myorders', 'My Orders'], FEATURES.myOrders)).toBe(false);
    expect(hasFeature([], FEATURES.achievements)).toBe(false);
  });

  it('§6 without an enabled-features list no feature is enabled', () => {
    expect(hasFeature(undefined, FEATURES.myWishlist)).toBe(false);
  });
});
