/**
 * Issue 47: the notifications card in a DOM, as a shopper uses it: security notices by email stay
 * on, text messages wait for a number that can get them, and two clicks make one save of just
 * those two choices, 2 s after the last.
 */
import { channelsOf, isLockedChoice, NOTIFICATION_EVENTS, type NotificationSettings } from '@account/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onFakeClock, renderScreen } from '@/dom-test-support';
import { NotificationsCard } from './NotificationsCard';

/** Every event and its channels as the server answers them: email on, text messages off. */
const SETTINGS: NotificationSettings = {
  choices: NOTIFICATION_EVENTS.flatMap((event) =>
    channelsOf(event).map((channel) => ({
      event,
      channel,
      enabled: channel === 'email',
      locked: isLockedChoice(event, channel),
    })),
  ),
  smsUnavailable: null,
};

const renderCard = (settings: NotificationSettings) =>
  renderScreen(<NotificationsCard settings={settings} />, new QueryClient());

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

/** The texts an element's aria-describedby names, joined as a screen reader reads them. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('issue 47: the notifications card', () => {
  onFakeClock();

  it('has a row per event with a box per channel, and a dash where security notices have no text message', () => {
    renderCard(SETTINGS);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Order confirmed',
      'Shipped',
      'Out for delivery',
      'Delivered',
      'Delivery problem',
      'Return updates',
      'Wishlist item back in stock',
      'Wishlist price drop',
      'Security notices',
    ]);
    expect(box('Delivered by email').checked).toBe(true);
    expect(box('Delivered by text message').checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Security notices by text message' })).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(17);
  });

  it('shows security notices by email checked and disabled, and says why', () => {
    renderCard(SETTINGS);
    const security = box('Security notices by email');
    expect(security.checked).toBe(true);
    expect(security.disabled).toBe(true);
    const why =
      'Security notices by email cannot be turned off: they are how you learn that someone else signed in to your account.';
    expect(screen.getByText(why)).toBeTruthy();
    expect(description(security)).toContain(why);
  });

  it('disables the text message boxes with the reason, and links to the profile to verify the number', () => {
    renderCard({ ...SETTINGS, smsUnavailable: 'phoneNotVerified' });
    const sms = NOTIFICATION_EVENTS.filter((event) => event !== 'security');
    for (const name of ['Order confirmed', 'Delivered', 'Wishlist price drop']) {
      const texts = box(`${name} by text message`);
      expect(texts.disabled).toBe(true);
      expect(description(texts)).toContain('Verify your phone number to get text messages.');
    }
    expect(screen.getAllByRole('checkbox', { name: /by text message$/ })).toHaveLength(sms.length);
    expect(box('Delivered by email').disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Edit your profile' }).getAttribute('href')).toBe('/edit-profile');
  });

  it('says a shop without text messages sends none, with no link', () => {
    renderCard({ ...SETTINGS, smsUnavailable: 'noTransport' });
    expect(screen.getByText('This shop does not send text messages.')).toBeTruthy();
    expect(box('Shipped by text message').disabled).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('sends one PATCH with just the two changed choices, 2 s after the last click', async () => {
    const sent: { url: string; method: string | undefined; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(SETTINGS), { headers: { 'Content-Type': 'application/json' } });
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCard(SETTINGS);
    await user.click(box('Shipped by email'));
    await user.click(box('Delivered by text message'));
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(sent).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(sent).toEqual([
      {
        url: '/account/api/v1/setting/notifications',
        method: 'PATCH',
        body: {
          Choices: [
            { Event: 'orderShipped', Channel: 'email', Enabled: false },
            { Event: 'delivered', Channel: 'sms', Enabled: true },
          ],
        },
      },
    ]);
    expect(await screen.findByText('Your changes have been saved')).toBeTruthy();
  });
});
