/**
 * The screens of the account area (spec §2) in one table: route path, title, feature flag, side
 * menu entry and custom page section; SUB_SCREENS the screens within a section. lib/paths.ts derives the links from it, app/router.tsx the
 * routes (adding each screen's lazy chunk) and app/shell/menu-items.ts the side menu. A new screen
 * is one row here and its lazy import in the router.
 */
import { FEATURES, type Feature, PAGE_SECTIONS, type PageSection, type ScreenAnswerCall } from '@account/contract';
import type { IconName } from '../ui/Icon';
import type { TextKey } from './i18n';

export interface Section {
  /** The route path without its leading slash; '' is the overview at the root. */
  path: string;
  /** The page title, also the label of the section's menu entry and breadcrumb. */
  title: TextKey;
  /** Shown and routed only when this feature is enabled (spec §6). */
  feature?: Feature;
  /** The side menu entry: among the sections at the top, or at the end after the spacer. */
  menu?: { icon: IconName; place: 'sections' | 'end' };
  /**
   * The custom pages of this section list under its menu entry and route under `base` (the
   * section's own path unless given). `byId: false`: only {base}/page/{id}, as {base}/{id} is taken.
   */
  customPages?: { section: PageSection; base?: string; byId?: false };
  /** The sign-in screens: outside the account guard, without menu, breadcrumb and footer. */
  standalone?: true;
  /**
   * The call the screen opens with, for its plain path (no search): the server answers it in the
   * page (embedded-answers.ts), so the screen shows its content with the first paint.
   */
  pageAnswer?: ScreenAnswerCall;
}

/** A screen inside a section: routed under the section's path, behind its feature guard. */
export interface SubScreen {
  within: SectionId;
  path: string;
  title: TextKey;
  /** An entry under its section's menu entry, before the section's custom pages. */
  menu?: { icon: IconName };
}

export const SECTIONS = {
  login: { path: 'login', title: 'ac_LoginTitle', standalone: true },
  firstLogin: { path: 'first-login', title: 'ac_FirstLoginTitle', standalone: true },
  overview: {
    path: '',
    title: 'ac_AccountOverview',
    menu: { icon: 'user', place: 'sections' },
    // The parcels on their way come with the page: the card they fill shows first, without a shift.
    pageAnswer: 'listShipmentsOnTheWay',
    customPages: { section: PAGE_SECTIONS.overview, base: 'accountoverviews' },
  },
  editProfile: { path: 'edit-profile', title: 'ac_EditProfileTitle' },
  security: { path: 'security', title: 'ac_Security', menu: { icon: 'shield', place: 'end' } },
  settings: { path: 'settings', title: 'ac_Settings', menu: { icon: 'gear', place: 'end' } },
  achievements: {
    path: 'achievements',
    title: 'ac_Achievements',
    feature: FEATURES.achievements,
    menu: { icon: 'trophy', place: 'sections' },
    customPages: { section: PAGE_SECTIONS.achievements },
  },
  addresses: {
    path: 'addresses',
    title: 'ac_AddressBook',
    feature: FEATURES.addressBook,
    menu: { icon: 'pin', place: 'sections' },
    customPages: { section: PAGE_SECTIONS.addresses },
  },
  orders: {
    path: 'orders',
    title: 'ac_MyOrders',
    feature: FEATURES.myOrders,
    menu: { icon: 'box', place: 'sections' },
    pageAnswer: 'listOrders',
    // orders/{id} is an order's detail.
    customPages: { section: PAGE_SECTIONS.orders, byId: false },
  },
  vouchers: {
    path: 'vouchers',
    title: 'ac_MyVouchers',
    feature: FEATURES.myVouchers,
    menu: { icon: 'ticket', place: 'sections' },
    customPages: { section: PAGE_SECTIONS.vouchers },
  },
  wishlist: {
    path: 'wishlist',
    title: 'ac_MyWishlist',
    feature: FEATURES.myWishlist,
    menu: { icon: 'heart', place: 'sections' },
    customPages: { section: PAGE_SECTIONS.wishlist },
  },
} as const satisfies Record<string, Section>;

export type SectionId = keyof typeof SECTIONS;

/**
 * Sections without a menu entry of their own, and the entry shown as current while one is open:
 * edit profile is reached from the overview's profile card ('This is you', spec §2 Overview).
 */
export const MENU_PARENTS: Partial<Record<SectionId, SectionId>> = { editProfile: 'overview' };

export const SUB_SCREENS = {
  addressAdd: { within: 'addresses', path: 'add', title: 'ac_AddAddressTitle' },
  addressEdit: { within: 'addresses', path: 'edit/:id', title: 'ac_EditAddressTitle' },
  order: { within: 'orders', path: ':id', title: 'ac_OrderDetailTitle' },
  // Returns (issue 46): asking for one from an order's detail, and all of them from the orders page.
  orderReturn: { within: 'orders', path: ':id/return', title: 'ac_ReturnItems' },
  returns: { within: 'orders', path: 'returns', title: 'ac_MyReturns', menu: { icon: 'truck' } },
} as const satisfies Record<string, SubScreen>;

export type SubScreenId = keyof typeof SUB_SCREENS;

/** Custom page sections without a screen of their own: their pages stand alone in the menu. */
export const PAGE_ONLY_SECTIONS: readonly { section: PageSection; base: string }[] = [
  { section: PAGE_SECTIONS.pages, base: 'pages' },
  { section: PAGE_SECTIONS.fund, base: 'fund' },
];
export type ScreenId = SectionId | SubScreenId;

/**
 * The sub-screen a screen's breadcrumb names as its last entry, with the screen's own path
 * parameters: a return asked for from an order reads Account › My orders › Order details › Return items.
 */
export const BREADCRUMB_BEFORE: Partial<Record<ScreenId, SubScreenId>> = { orderReturn: 'order' };

// why: Object.entries forgets the key type; the keys are exactly the table's ids.
const entriesOf = <K extends string, V>(table: Record<K, V>) => Object.entries(table) as [K, V][];

/** The sections in table order (which is the side menu's order). */
export const SECTION_LIST: readonly (Section & { id: SectionId })[] = entriesOf<SectionId, Section>(SECTIONS).map(
  ([id, section]) => ({ id, ...section }),
);

export const SUB_SCREEN_LIST: readonly (SubScreen & { id: SubScreenId })[] = entriesOf<SubScreenId, SubScreen>(
  SUB_SCREENS,
).map(([id, screen]) => ({ id, ...screen }));
