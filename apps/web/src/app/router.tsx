/**
 * The routes of spec §2, built from the screen table (lib/sections.ts) with its guards, each
 * screen's lazy chunk and the shell metadata, plus the custom page routes and the not-found page.
 */
import { findCustomPage } from '@account/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageTransitionProvider } from '../lib/navigation';
import { SECTION_BASES } from '../lib/paths';
import {
  type ScreenId,
  SECTION_LIST,
  type Section,
  type SectionId,
  SUB_SCREEN_LIST,
  type SubScreen,
} from '../lib/sections';
import { RequireAccount, RequireFeature } from './guards';
import type { RouteHandle, TitleContext } from './route-handle';
import { Shell } from './shell/Shell';

type Loader = () => Promise<{ Component: ComponentType }>;

const screen =
  (load: () => Promise<Record<string, ComponentType>>, name: string): Loader =>
  async () => {
    const Component = (await load())[name];
    if (!Component) throw new Error(`Screen ${name} is missing`);
    return { Component };
  };

/** Each screen is its own lazy chunk; screens sharing a component share its chunk. */
const addressForm = screen(() => import('../features/addresses/AddressFormPage'), 'AddressFormPage');
const screens: Record<ScreenId, Loader> = {
  login: screen(() => import('../features/login/LoginPage'), 'LoginPage'),
  firstLogin: screen(() => import('../features/first-login/FirstLoginPage'), 'FirstLoginPage'),
  overview: screen(() => import('../features/overview/OverviewPage'), 'OverviewPage'),
  editProfile: screen(() => import('../features/profile/EditProfilePage'), 'EditProfilePage'),
  settings: screen(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  achievements: screen(() => import('../features/achievements/AchievementsPage'), 'AchievementsPage'),
  addresses: screen(() => import('../features/addresses/AddressBookPage'), 'AddressBookPage'),
  addressAdd: addressForm,
  addressEdit: addressForm,
  orders: screen(() => import('../features/orders/OrdersPage'), 'OrdersPage'),
  order: screen(() => import('../features/orders/OrderDetailPage'), 'OrderDetailPage'),
  vouchers: screen(() => import('../features/vouchers/VouchersPage'), 'VouchersPage'),
  wishlist: screen(() => import('../features/wishlist/WishlistPage'), 'WishlistPage'),
};
const customPage = screen(() => import('../features/custom-pages/CustomContentPage'), 'CustomContentPage');
const notFound = screen(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage');

const nav = (title: RouteHandle['title']): RouteHandle => ({ navigation: true, title });

/** A custom page's title from the configuration, found by id, name or URL. */
function customPageTitle({ params, config }: TitleContext): string {
  const page = findCustomPage(config.pages, params.id ?? params['*']);
  return page?.title || page?.name || '';
}

/**
 * Custom page routes under a section: {base}/:id and {base}/page/*. page/* takes a page's id, name
 * or URL (which may hold slashes): every configured page has its page/{url} route (spec §2).
 */
const customPageRoutes = (withId = true): RouteObject[] => [
  ...(withId ? [{ path: ':id', lazy: customPage, handle: nav(customPageTitle) }] : []),
  { path: 'page/*', lazy: customPage, handle: nav(customPageTitle) },
];

/** A screen's route: a navigation page, or a standalone sign-in page without menu and breadcrumb. */
function screenRoute(id: ScreenId, screen: Section | SubScreen): RouteObject {
  const handle: RouteHandle = 'standalone' in screen ? { title: screen.title } : nav(screen.title);
  return screen.path ? { path: screen.path, lazy: screens[id], handle } : { index: true, lazy: screens[id], handle };
}

/**
 * A section's route. One with a feature flag, sub-screens or custom pages under its path is a
 * parent: its guard, breadcrumb entry, index screen and children.
 */
function sectionRoute(section: Section & { id: SectionId }): RouteObject {
  const pagesBelow = section.customPages && (section.customPages.base ?? section.path) === section.path;
  const children = [
    ...SUB_SCREEN_LIST.filter((sub) => sub.within === section.id).map((sub) => screenRoute(sub.id, sub)),
    ...(pagesBelow ? customPageRoutes(section.customPages?.byId !== false) : []),
  ];
  if (!section.feature && children.length === 0) return screenRoute(section.id, section);
  return {
    path: section.path,
    ...(section.feature ? { element: <RequireFeature feature={section.feature} /> } : {}),
    handle: { crumb: { title: section.title, to: `/${section.path}` } } satisfies RouteHandle,
    children: [{ index: true, lazy: screens[section.id], handle: nav(section.title) }, ...children],
  };
}

const sectionPaths = new Set(SECTION_LIST.map((section) => section.path));
/** Custom page sections without a section of their own: overview pages, pages, fund. */
const pageOnlyBases = Object.values(SECTION_BASES).filter((base) => !sectionPaths.has(base));

export const routes: RouteObject[] = [
  {
    element: (
      <PageTransitionProvider>
        <Shell />
      </PageTransitionProvider>
    ),
    children: [
      ...SECTION_LIST.filter((section) => section.standalone).map(sectionRoute),
      {
        element: <RequireAccount />,
        children: [
          ...SECTION_LIST.filter((section) => !section.standalone).map(sectionRoute),
          ...pageOnlyBases.map((base) => ({ path: base, children: customPageRoutes() })),
          ...customPageRoutes(false),
        ],
      },
      { path: '*', lazy: notFound, handle: nav('ac_NotFoundTitle') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: '/account' });
