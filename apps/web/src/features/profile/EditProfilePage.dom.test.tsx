/**
 * Spec §2 Edit profile, §5 Profile: the form's own checks in a DOM, as a shopper submits it
 * (issue 45: moved here from Playwright, which keeps the screen's journey and its axe scans).
 */
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccount, renderScreen, serve } from '@/dom-test-support';
import { accountQuery } from '@/lib/queries';
import { EditProfilePage } from './EditProfilePage';

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(accountQuery.queryKey, anAccount({ telephone: '+31 612345678' }));
  renderScreen(<EditProfilePage />, queryClient);
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('§2 Edit profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('an invalid submit shows each validation message and focuses the first; every change then revalidates', async () => {
    const sent = serve(() => new Response(null, { status: 500 }));
    const user = userEvent.setup();
    renderForm();
    await user.clear(field('First name'));
    await user.clear(field('Last name'));
    await user.type(field('Last name'), ' ');
    await user.clear(field('Confirm email address'));
    await user.type(field('Confirm email address'), 'other@example.com');
    await user.clear(field('Phone number'));
    expect(screen.queryByText('Please enter a first name.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    for (const message of [
      'Please enter a first name.',
      'Please enter a last name.',
      'The email addresses do not match.',
      'Please enter a phone number.',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await vi.waitFor(() => expect(document.activeElement).toBe(field('First name')));
    expect(sent).toEqual([]);

    await user.type(field('First name'), 'Noah');
    expect(screen.queryByText('Please enter a first name.')).toBeNull();
    expect(screen.getByText('Please enter a last name.')).toBeTruthy();
    // After the first submit a change that breaks a field shows its message at once.
    await user.clear(field('Email address'));
    expect(await screen.findByText('Please enter an email address.')).toBeTruthy();
  });
});
