/**
 * Spec §4 Interests and newsletters: the settings' interest and newsletter cards in a DOM, as a
 * shopper clicks them (issue 45: moved here from Playwright). That the server keeps a selection and
 * answers it with the account is apps/server/test/settings.test.ts ('§4 Interests and
 * newsletters: replaces the selection; preferences and the account show it').
 */
import type { LocalizeData, NotificationSettings, Preferences } from '@account/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anAccount, json, onFakeClock, renderScreen, type Sent, serve } from '@/dom-test-support';
import { accountQuery, localizeQuery, preferencesQuery } from '@/lib/queries';
import { notificationsQuery } from './api/notifications';
import { SettingsPage } from './SettingsPage';

/** The interests' ids are their places in this list, from 1. */
const INTERESTS = ['Hiking', 'Trail running', 'Climbing', 'Camping', 'Cycling'];
const HIKING = 1;
const CYCLING = 5;
const NEW_ARRIVALS = 1;

const PREFERENCES: Preferences = {
  interests: INTERESTS.map((name, index) => ({
    id: index + 1,
    name,
    selected: false,
  })),
  newsletters: [
    { id: NEW_ARRIVALS, name: 'New arrivals', mailType: 'Weekly', selected: false },
    { id: 2, name: 'Deals and offers', mailType: 'Twice a month', selected: false },
  ],
};

const LOCALIZE: LocalizeData = {
  languages: [{ code: 'en', name: 'English' }],
  currencies: [{ name: 'Euro', currency: { iSO4217: 'EUR', displayName: 'Euro', sign: '€' } }],
  countries: [{ code: 'NL', name: 'Netherlands' }],
  setting: {
    country: 'NL',
    countryName: 'Netherlands',
    language: 'en',
    languageName: 'English',
    currency: 'EUR',
    currencyName: 'Euro',
  },
};

const NOTIFICATIONS: NotificationSettings = { choices: [], smsUnavailable: null };

/** The settings screen of a shopper who gets 'New arrivals' and has no interests yet. */
function renderSettings(queryClient = seededClient()) {
  return { queryClient, ...renderScreen(<SettingsPage />, queryClient) };
}

function seededClient() {
  // The seeded answers stay fresh: the only requests are the saves the shopper makes.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(accountQuery.queryKey, anAccount({ newsletterIds: [NEW_ARRIVALS] }));
  queryClient.setQueryData(preferencesQuery.queryKey, PREFERENCES);
  queryClient.setQueryData(localizeQuery.queryKey, LOCALIZE);
  queryClient.setQueryData(notificationsQuery.queryKey, NOTIFICATIONS);
  return queryClient;
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const newsletter = () => screen.getByRole<HTMLInputElement>('checkbox', { name: /^New arrivals/ });
const saves = (sent: Sent[]) => sent.filter((call) => call.method === 'PATCH');

describe('§4 Interests and newsletters', () => {
  onFakeClock();

  it('§4 interests and newsletters toggle at once and are saved 2 s after the last click', async () => {
    const at: number[] = [];
    const sent = serve(() => {
      at.push(Date.now());
      return json({});
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queryClient, unmount } = renderSettings();
    expect(newsletter().checked).toBe(true);

    // Half a second between the clicks: a save timed from the first click would go out early.
    await user.click(box('Hiking'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    await user.click(box('Climbing'));
    expect(box('Hiking').checked).toBe(true);
    expect(box('Climbing').checked).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    const lastClick = Date.now();
    await user.click(box('Climbing'));
    expect(box('Climbing').checked).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(saves(sent)).toEqual([{ path: '/setting/interests', method: 'PATCH', body: { InterestIds: [HIKING] } }]);
    expect((at[0] ?? 0) - lastClick).toBeGreaterThanOrEqual(2000);
    expect(await screen.findByText('Your changes have been saved')).toBeTruthy();

    await user.click(newsletter());
    expect(newsletter().checked).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(saves(sent).slice(1)).toEqual([
      { path: '/setting/newsletters', method: 'PATCH', body: { NewsletterIds: [] } },
    ]);
    await vi.waitFor(() => expect(screen.getAllByText('Your changes have been saved')).toHaveLength(2));

    // Coming back to the screen shows the choices as saved, without asking the server again.
    unmount();
    renderSettings(queryClient);
    expect(box('Hiking').checked).toBe(true);
    expect(box('Climbing').checked).toBe(false);
    expect(newsletter().checked).toBe(false);
    expect(sent).toHaveLength(2);
  });

  it('§4 a failed save says so, keeps the choice on screen and saves it on retry', async () => {
    let unavailable = true;
    const sent = serve(() => (unavailable ? json({ status: 503, code: 'unavailable' }, 503) : json({})));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSettings();

    await user.click(box('Cycling'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your settings could not be saved. Please try again.',
    );
    expect(box('Cycling').checked).toBe(true);

    unavailable = false;
    await user.click(screen.getByRole('button', { name: 'Save again' }));
    expect(await screen.findByText('Your changes have been saved')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      { path: '/setting/interests', method: 'PATCH', body: { InterestIds: [CYCLING] } },
      { path: '/setting/interests', method: 'PATCH', body: { InterestIds: [CYCLING] } },
    ]);
  });
});
