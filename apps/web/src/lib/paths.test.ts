import { describe, expect, it } from 'vitest';
import { shopHome } from './paths';

const config = { shopUrl: '/', enableLangUrls: true, currentLanguage: 'en', defaultLanguage: 'en' };

describe('§2 Shell: Back to shop goes to the shop home', () => {
  it('is the shop root in the default language', () => {
    expect(shopHome(config)).toBe('/');
  });

  it('is language-prefixed when language URLs are on and the language is not the default', () => {
    expect(shopHome({ ...config, currentLanguage: 'nl' })).toBe('/nl/');
    expect(shopHome({ ...config, shopUrl: 'https://shop.example/', currentLanguage: 'de' })).toBe(
      'https://shop.example/de/',
    );
  });

  it('is not prefixed when language URLs are off', () => {
    expect(shopHome({ ...config, enableLangUrls: false, currentLanguage: 'nl' })).toBe('/');
  });
});
