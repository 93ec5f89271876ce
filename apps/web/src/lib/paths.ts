/** Route paths of the account area (spec §2), derived from the screen table in ./sections. */
import { type CustomPage, PAGE_SECTIONS, usesPageRoute } from '@account/contract';
import {
  PAGE_ONLY_SECTIONS,
  type ScreenId,
  SECTION_LIST,
  SECTIONS,
  SUB_SCREEN_LIST,
  type SUB_SCREENS,
} from './sections';

/** A screen with a parameter in its path gets a link builder, the others a fixed link. */
type Link<P extends string> = P extends `${string}:${string}` ? (id: number | string) => string : string;
type Screens = typeof SECTIONS & typeof SUB_SCREENS;

const link = (pattern: string) =>
  pattern.includes(':') ? (id: number | string) => pattern.replace(/:\w+/, String(id)) : pattern;

// why: Object.fromEntries forgets which screen has a fixed link and which a link builder; Link states it.
export const paths = Object.fromEntries([
  ...SECTION_LIST.map((section) => [section.id, link(`/${section.path}`)]),
  ...SUB_SCREEN_LIST.map((screen) => [screen.id, link(`/${SECTIONS[screen.within].path}/${screen.path}`)]),
]) as { readonly [K in ScreenId]: Link<Screens[K]['path']> };

/** The route base of each custom page section: the sections' own, and those that are only pages. */
export const SECTION_BASES: Record<number, string> = Object.fromEntries([
  ...PAGE_ONLY_SECTIONS.map(({ section, base }) => [section, base]),
  ...SECTION_LIST.flatMap(({ customPages, path }) =>
    customPages ? [[customPages.section, customPages.base ?? path]] : [],
  ),
]);

/** Sections whose {base}/{id} is taken by their own screens, so their pages route only through page/. */
const PAGE_ROUTE_ONLY: readonly number[] = SECTION_LIST.flatMap(({ customPages }) =>
  customPages?.byId === false ? [customPages.section] : [],
);

/**
 * Where a custom page lives: {section}/{id}, or {section}/page/{id} for the document and
 * white-label layouts. Orders always use page/ because orders/{id} is an order's detail.
 */
export function customPagePath(page: Pick<CustomPage, 'pageId' | 'section' | 'layout'>): string {
  const base = SECTION_BASES[page.section] ?? 'pages';
  if (page.section === PAGE_SECTIONS.pages)
    return usesPageRoute(page.layout) ? `/page/${page.pageId}` : `/pages/${page.pageId}`;
  const viaPage = usesPageRoute(page.layout) || PAGE_ROUTE_ONLY.includes(page.section);
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
