/** Route paths of the account area (spec §2), in one typed table. */
import { type CustomPage, PAGE_SECTIONS, usesPageRoute } from '@account/contract';

export const paths = {
  overview: '/',
  editProfile: '/edit-profile',
  settings: '/settings',
  achievements: '/achievements',
  addresses: '/addresses',
  addressAdd: '/addresses/add',
  addressEdit: (id: number | string) => `/addresses/edit/${id}`,
  orders: '/orders',
  order: (id: number | string) => `/orders/${id}`,
  vouchers: '/vouchers',
  wishlist: '/wishlist',
  login: '/login',
  firstLogin: '/first-login',
} as const;

/** The route base of each custom page section. */
export const SECTION_BASES: Record<number, string> = {
  [PAGE_SECTIONS.pages]: 'pages',
  [PAGE_SECTIONS.achievements]: 'achievements',
  [PAGE_SECTIONS.vouchers]: 'vouchers',
  [PAGE_SECTIONS.overview]: 'accountoverviews',
  [PAGE_SECTIONS.addresses]: 'addresses',
  [PAGE_SECTIONS.orders]: 'orders',
  [PAGE_SECTIONS.wishlist]: 'wishlist',
  [PAGE_SECTIONS.fund]: 'fund',
};

/**
 * Where a custom page lives: {section}/{id}, or {section}/page/{id} for the document and
 * white-label layouts. Orders always use page/ because orders/{id} is an order's detail.
 */
export function customPagePath(page: Pick<CustomPage, 'pageId' | 'section' | 'layout'>): string {
  const base = SECTION_BASES[page.section] ?? 'pages';
  if (page.section === PAGE_SECTIONS.pages)
    return usesPageRoute(page.layout) ? `/page/${page.pageId}` : `/pages/${page.pageId}`;
  const viaPage = usesPageRoute(page.layout) || page.section === PAGE_SECTIONS.orders;
  return viaPage ? `/${base}/page/${page.pageId}` : `/${base}/${page.pageId}`;
}

/** The shop home, language-prefixed when language URLs are on and the language is not the default. */
export function shopHome(config: {
  shopUrl: string;
  enableLangUrls: boolean;
  currentLanguage: string;
  defaultLanguage: string;
}): string {
  const base = config.shopUrl || '/';
  if (!config.enableLangUrls || config.currentLanguage === config.defaultLanguage) return base;
  return `${base.replace(/\/+$/, '')}/${config.currentLanguage}/`;
}
