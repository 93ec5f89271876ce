/** The demo shop's configuration and lists: settings, languages, currencies, countries, preferences, pages. */
import { ALL_FEATURES, PAGE_LAYOUTS, PAGE_SECTIONS } from '@account/contract';

export const DEMO_COMPANY = 'Fjord & Pine';

export const DEMO_SETTINGS: Record<string, unknown> = {
  companyId: 1,
  companyName: DEMO_COMPANY,
  style: '#1f6f5c',
  culture: 'en-GB',
  decimalSep: '.',
  thousandSep: ',',
  logo: '/demo-shop/logo.svg',
  theme: 'default',
  shopUrl: '/',
  cartUrl: '/cart?items={items}',
  defaultCountry: 'NL',
  defaultCurrency: 'EUR',
  enableLangUrls: true,
  enableFeatures: [...ALL_FEATURES],
  enableEuVatReverse: true,
  isTestingEnvironment: true,
  // Wishlist alerts go out at the next round, so whoever tries the price desk sees the email at once.
  alertDigestMinutes: 0,
  returnPolicy: {
    days: 30,
    reasons: [
      { code: 'tooSmall', labels: { en: 'Too small', nl: 'Te klein', de: 'Zu klein' } },
      { code: 'tooLarge', labels: { en: 'Too large', nl: 'Te groot', de: 'Zu groß' } },
      {
        code: 'notAsDescribed',
        labels: { en: 'Not as described', nl: 'Niet zoals beschreven', de: 'Nicht wie beschrieben' },
      },
      { code: 'damaged', labels: { en: 'Arrived damaged', nl: 'Beschadigd aangekomen', de: 'Beschädigt angekommen' } },
      { code: 'changedMind', labels: { en: 'Changed my mind', nl: 'Bedacht', de: 'Es mir anders überlegt' } },
    ],
    methods: [
      {
        code: 'postnl-point',
        kind: 'dropOff',
        cost: 0,
        labels: {
          en: 'Drop off at a PostNL point (free, with a QR code)',
          nl: 'Afgeven bij een PostNL-punt (gratis, met een QR-code)',
          de: 'Abgabe an einer PostNL-Stelle (kostenlos, mit QR-Code)',
        },
      },
      {
        code: 'pickup',
        kind: 'pickup',
        cost: 4.95,
        labels: { en: 'Picked up at home', nl: 'Thuis opgehaald', de: 'Abholung zu Hause' },
      },
      {
        code: 'store',
        kind: 'inStore',
        cost: 0,
        labels: {
          en: 'Bring it to one of our stores',
          nl: 'Breng het naar een van onze winkels',
          de: 'In einem unserer Geschäfte abgeben',
        },
      },
    ],
  },
};

export const DEMO_LANGUAGES = [
  { code: 'en', name: 'English', isDefault: 1, viewOrder: 1 },
  { code: 'nl', name: 'Nederlands', isDefault: 0, viewOrder: 2 },
  { code: 'de', name: 'Deutsch', isDefault: 0, viewOrder: 3 },
];

export const DEMO_CURRENCIES = [
  { code: 'EUR', displayName: 'Euro', sign: '€', viewOrder: 1 },
  { code: 'USD', displayName: 'US Dollar', sign: '$', viewOrder: 2 },
  { code: 'GBP', displayName: 'British Pound', sign: '£', viewOrder: 3 },
  { code: 'CHF', displayName: 'Swiss Franc', sign: 'CHF', viewOrder: 4 },
];

/** [code, name, ships there] */
const COUNTRIES: [string, string, boolean][] = [
  ['AT', 'Austria', true],
  ['BE', 'Belgium', true],
  ['BG', 'Bulgaria', true],
  ['HR', 'Croatia', true],
  ['CY', 'Cyprus', false],
  ['CZ', 'Czechia', true],
  ['DK', 'Denmark', true],
  ['EE', 'Estonia', true],
  ['FI', 'Finland', true],
  ['FR', 'France', true],
  ['DE', 'Germany', true],
  ['GR', 'Greece', true],
  ['HU', 'Hungary', true],
  ['IS', 'Iceland', false],
  ['IE', 'Ireland', true],
  ['IT', 'Italy', true],
  ['LV', 'Latvia', true],
  ['LT', 'Lithuania', true],
  ['LU', 'Luxembourg', true],
  ['MT', 'Malta', false],
  ['NL', 'Netherlands', true],
  ['NO', 'Norway', true],
  ['PL', 'Poland', true],
  ['PT', 'Portugal', true],
  ['RO', 'Romania', true],
  ['SK', 'Slovakia', true],
  ['SI', 'Slovenia', true],
  ['ES', 'Spain', true],
  ['SE', 'Sweden', true],
  ['CH', 'Switzerland', true],
  ['GB', 'United Kingdom', true],
  ['US', 'United States', false],
];

export const DEMO_COUNTRIES = COUNTRIES.map(([code, name, ships], index) => ({
  code,
  name,
  isShipping: ships ? 1 : 0,
  viewOrder: index + 1,
}));

export const DEMO_INTERESTS = ['Hiking', 'Trail running', 'Climbing', 'Camping', 'Cycling', 'Winter sports'].map(
  (name, index) => ({ name, viewOrder: index + 1 }),
);

export const DEMO_NEWSLETTERS = [
  { name: 'New arrivals', mailType: 'Weekly', viewOrder: 1 },
  { name: 'Deals and offers', mailType: 'Twice a month', viewOrder: 2 },
  { name: 'Trail stories', mailType: 'Monthly', viewOrder: 3 },
];

export const DEMO_PAGES = [
  {
    name: 'size-guide',
    title: 'Size guide',
    titles: JSON.stringify({ nl: 'Maattabel', de: 'Größentabelle' }),
    url: '/demo-shop/pages/size-guide',
    layout: PAGE_LAYOUTS.card,
    iconUrl: '/demo-shop/icons/ruler.svg',
    section: PAGE_SECTIONS.orders,
    viewOrder: 1,
  },
  {
    name: 'loyalty-programme',
    title: 'Loyalty programme',
    titles: JSON.stringify({ nl: 'Spaarprogramma', de: 'Treueprogramm' }),
    url: '/demo-shop/pages/loyalty-programme',
    layout: PAGE_LAYOUTS.unframed,
    iconUrl: '/demo-shop/icons/star.svg',
    section: PAGE_SECTIONS.achievements,
    viewOrder: 1,
  },
  {
    name: 'gift-card-balance',
    title: 'Gift card balance',
    titles: JSON.stringify({ nl: 'Saldo cadeaukaart', de: 'Guthaben der Geschenkkarte' }),
    url: '/demo-shop/pages/gift-card-balance',
    layout: PAGE_LAYOUTS.card,
    iconUrl: '/demo-shop/icons/gift.svg',
    section: PAGE_SECTIONS.vouchers,
    viewOrder: 1,
  },
  {
    name: 'returns-policy',
    title: 'Returns policy',
    titles: JSON.stringify({ nl: 'Retourbeleid', de: 'Rückgabebedingungen' }),
    url: '/demo-shop/pages/returns-policy',
    layout: PAGE_LAYOUTS.document,
    iconUrl: null,
    section: PAGE_SECTIONS.pages,
    viewOrder: 1,
  },
];
