/**
 * The side menu of spec §2 Shell: overview, the enabled feature sections, custom pages per
 * section (sorted by view order), a spacer, settings and logout.
 */
import { type CustomPage, FEATURES, type Feature, hasFeature, PAGE_SECTIONS, type SiteConfig } from '@account/contract';
import type { TextKey } from '../../lib/i18n';
import { customPagePath, paths } from '../../lib/paths';
import type { IconName } from '../../ui/Icon';

export interface MenuItem {
  id: string;
  /** A built-in icon, or the custom page's own icon image. */
  icon: IconName | { src: string };
  url: string | null;
  name: { key: TextKey } | { text: string };
  action?: 'logout';
  subs: MenuItem[];
  viewOrder: number;
  customPage?: CustomPage;
  spacer?: boolean;
}

interface Section {
  id: string;
  icon: IconName;
  url: string;
  key: TextKey;
  feature?: Feature;
  /** Custom pages of this section become its sub-items. */
  section?: number;
}

const SECTIONS: Section[] = [
  { id: 'overview', icon: 'user', url: paths.overview, key: 'ac_AccountOverview', section: PAGE_SECTIONS.overview },
  {
    id: 'achievements',
    icon: 'trophy',
    url: paths.achievements,
    key: 'ac_Achievements',
    feature: FEATURES.achievements,
    section: PAGE_SECTIONS.achievements,
  },
  {
    id: 'addresses',
    icon: 'pin',
    url: paths.addresses,
    key: 'ac_AddressBook',
    feature: FEATURES.addressBook,
    section: PAGE_SECTIONS.addresses,
  },
  {
    id: 'orders',
    icon: 'box',
    url: paths.orders,
    key: 'ac_MyOrders',
    feature: FEATURES.myOrders,
    section: PAGE_SECTIONS.orders,
  },
  {
    id: 'vouchers',
    icon: 'ticket',
    url: paths.vouchers,
    key: 'ac_MyVouchers',
    feature: FEATURES.myVouchers,
    section: PAGE_SECTIONS.vouchers,
  },
  {
    id: 'wishlist',
    icon: 'heart',
    url: paths.wishlist,
    key: 'ac_MyWishlist',
    feature: FEATURES.myWishlist,
    section: PAGE_SECTIONS.wishlist,
  },
];

/** Sections whose pages stand on their own in the menu rather than under a feature entry. */
const TOP_LEVEL_SECTIONS: readonly number[] = [PAGE_SECTIONS.pages, PAGE_SECTIONS.fund];

function pageItem(page: CustomPage): MenuItem {
  return {
    id: `page-${page.pageId}`,
    icon: page.layout === 'document' || !page.iconUrl ? 'document' : { src: page.iconUrl },
    url: customPagePath(page),
    name: { text: page.title || page.name },
    subs: [],
    viewOrder: page.viewOrder,
    customPage: page,
  };
}

const byViewOrder = (a: CustomPage, b: CustomPage) => a.viewOrder - b.viewOrder || a.pageId - b.pageId;

export function buildMenu(config: Pick<SiteConfig, 'enableFeatures' | 'pages'>): MenuItem[] {
  const pagesOf = (section: number) => config.pages.filter((p) => p.section === section).sort(byViewOrder);
  const items: MenuItem[] = SECTIONS.filter((s) => !s.feature || hasFeature(config.enableFeatures, s.feature)).map(
    (s, index) => ({
      id: s.id,
      icon: s.icon,
      url: s.url,
      name: { key: s.key },
      subs: s.section === undefined ? [] : pagesOf(s.section).map(pageItem),
      viewOrder: index,
    }),
  );
  for (const section of TOP_LEVEL_SECTIONS) items.push(...pagesOf(section).map(pageItem));
  items.push(
    { id: 'spacer', icon: 'page', url: null, name: { text: '' }, subs: [], viewOrder: 0, spacer: true },
    { id: 'settings', icon: 'gear', url: paths.settings, name: { key: 'ac_Settings' }, subs: [], viewOrder: 0 },
    { id: 'logout', icon: 'logout', url: null, name: { key: 'ac_Logout' }, action: 'logout', subs: [], viewOrder: 0 },
  );
  return items;
}

/** Whether the item (or one of its sub-items) matches the location: the active item follows it. */
export function isActive(item: MenuItem, pathname: string): boolean {
  if (item.url === null) return false;
  const own =
    item.url === paths.overview
      ? pathname === '/' || pathname === ''
      : pathname === item.url || pathname.startsWith(`${item.url}/`);
  return own || item.subs.some((sub) => isActive(sub, pathname));
}

/** The deepest item matching the location, so a sub-item wins over its section. */
export function activeItemId(items: readonly MenuItem[], pathname: string): string | null {
  for (const item of items) {
    const sub = item.subs.find((s) => isActive(s, pathname));
    if (sub) return sub.id;
  }
  return items.find((item) => isActive(item, pathname))?.id ?? null;
}
