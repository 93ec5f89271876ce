import type { CustomPage } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { activeItemId, buildMenu, isActive } from './menu-items';

const ALL = ['Achievements', 'AddressBook', 'MyVouchers', 'MyOrders', 'MyWishlist'];

const page = (p: Partial<CustomPage> & Pick<CustomPage, 'pageId' | 'section'>): CustomPage => ({
  name: `page-${p.pageId}`,
  title: `Page ${p.pageId}`,
  titles: {},
  url: `/content/${p.pageId}`,
  layout: 'card',
  iconUrl: `/icons/${p.pageId}.svg`,
  viewOrder: 0,
  ...p,
});

const names = (items: ReturnType<typeof buildMenu>) =>
  items.map((item) => ('key' in item.name ? item.name.key : item.name.text));

describe('§2 Shell: menu order and feature gating', () => {
  it('lists overview, the feature sections, a spacer, security (issue 20), settings and logout, in that order', () => {
    expect(names(buildMenu({ enableFeatures: ALL, pages: [] }, 'en'))).toEqual([
      'ac_AccountOverview',
      'ac_Achievements',
      'ac_AddressBook',
      'ac_MyOrders',
      'ac_MyVouchers',
      'ac_MyWishlist',
      '',
      'ac_Security',
      'ac_Settings',
      'ac_Logout',
    ]);
  });

  it('shows a feature entry only when its feature is enabled', () => {
    const menu = buildMenu({ enableFeatures: ['MyOrders'], pages: [] }, 'en');
    expect(names(menu)).toEqual(['ac_AccountOverview', 'ac_MyOrders', '', 'ac_Security', 'ac_Settings', 'ac_Logout']);
  });

  it('gives the overview the user icon and the root url, logout an action instead of a url', () => {
    const menu = buildMenu({ enableFeatures: ALL, pages: [] }, 'en');
    expect(menu[0]).toMatchObject({ icon: 'user', url: '/' });
    expect(menu.at(-1)).toMatchObject({ action: 'logout', url: null });
  });
});

describe('§2 Shell: custom pages inserted by section, sorted by view order', () => {
  const pages = [
    page({ pageId: 1, section: 1, viewOrder: 2 }),
    page({ pageId: 2, section: 1, viewOrder: 1 }),
    page({ pageId: 3, section: 5 }),
    page({ pageId: 4, section: 0, layout: 'document' }),
    page({ pageId: 5, section: 7, viewOrder: 1 }),
    page({ pageId: 6, section: 3 }),
    page({ pageId: 7, section: 2, layout: 'whitelabel' }),
  ];
  const menu = buildMenu({ enableFeatures: ALL, pages }, 'en');
  const byId = (id: string) => menu.find((item) => item.id === id);

  it('puts a section’s pages under its entry, by view order', () => {
    expect(byId('achievements')?.subs.map((s) => s.customPage?.pageId)).toEqual([2, 1]);
    expect(byId('orders')?.subs.map((s) => s.customPage?.pageId ?? s.id)).toEqual(['returns', 3]);
    expect(byId('overview')?.subs.map((s) => s.customPage?.pageId)).toEqual([6]);
  });

  it('puts My returns under My orders, before its pages (issue 46)', () => {
    const returns = byId('orders')?.subs[0];
    expect(returns).toMatchObject({ url: '/orders/returns', name: { key: 'ac_MyReturns' } });
  });

  it('lists pages of the pages (0) and fund (7) sections after the feature entries, before the spacer', () => {
    expect(menu.map((m) => m.id).slice(6, 9)).toEqual(['page-4', 'page-5', 'spacer']);
  });

  it('routes documents and the white-label layout through page/, others through the section path', () => {
    expect(byId('page-4')?.url).toBe('/page/4');
    expect(byId('page-5')?.url).toBe('/fund/5');
    expect(byId('achievements')?.subs[0]?.url).toBe('/achievements/2');
    expect(byId('vouchers')?.subs[0]?.url).toBe('/vouchers/page/7');
    // orders/{id} is an order's detail, so order-section pages always use page/.
    expect(byId('orders')?.subs[1]?.url).toBe('/orders/page/3');
    expect(byId('overview')?.subs[0]?.url).toBe('/accountoverviews/6');
  });

  it('shows a page’s own icon image, and a document icon for documents', () => {
    expect(byId('achievements')?.subs[0]?.icon).toEqual({ src: '/icons/2.svg' });
    expect(byId('page-4')?.icon).toBe('document');
  });

  it('drops a disabled feature’s pages with it', () => {
    const withoutAchievements = buildMenu({ enableFeatures: ['MyOrders'], pages }, 'en');
    expect(withoutAchievements.some((item) => item.subs.some((s) => s.customPage?.section === 1))).toBe(false);
  });
});

describe('issue 44: custom pages are named in the interface language', () => {
  const returns = page({
    pageId: 8,
    section: 0,
    title: 'Returns policy',
    titles: { en: 'Returns policy', nl: 'Retourbeleid', de: 'Rückgabebedingungen' },
  });

  it('takes the title of the interface language', () => {
    expect(names(buildMenu({ enableFeatures: [], pages: [returns] }, 'nl'))).toContain('Retourbeleid');
    expect(names(buildMenu({ enableFeatures: [], pages: [returns] }, 'de'))).toContain('Rückgabebedingungen');
  });

  it('falls back to the page’s title, then its name', () => {
    expect(names(buildMenu({ enableFeatures: [], pages: [returns] }, 'fr'))).toContain('Returns policy');
    const untitled = page({ pageId: 9, section: 0, title: '', name: 'size-guide' });
    expect(names(buildMenu({ enableFeatures: [], pages: [untitled] }, 'nl'))).toContain('size-guide');
  });
});

describe('§2 Shell: the active item follows the location', () => {
  const menu = buildMenu({ enableFeatures: ALL, pages: [page({ pageId: 3, section: 5 })] }, 'en');

  it('marks the section of the current path, including its sub-paths', () => {
    expect(activeItemId(menu, '/orders')).toBe('orders');
    expect(activeItemId(menu, '/orders/123')).toBe('orders');
    expect(activeItemId(menu, '/addresses/edit/4')).toBe('addresses');
    expect(activeItemId(menu, '/')).toBe('overview');
  });

  it('marks the overview on /edit-profile, which its profile card leads to (issue 44)', () => {
    expect(activeItemId(menu, '/edit-profile')).toBe('overview');
    expect(activeItemId(menu, '/edit-profilex')).toBeNull();
  });

  it('prefers a sub-item over its section, and does not match prefixes of other words', () => {
    expect(activeItemId(menu, '/orders/page/3')).toBe('page-3');
    expect(activeItemId(menu, '/orders/returns')).toBe('returns');
    expect(activeItemId(menu, '/orders/12/return')).toBe('orders');
    expect(activeItemId(menu, '/ordersx')).toBeNull();
    expect(isActive(menu[0]!, '/orders')).toBe(false);
  });
});
