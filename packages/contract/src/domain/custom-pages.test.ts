import { describe, expect, it } from 'vitest';
import {
  customPageTitle,
  findCustomPage,
  localizedPageUrl,
  PAGE_LAYOUTS,
  PAGE_SECTIONS,
  usesPageRoute,
} from './custom-pages.js';

describe('§2 Custom content pages: the page URL is prefixed with the current language when language URLs are on', () => {
  it('§2 Custom content pages: with language URLs on, /path becomes /{language}/path', () => {
    expect(localizedPageUrl('/pages/faq', 'nl', true)).toBe('/nl/pages/faq');
    expect(localizedPageUrl('/pages/faq', 'de', true)).toBe('/de/pages/faq');
  });

  it('§2 Custom content pages: with language URLs off, the URL is used as configured', () => {
    expect(localizedPageUrl('/pages/faq', 'nl', false)).toBe('/pages/faq');
    expect(localizedPageUrl('pages/faq', 'nl', false)).toBe('pages/faq');
  });

  it('§2 Custom content pages: a URL without a leading slash gets one between language and path', () => {
    expect(localizedPageUrl('pages/faq', 'nl', true)).toBe('/nl/pages/faq');
    expect(localizedPageUrl('faq.html', 'en', true)).toBe('/en/faq.html');
  });

  it('§2 Custom content pages: query and fragment are kept', () => {
    expect(localizedPageUrl('/pages/faq?x=1#top', 'fr', true)).toBe('/fr/pages/faq?x=1#top');
  });

  it('§2 Custom content pages: absolute http(s) URLs are never prefixed', () => {
    expect(localizedPageUrl('https://cms.example/faq', 'nl', true)).toBe('https://cms.example/faq');
    expect(localizedPageUrl('http://cms.example/faq', 'nl', true)).toBe('http://cms.example/faq');
    expect(localizedPageUrl('HTTPS://cms.example/faq', 'nl', true)).toBe('HTTPS://cms.example/faq');
  });

  it('§2 Custom content pages: a protocol-relative URL (//host/path) is absolute too and is not prefixed', () => {
    expect(localizedPageUrl('//cms.example/faq', 'nl', true)).toBe('//cms.example/faq');
  });
});

describe("§2 Shell: a page with layout 'document' or the white-label layout uses a page/ route", () => {
  it("§2 Shell: 'document' and 'whitelabel' layouts use the page/ route", () => {
    expect(usesPageRoute('document')).toBe(true);
    expect(usesPageRoute('whitelabel')).toBe(true);
    expect(usesPageRoute(PAGE_LAYOUTS.document)).toBe(true);
    expect(usesPageRoute(PAGE_LAYOUTS.whiteLabel)).toBe(true);
  });

  it("§2 Shell: the 'card' and 'unframed' variants and unknown layouts do not", () => {
    for (const layout of ['card', 'unframed', '', 'Document', 'white-label', 'page']) {
      expect(usesPageRoute(layout)).toBe(false);
    }
  });

  it('§2 Shell: custom pages are inserted by section 0 pages … 7 fund', () => {
    expect(PAGE_SECTIONS).toEqual({
      pages: 0,
      achievements: 1,
      vouchers: 2,
      overview: 3,
      addresses: 4,
      orders: 5,
      wishlist: 6,
      fund: 7,
    });
  });
});

describe('§2 Custom content pages: at startup a route page/{url} is added for every configured custom page', () => {
  const pages = [
    { pageId: 4, name: 'returns-policy', url: '/demo-shop/pages/returns-policy' },
    { pageId: 7, name: 'faq', url: 'https://cms.example/help/faq?lang=en' },
    { pageId: 9, name: 'home', url: '/' },
  ];
  const found = (key: string | undefined) => findCustomPage(pages, key)?.pageId;

  it('§2 Custom content pages: page/{url} finds the page by its URL path, slashes around it ignored', () => {
    expect(found('demo-shop/pages/returns-policy')).toBe(4);
    expect(found('demo-shop/pages/returns-policy/')).toBe(4);
    expect(found('help/faq')).toBe(7);
  });

  it('§2 Custom content pages: a page is still found by its id and by its name', () => {
    expect(found('4')).toBe(4);
    expect(found('faq')).toBe(7);
  });

  it('§2 Custom content pages: an unknown key, an empty key or a part of a URL finds nothing', () => {
    expect(found('demo-shop/pages')).toBeUndefined();
    expect(found('pages/returns-policy')).toBeUndefined();
    expect(found('')).toBeUndefined();
    expect(found(undefined)).toBeUndefined();
  });
});

describe('issue 44: a custom page is named in the interface language', () => {
  const page = {
    name: 'returns-policy',
    title: 'Returns policy',
    titles: { en: 'Returns policy', nl: 'Retourbeleid' },
  };

  it('takes the title of the language, in any case of its code', () => {
    expect(customPageTitle(page, 'nl')).toBe('Retourbeleid');
    expect(customPageTitle(page, 'NL')).toBe('Retourbeleid');
  });

  it('falls back to the title, then the name', () => {
    expect(customPageTitle(page, 'de')).toBe('Returns policy');
    expect(customPageTitle({ ...page, title: '', titles: {} }, 'de')).toBe('returns-policy');
  });
});
