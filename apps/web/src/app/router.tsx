/** The route table of spec §2 with its guards, lazy screens (one chunk each) and shell metadata. */
import { FEATURES, type Feature } from '@account/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { TextKey } from '../lib/i18n';
import { PageTransitionProvider } from '../lib/navigation';
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

const screens = {
  login: screen(() => import('../features/login/LoginPage'), 'LoginPage'),
  firstLogin: screen(() => import('../features/first-login/FirstLoginPage'), 'FirstLoginPage'),
  overview: screen(() => import('../features/overview/OverviewPage'), 'OverviewPage'),
  editProfile: screen(() => import('../features/profile/EditProfilePage'), 'EditProfilePage'),
  settings: screen(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  achievements: screen(() => import('../features/achievements/AchievementsPage'), 'AchievementsPage'),
  addresses: screen(() => import('../features/addresses/AddressBookPage'), 'AddressBookPage'),
  addressForm: screen(() => import('../features/addresses/AddressFormPage'), 'AddressFormPage'),
  orders: screen(() => import('../features/orders/OrdersPage'), 'OrdersPage'),
  orderDetail: screen(() => import('../features/orders/OrderDetailPage'), 'OrderDetailPage'),
  vouchers: screen(() => import('../features/vouchers/VouchersPage'), 'VouchersPage'),
  wishlist: screen(() => import('../features/wishlist/WishlistPage'), 'WishlistPage'),
  customPage: screen(() => import('../features/custom-pages/CustomContentPage'), 'CustomContentPage'),
  notFound: screen(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage'),
};

const nav = (title: RouteHandle['title']): RouteHandle => ({ navigation: true, title });

/** A custom page's title from the configuration, found by id or by name. */
function customPageTitle({ params, config }: TitleContext): string {
  const page = config.pages.find((p) => String(p.pageId) === params.id || p.name === params.id);
  return page?.title || page?.name || '';
}

/**
 * Custom page routes under a section: {base}/:id and {base}/page/:id. page/:id also takes a page's
 * name, which gives every configured page its page/{url} route (spec §2).
 */
const customPageRoutes = (withId = true): RouteObject[] => [
  ...(withId ? [{ path: ':id', lazy: screens.customPage, handle: nav(customPageTitle) }] : []),
  { path: 'page/:id', lazy: screens.customPage, handle: nav(customPageTitle) },
];

/** A feature section: its index screen, further children, the feature guard and breadcrumb entry. */
const section = (
  path: string,
  feature: Feature,
  title: TextKey,
  index: Loader,
  children: RouteObject[],
): RouteObject => ({
  path,
  element: <RequireFeature feature={feature} />,
  handle: { crumb: { title, to: `/${path}` } } satisfies RouteHandle,
  children: [{ index: true, lazy: index, handle: nav(title) }, ...children],
});

export const routes: RouteObject[] = [
  {
    element: (
      <PageTransitionProvider>
        <Shell />
      </PageTransitionProvider>
    ),
    children: [
      { path: 'login', lazy: screens.login, handle: { title: 'ac_LoginTitle' } satisfies RouteHandle },
      { path: 'first-login', lazy: screens.firstLogin, handle: { title: 'ac_FirstLoginTitle' } satisfies RouteHandle },
      {
        element: <RequireAccount />,
        children: [
          { index: true, lazy: screens.overview, handle: nav('ac_AccountOverview') },
          { path: 'edit-profile', lazy: screens.editProfile, handle: nav('ac_EditProfileTitle') },
          { path: 'settings', lazy: screens.settings, handle: nav('ac_Settings') },
          section('achievements', FEATURES.achievements, 'ac_Achievements', screens.achievements, customPageRoutes()),
          section('addresses', FEATURES.addressBook, 'ac_AddressBook', screens.addresses, [
            { path: 'add', lazy: screens.addressForm, handle: nav('ac_AddAddressTitle') },
            { path: 'edit/:id', lazy: screens.addressForm, handle: nav('ac_EditAddressTitle') },
            ...customPageRoutes(),
          ]),
          section('orders', FEATURES.myOrders, 'ac_MyOrders', screens.orders, [
            {
              path: ':id',
              lazy: screens.orderDetail,
              handle: nav('ac_OrderDetailTitle'),
            },
            ...customPageRoutes(false),
          ]),
          section('vouchers', FEATURES.myVouchers, 'ac_MyVouchers', screens.vouchers, customPageRoutes()),
          section('wishlist', FEATURES.myWishlist, 'ac_MyWishlist', screens.wishlist, customPageRoutes()),
          ...['accountoverviews', 'pages', 'fund'].map((base) => ({ path: base, children: customPageRoutes() })),
          ...customPageRoutes(false),
        ],
      },
      { path: '*', lazy: screens.notFound, handle: nav('ac_NotFoundTitle') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: '/account' });
