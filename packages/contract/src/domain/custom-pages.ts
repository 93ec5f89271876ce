/** Custom content pages (spec §2 Shell and Custom content pages, §3 Custom page). */

/** Menu sections a custom page is inserted into. */
export const PAGE_SECTIONS = {
  pages: 0,
  achievements: 1,
  vouchers: 2,
  overview: 3,
  addresses: 4,
  orders: 5,
  wishlist: 6,
  fund: 7,
} as const;

export type PageSection = (typeof PAGE_SECTIONS)[keyof typeof PAGE_SECTIONS];

/**
 * Page layouts. 'card' and 'unframed' are the two display variants; 'document' and the fixed
 * white-label kind are reached through a page/{url} route.
 */
export const PAGE_LAYOUTS = {
  card: 'card',
  unframed: 'unframed',
  document: 'document',
  whiteLabel: 'whitelabel',
} as const;

export type PageLayout = (typeof PAGE_LAYOUTS)[keyof typeof PAGE_LAYOUTS];

export function usesPageRoute(layout: string): boolean {
  return layout === PAGE_LAYOUTS.document || layout === PAGE_LAYOUTS.whiteLabel;
}

/**
 * The title a page is shown with (menu, breadcrumb, heading): its title in the interface language,
 * which the configuration carries for every language the shop offers, else its title, else its name.
 */
export function customPageTitle(
  page: { name: string; title: string; titles: Readonly<Record<string, string>> },
  language: string,
): string {
  return page.titles[language.toLowerCase()] || page.title || page.name;
}

/** The frame URL of a page, prefixed with the current language when language URLs are on. */
export function localizedPageUrl(url: string, language: string, enableLangUrls: boolean): string {
  if (!enableLangUrls || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  return `/${language}${path}`;
}

/** A page's part of its page/{url} route: the URL's path, without scheme, host, query and outer slashes. */
function pageRoutePath(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i, '')
    .replace(/[?#].*$/, '')
    .replace(/^\/+|\/+$/g, '');
}

/**
 * The configured page a route names (spec §2 Custom content pages): by its id, its name, or its
 * URL, as every configured page is routed at page/{url} too.
 */
export function findCustomPage<P extends { pageId: number; name: string; url: string }>(
  pages: readonly P[],
  key: string | undefined,
): P | undefined {
  if (!key) return undefined;
  const path = pageRoutePath(key);
  return pages.find(
    (p) => String(p.pageId) === key || p.name === key || (path !== '' && pageRoutePath(p.url) === path),
  );
}
