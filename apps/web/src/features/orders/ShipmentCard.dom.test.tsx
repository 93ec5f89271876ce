/**
 * Issue 46 "Where is my parcel": one parcel's card in a DOM, as a shopper reads and uses it: the
 * progress line (a problem at the stage it stopped), the events with the rest on request, and
 * the tracking number copied.
 */
import type { Shipment, ShipmentEvent } from '@account/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/dom-test-support';
import { ShipmentCard } from './ShipmentCard';

const event = (id: number, status: ShipmentEvent['status'], at: string, description: string): ShipmentEvent => ({
  id,
  status,
  at,
  location: 'Amsterdam',
  description,
});

const OUT_FOR_DELIVERY: Shipment = {
  id: 5,
  carrier: 'PostNL',
  trackingNumber: '3SFPNL0421372',
  trackingUrl: 'https://jouw.postnl.nl/track-and-trace/3SFPNL0421372',
  estimatedDelivery: { from: '2026-11-29', to: '2026-11-29' },
  status: 'outForDelivery',
  statusAt: '2026-11-29T07:00:00Z',
  lines: [
    { line: 0, quantity: 1 },
    { line: 1, quantity: 2 },
  ],
  events: [
    event(4, 'outForDelivery', '2026-11-29T07:00:00Z', 'The courier is on the way'),
    event(3, 'inTransit', '2026-11-28T23:00:00Z', 'Shipment at the delivery depot'),
    event(2, 'inTransit', '2026-11-28T18:00:00Z', 'Shipment received and sorted'),
    event(1, 'labelCreated', '2026-11-28T15:00:00Z', 'Shipment announced by the sender'),
  ],
};

const PRODUCTS = [{ name: 'Stormshell 3L rain jacket' }, { name: 'Merino hiking socks (2-pack)' }];

const renderCard = (shipment: Shipment, number = 1, total = 1) =>
  renderScreen(
    <ShipmentCard shipment={shipment} number={number} total={total} products={PRODUCTS} />,
    new QueryClient(),
  );

const progress = () => screen.getByRole('list', { name: 'Delivery progress' });
const stages = () => within(progress()).getAllByRole('listitem');

describe('issue 46: a parcel’s card', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the progress line reads as steps: done, the current one, and those still to come', () => {
    renderCard(OUT_FOR_DELIVERY);
    expect(stages().map((stage) => stage.textContent)).toEqual([
      'Ordered, completed',
      'Shipped, completed',
      'Out for delivery',
      'Delivered, still to come',
    ]);
    expect(stages().map((stage) => stage.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
  });

  it('a problem shows at the stage the parcel stopped, with its label and the carrier’s words', () => {
    renderCard(
      {
        ...OUT_FOR_DELIVERY,
        status: 'exception',
        events: [
          event(9, 'exception', '2026-11-29T09:00:00Z', 'The parcel was damaged in transit'),
          ...OUT_FOR_DELIVERY.events.slice(2),
        ],
      },
      1,
      2,
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Parcel 1 of 2');
    const current = stages().find((stage) => stage.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toBe('ShippedDelivery problem');
    expect(screen.getByRole('heading', { level: 3 }).nextElementSibling?.textContent).toBe('Delivery problem');
    expect(screen.getByText('The parcel was damaged in transit', { selector: 'p > span' })).toBeTruthy();
  });

  it('names the order’s products in the parcel, with the quantity when more than one', () => {
    renderCard(OUT_FOR_DELIVERY);
    const contents = screen.getByRole('heading', { name: 'In this parcel' }).nextElementSibling as HTMLElement;
    expect(
      within(contents)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stormshell 3L rain jacket', '2 × Merino hiking socks (2-pack)']);
  });

  it('links the carrier’s page in a new tab', () => {
    renderCard(OUT_FOR_DELIVERY);
    const link = screen.getByRole('link', { name: /^Track at PostNL/ });
    expect(link.getAttribute('href')).toBe(OUT_FOR_DELIVERY.trackingUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the latest three events; the toggle shows all of them, newest first, and fewer again', async () => {
    const user = userEvent.setup();
    renderCard(OUT_FOR_DELIVERY);
    const timeline = () =>
      within(screen.getByRole('heading', { name: 'Tracking history' }).parentElement as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent);
    expect(timeline()).toEqual(['Out for delivery', 'In transit', 'In transit']);
    const toggle = screen.getByRole('button', { name: 'Show all 4 events' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(timeline()).toEqual(['Out for delivery', 'In transit', 'In transit', 'Shipping label created']);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Show fewer events');
    await user.click(toggle);
    expect(timeline()).toHaveLength(3);
  });

  it('copies the tracking number and says so politely', async () => {
    const user = userEvent.setup();
    renderCard(OUT_FOR_DELIVERY);
    const button = screen.getByRole('button', { name: 'Copy tracking number 3SFPNL0421372' });
    const status = document.querySelector('[aria-live="polite"]');
    expect(status?.textContent).toBe('');
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('3SFPNL0421372');
    expect(status?.textContent).toBe('Copied');
    expect(button.textContent).toBe('Copied');
  });

  it('a copy the browser refuses says how to copy instead', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderCard(OUT_FOR_DELIVERY);
    await user.click(screen.getByRole('button', { name: /^Copy tracking number/ }));
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      'Could not copy. Select the number to copy it.',
    );
  });
});
