/**
 * Spec §9 Verification, issue 19: signing in with an emailed code in a DOM, as a shopper types the
 * codes (issue 45: moved here from Playwright, where the 1 s auto-submit was waited out for every
 * code). That the server refuses an expired code and, after five wrong ones, the right one too is
 * apps/server/test/email-verification.test.ts ('§9 an expired code, and a code after 5 wrong tries,
 * no longer sign in (the invalid-or-expired key)'); here the server answers as it does then.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, onFakeClock, renderScreen, type Sent, serve } from '@/dom-test-support';
import { EmailSignIn } from './EmailSignIn';

const EMAIL = 'guesser@example.com';
const RIGHT = '482913';
const INVALID = 'Invalid verify code or verify code is expired';

/** The server refuses every code: used up, or expired. */
function refuseEveryCode(): Sent[] {
  return serve(({ path }) =>
    path === '/login/email/code'
      ? json({ emailVerifyExpireIn: 600 })
      : json(
          {
            status: 400,
            code: 'validation_failed',
            message: 'Invalid',
            fields: { Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired' },
          },
          400,
        ),
  );
}

/** The login page's 'Sign in with email', with anywhere else a signed-in shopper could land. */
async function askForCode(user: UserEvent) {
  renderScreen(
    <Routes>
      <Route path="/login" element={<EmailSignIn />} />
      <Route path="*" element={<p>Signed in</p>} />
    </Routes>,
    new QueryClient(),
    '/login',
  );
  await user.click(screen.getByRole('button', { name: 'Sign in with email' }));
  await user.type(await screen.findByRole('textbox', { name: 'Email address' }), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  const entry = await screen.findByRole('region', { name: 'Sign in with email' });
  await within(entry).findByText(/You can request a new code in \d+:\d\d/);
  return entry;
}

/** Types a code into the six boxes and waits out the 1 s before it is sent by itself. */
async function typeCode(user: UserEvent, code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
  await act(() => vi.advanceTimersByTimeAsync(1000));
}

const tries = (sent: Sent[]) => sent.filter((call) => call.path === '/login/email').map((call) => call.body);

describe('§9 Verification: sign in with an emailed code', () => {
  onFakeClock();

  it('§9 five wrong codes use the code up: even the right one is refused then', async () => {
    const sent = refuseEveryCode();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const entry = await askForCode(user);
    const wrong = [1, 2, 3, 4, 5].map((k) => String((Number(RIGHT) + k) % 1_000_000).padStart(6, '0'));
    for (const code of wrong) {
      await typeCode(user, code);
      expect(await within(entry).findByText(INVALID)).toBeTruthy();
      // Correcting the code takes the message away.
      await user.keyboard('{Backspace>6/}');
      expect(within(entry).queryByText(INVALID)).toBeNull();
    }
    await typeCode(user, RIGHT);
    expect(await within(entry).findByText(INVALID)).toBeTruthy();
    expect(screen.queryByText('Signed in')).toBeNull();
    expect(tries(sent)).toEqual([...wrong, RIGHT].map((code) => ({ Email: EMAIL, Code: code })));
  });

  it('§9 an expired code is refused with its message', async () => {
    const sent = refuseEveryCode();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const entry = await askForCode(user);
    await typeCode(user, RIGHT);
    expect(await within(entry).findByText(INVALID)).toBeTruthy();
    expect(screen.queryByText('Signed in')).toBeNull();
    expect(tries(sent)).toEqual([{ Email: EMAIL, Code: RIGHT }]);
  });
});
