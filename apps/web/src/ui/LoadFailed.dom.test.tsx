/** A failed load in a DOM, as a shopper meets it: the message read out, and a way to ask again. */
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/dom-test-support';
import { LoadFailed } from './LoadFailed';

describe('a failed load', () => {
  it('tells what failed as an alert, under the card’s title where it has one', () => {
    renderScreen(
      <LoadFailed title="Delivery" message="Your parcels could not be loaded." onRetry={vi.fn()} />,
      new QueryClient(),
    );
    expect(screen.getByRole('alert').textContent).toBe('Your parcels could not be loaded.');
    expect(screen.getByRole('region', { name: 'Delivery' })).toBeTruthy();
  });

  it('Try again asks once more', async () => {
    const onRetry = vi.fn(async () => undefined);
    renderScreen(<LoadFailed message="Your orders could not be loaded." onRetry={onRetry} />, new QueryClient());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
