/**
 * The routes of spec §2, built from the screen table (lib/sections.ts) with its guards, each
 * screen's lazy chunk and the shell metadata, plus the custom page routes and the not-found page.
 *
 * React Router runs in declarative mode (useRoutes under a BrowserRouter): its data router (loaders,
 * actions, fetchers) would add ~17 KB gzipped to the first screen (DESIGN §8) and nothing here uses
 * it. So screens are lazy components (screen() below), and the shell reads the route handles from
 * RouteMatchesContext instead of useMatches.
 */
import { customPageTitle, findCustomPage } from '@account/contract';
import { type ComponentType, isValidElement, lazy, type ReactElement, Suspense, useMemo, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageTransitionProvider } from '../lib/navigation';
import { SECTION_BASES } from '../lib/paths';
import {
  BREADCRUMB_BEFORE,
  type ScreenId,
  SECTION_LIST,
  SECTIONS,
  type Section,
  type SectionId,
  SUB_SCREEN_LIST,
  SUB_SCREENS,
  type SubScreen,
} from '../lib/sections';
import { RequireAccount, RequireFeature } from './guards';
import { type RouteHandle, RouteMatchesContext, type RouteMatchInfo, type TitleContext } from './route-handle';
import { Shell } from './shell/Shell';

/** A screen in its own chunk, and how to load that chunk before the screen is shown. */
interface Screen {
  (): ReactElement;
  load(): Promise<void>;
}

/**
 * A screen whose chunk has come before it mounts renders at once; otherwise it suspends until
 * the chunk is there (React.lazy). On the first load the chunk is loaded beside the page's data
 * (loadScreenAt): React shows a suspended screen's content no sooner than 300 ms after the shell
 * around it (its Suspense reveals are throttled), which was most of the time between the
 * scripts' arrival and the first screen's paint.
 */
const screen = (load: () => Promise<Record<string, ComponentType>>, name: string): Screen => {
  let loaded: ComponentType | undefined;
  const loadComponent = async () => {
    const Component = (await load())[name];
    if (!Component) throw new Error(`Screen ${name} is missing`);
    loaded = Component;
    return Component;
  };
  const Lazy = lazy(async () => ({ default: await loadComponent() }));
  const Screen = () => {
    // Chosen once per mount: switching from one to the other would mount the screen anew.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Screen, { load: async () => void (await loadComponent()) });
};

/** Each screen is its own lazy chunk; screens sharing a component share its chunk. */
const addressForm = screen(() => import('../features/addresses/AddressFormPage'), 'AddressFormPage');
const screens: Record<ScreenId, Screen> = {
  login: screen(() => import('../features/login/LoginPage'), 'LoginPage'),
  firstLogin: screen(() => import('../features/first-login/FirstLoginPage'), 'FirstLoginPage'),
  overview: screen(() => import('../features/overview/OverviewPage'), 'OverviewPage'),
  editProfile: screen(() => import('../features/profile/EditProfilePage'), 'EditProfilePage'),
  settings: screen(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  security: screen(() => import('../features/security/SecurityPage'), 'SecurityPage'),
  achievements: screen(() => import('../features/achievements/AchievementsPage'), 'AchievementsPage'),
  addresses: screen(() => import('../features/addresses/AddressBookPage'), 'AddressBookPage'),
  addressAdd: addressForm,
  addressEdit: addressForm,
  orders: screen(() => import('../features/orders/OrdersPage'), 'OrdersPage'),
  order: screen(() => import('../features/orders/OrderDetailPage'), 'OrderDetailPage'),
  orderReturn: screen(() => import('../features/orders/ReturnRequestPage'), 'ReturnRequestPage'),
  returns: screen(() => import('../features/orders/ReturnsPage'), 'ReturnsPage'),
  vouchers: screen(() => import('../features/vouchers/VouchersPage'), 'VouchersPage'),
  wishlist: screen(() => import('../features/wishlist/WishlistPage'), 'WishlistPage'),
};
const customPage = screen(() => import('../features/custom-pages/CustomContentPage'), 'CustomContentPage');
const notFound = screen(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage');

const nav = (title: RouteHandle['title']): RouteHandle => ({ navigation: true, title });

/** The screen each route's element shows, for loadScreenAt. */
const screenOf = new WeakMap<object, Screen>();

const screenElement = (Screen: Screen) => {
  const element = <Screen />;
  screenOf.set(element, Screen);
  return element;
};

/** A custom page's title in the interface language, the page found by id, name or URL. */
function pageTitle({ params, config, language }: TitleContext): string {
  const page = findCustomPage(config.pages, params.id ?? params['*']);
  return page ? customPageTitle(page, language) : '';
}

/**
 * Custom page routes under a section: {base}/:id and {base}/page/*. page/* takes a page's id, name
 * or URL (which may hold slashes): every configured page has its page/{url} route (spec §2).
 */
const customPageRoutes = (withId = true): RouteObject[] => [
  ...(withId ? [{ path: ':id', element: screenElement(customPage), handle: nav(pageTitle) }] : []),
  { path: 'page/*', element: screenElement(customPage), handle: nav(pageTitle) },
];

/** A screen's route: a navigation page, or a standalone sign-in page without menu and breadcrumb. */
function screenRoute(id: ScreenId, screen: Section | SubScreen): RouteObject {
  const handle: RouteHandle = 'standalone' in screen ? { title: screen.title } : nav(screen.title);
  const before = BREADCRUMB_BEFORE[id];
  if (before) {
    const { within, path, title } = SUB_SCREENS[before];
    const pattern = `/${SECTIONS[within].path}/${path}`;
    handle.before = { title, to: (params) => pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '') };
  }
  const element = screenElement(screens[id]);
  return screen.path ? { path: screen.path, element, handle } : { index: true, element, handle };
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
    children: [{ index: true, element: screenElement(screens[section.id]), handle: nav(section.title) }, ...children],
  };
}

const sectionPaths = new Set(SECTION_LIST.map((section) => section.path));
/** Custom page sections without a section of their own: overview pages, pages, fund. */
const pageOnlyBases = Object.values(SECTION_BASES).filter((base) => !sectionPaths.has(base));

export const routes: RouteObject[] = [
  {
    element: <Shell />,
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
      { path: '*', element: screenElement(notFound), handle: nav('ac_NotFoundTitle') },
    ],
  },
];

/** Loads the chunk of the screen at a page path (with /account), so that it renders at once. */
export function loadScreenAt(pathname: string): Promise<void> {
  const element = matchRoutes(routes, pathname, '/account')?.at(-1)?.route.element;
  const shown = isValidElement(element) ? screenOf.get(element) : undefined;
  return shown ? shown.load() : Promise.resolve();
}

/**
 * The screen at the current location, inside the shell. Navigations are transitions (React Router's
 * default), so while a screen's chunk loads the previous page stays; on the first load nothing shows
 * until the screen can, as the page would otherwise grow under the shell's footer.
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(
    (): RouteMatchInfo[] =>
      (matchRoutes(routes, location) ?? []).map(({ params, route }) => ({
        params,
        handle: route.handle,
      })),
    [location],
  );
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext.Provider value={matches}>
      <PageTransitionProvider>
        <Suspense fallback={null}>{element}</Suspense>
      </PageTransitionProvider>
    </RouteMatchesContext.Provider>
  );
}
