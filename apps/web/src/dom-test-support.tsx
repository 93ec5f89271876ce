/**
 * What the component tests share (issue 45): a shopper's account, the providers every screen sits
 * in (as in app/App.tsx, with the real English catalogue) and a stand-in for the network that keeps
 * each call made.
 */
import { type Account, EN, FEATURES, type SiteConfig } from '@account/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { SiteConfigContext } from '@/lib/config-context';
import { I18nProvider } from '@/lib/i18n';
import { LoadingProvider } from '@/lib/loading';
import { LocaleProvider } from '@/lib/locale';
import { PageTransitionProvider } from '@/lib/navigation';
import { SystemMessageProvider } from '@/lib/system-message';

const ENTRIES = Object.entries(EN).map(([key, translate]) => ({ key, translate }));

/** A signed-in shopper with a name and an email, and nothing else yet. */
export const anAccount = (changes: Partial<Account> = {}): Account => ({
  id: 1,
  firstName: 'Noah',
  lastName: 'Visser',
  email: 'noah.visser@example.com',
  isEmailVerified: true,
  pendingEmail: null,
  telephone: '',
  gender: 1,
  birthDate: null,
  imageUrl: null,
  firstTimeLogin: false,
  telephoneVerifyDate: null,
  isTelephoneVerified: false,
  hasValidTelephoneVerificationCode: false,
  telephoneVerifyExpireIn: null,
  defaultLanguage: 'en',
  defaultLanguageName: 'English',
  defaultCountry: 'NL',
  defaultCountryName: 'Netherlands',
  defaultCurrency: { iSO4217: 'EUR', displayName: 'Euro', sign: '€' },
  defaultCurrencyName: 'Euro',
  interestIds: [],
  newsletterIds: [],
  lastOrder: null,
  achievements: [],
  lastViewProducts: [],
  wishProducts: [],
  addresses: [],
  vouchers: [],
  addressFields: [],
  firstTimeLoginFields: [],
  questionFields: [],
  ...changes,
});

/** The settings of the shop's configuration that the components tested read. */
const SETTINGS_READ: Partial<SiteConfig> = {
  emailSignIn: true,
  passkeys: false,
  redirectAllowList: [],
  enableFeatures: [FEATURES.telephoneNumberVerification],
  decimalSep: '.',
  thousandSep: ',',
};
// why: the components tested read no other setting.
const CONFIG = SETTINGS_READ as SiteConfig;

/** Renders a screen at `path` in the providers of the app, in English. */
export function renderScreen(screen: ReactNode, queryClient: QueryClient, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteConfigContext.Provider value={CONFIG}>
        <QueryClientProvider client={queryClient}>
          <LocaleProvider initial="en">
            <I18nProvider entries={ENTRIES}>
              <SystemMessageProvider>
                <LoadingProvider>
                  <PageTransitionProvider>{screen}</PageTransitionProvider>
                </LoadingProvider>
              </SystemMessageProvider>
            </I18nProvider>
          </LocaleProvider>
        </QueryClientProvider>
      </SiteConfigContext.Provider>
    </MemoryRouter>,
  );
}

export interface Sent {
  /** The path after /account/api/v1. */
  path: string;
  method: string;
  body: unknown;
}

/** A JSON answer of the server, 200 unless told. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers every call of the API with `answer` and keeps what was sent, in order. Undo with
 * vi.unstubAllGlobals().
 */
export function serve(answer: (sent: Sent) => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Sent = {
      path: url.replace('/account/api/v1', ''),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(call);
    return answer(call);
  });
  return sent;
}

/**
 * For the tests of a describe block that run on a fake clock, with the network's stand-in: the
 * clock advances with the real one too (Testing Library's waits run on timers), and the real clock
 * and network are back after each test.
 */
export function onFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
