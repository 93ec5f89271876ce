/**
 * The words the Dutch and German texts use for the shop's things, one per thing, so that a page
 * never says "waardebon" in one line and "voucher" in the next (issue 44). A shop's own
 * translations may choose differently; the shipped catalogues keep to this (glossary.test.ts).
 *
 * A rejected form matches a whole word, case-insensitively; a trailing * matches every word that
 * starts with it ("voucher*" is also "vouchercode").
 */
export interface GlossaryEntry {
  /** The chosen word. */
  term: string;
  /** What the texts must not say instead. */
  rejected: readonly string[];
}

export const GLOSSARY: Readonly<Record<'nl' | 'de', readonly GlossaryEntry[]>> = {
  nl: [
    { term: 'waardebon', rejected: ['voucher*', 'tegoedbon*', 'kortingsbon*', 'coupon*'] },
    { term: 'verlanglijst', rejected: ['wensenlijst*', 'wishlist*', 'favorieten*'] },
    { term: 'prestatie', rejected: ['achievement*'] },
    { term: 'e-mail', rejected: ['email*'] },
    { term: 'inloggen', rejected: ['aanmelden', 'aanmelding', 'aangemeld', 'login'] },
    { term: 'sessie', rejected: ['session*'] },
    // The texts speak to the shopper informally.
    { term: 'je, jouw', rejected: ['u', 'uw'] },
  ],
  de: [
    { term: 'Gutschein', rejected: ['Voucher*', 'Coupon*'] },
    { term: 'Wunschliste', rejected: ['Merkliste*', 'Wishlist*'] },
    { term: 'Erfolg', rejected: ['Achievement*', 'Auszeichnung*'] },
    { term: 'E-Mail', rejected: ['Email*'] },
    { term: 'anmelden', rejected: ['einloggen', 'eingeloggt', 'Login'] },
    { term: 'Sitzung', rejected: ['Session*'] },
    // The texts speak to the shopper formally.
    { term: 'Sie, Ihr', rejected: ['du', 'dich', 'dir', 'dein*'] },
  ],
};
