/**
 * The side menu of spec §2 Shell: overview, the enabled feature sections, custom pages per
 * section (sorted by view order, after the section's own sub-screens with a menu entry: My returns),
 * a spacer, settings and logout.
 */
import { type CustomPage, customPageTitle, hasFeature, type SiteConfig } from '@account/contract';
import type { TextKey } from '../../lib/i18n';
import { customPagePath, paths } from '../../lib/paths';
import {
  MENU_PARENTS,
  PAGE_ONLY_SECTIONS,
  SECTION_LIST,
  type Section,
  type SectionId,
  SUB_SCREEN_LIST,
} from '../../lib/sections';
import type { IconName } from '../../ui/Icon';

export interface MenuItem {
  id: string;
  /** A built-in icon, or the custom page's own icon image. */
  icon: IconName | { src: string };
  url: string | null;
  /** Screens without a menu entry of their own during which this item is the current one. */
  childUrls?: string[];
  name: { key: TextKey } | { text: string };
  action?: 'logout';
  subs: MenuItem[];
  viewOrder: number;
  customPage?: CustomPage;
  spacer?: boolean;
}

function pageItem(page: CustomPage, language: string): MenuItem {
  return {
    id: `page-${page.pageId}`,
    icon: page.layout === 'document' || !page.iconUrl ? 'document' : { src: page.iconUrl },
    url: customPagePath(page),
    name: { text: customPageTitle(page, language) },
    subs: [],
    viewOrder: page.viewOrder,
    customPage: page,
  };
}

/** A section's sub-screens with a menu entry of their own (only fixed paths: an entry takes no id). */
function subScreenItems(section: SectionId): MenuItem[] {
  return SUB_SCREEN_LIST.flatMap((sub): MenuItem[] => {
    const url = paths[sub.id];
    if (sub.within !== section || !sub.menu || typeof url !== 'string') return [];
    return [{ id: sub.id, icon: sub.menu.icon, url, name: { key: sub.title }, subs: [], viewOrder: 0 }];
  });
}

type MenuPlace = NonNullable<Section['menu']>['place'];
type MenuSection = (typeof SECTION_LIST)[number] & Pick<Required<Section>, 'menu'>;

const byViewOrder = (a: CustomPage, b: CustomPage) => a.viewOrder - b.viewOrder || a.pageId - b.pageId;

/** The menu in the interface language, which names the custom pages. */
export function buildMenu(config: Pick<SiteConfig, 'enableFeatures' | 'pages'>, language: string): MenuItem[] {
  const pagesOf = (section: number) => config.pages.filter((p) => p.section === section).sort(byViewOrder);
  const entries = (place: MenuPlace) =>
    SECTION_LIST.filter(
      (s): s is MenuSection => s.menu?.place === place && (!s.feature || hasFeature(config.enableFeatures, s.feature)),
    ).map((s, index) => ({
      id: s.id,
      icon: s.menu.icon,
      url: paths[s.id],
      childUrls: SECTION_LIST.filter((child) => MENU_PARENTS[child.id] === s.id).map((child) => paths[child.id]),
      name: { key: s.title },
      subs: [
        ...subScreenItems(s.id),
        ...(s.customPages ? pagesOf(s.customPages.section).map((page) => pageItem(page, language)) : []),
      ],
      viewOrder: place === 'sections' ? index : 0,
    }));
  const items: MenuItem[] = entries('sections');
  for (const { section } of PAGE_ONLY_SECTIONS) items.push(...pagesOf(section).map((page) => pageItem(page, language)));
  items.push(
    { id: 'spacer', icon: 'page', url: null, name: { text: '' }, subs: [], viewOrder: 0, spacer: true },
    ...entries('end'),
    { id: 'logout', icon: 'logout', url: null, name: { key: 'ac_Logout' }, action: 'logout', subs: [], viewOrder: 0 },
  );
  return items;
}

/** Whether the item (or one of its sub-items) matches the location: the active item follows it. */
export function isActive(item: MenuItem, pathname: string): boolean {
  if (item.url === null) return false;
  const at = (url: string) => pathname === url || pathname.startsWith(`${url}/`);
  const own = item.url === paths.overview ? pathname === '/' || pathname === '' : at(item.url);
  return own || (item.childUrls ?? []).some(at) || item.subs.some((sub) => isActive(sub, pathname));
}

/** The deepest item matching the location, so a sub-item wins over its section. */
export function activeItemId(items: readonly MenuItem[], pathname: string): string | null {
  for (const item of items) {
    const sub = item.subs.find((s) => isActive(s, pathname));
    if (sub) return sub.id;
  }
  return items.find((item) => isActive(item, pathname))?.id ?? null;
}
