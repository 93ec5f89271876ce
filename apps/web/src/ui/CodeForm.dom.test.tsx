/**
 * Spec §4 Phone verify popup, §9 Verification: the code form's resend countdown in a DOM (issue 45).
 */
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/dom-test-support';
import { CodeForm } from './CodeForm';

/** A code form whose send takes `ms` and answers that the code lives 600 s. */
function renderForm(ms: number) {
  renderScreen(
    <CodeForm
      instruction="We have sent a code."
      liveCodeSeconds={null}
      send={() => new Promise((resolve) => setTimeout(resolve, ms, 600))}
      afterFailedSend={async () => null}
      verify={async () => {}}
      sendFailedKey="ac_EmailNotSent"
    />,
    new QueryClient(),
  );
}

const countdown = () => screen.getByText(/^You can request a new code in/).textContent;

describe('§4 Phone verify popup: the resend countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at the server's telephoneVerifyExpireIn however long the send took, and counts down by the second", async () => {
    renderForm(300);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(countdown()).toBe('You can request a new code in 10:00');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveProperty('disabled', true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(countdown()).toBe('You can request a new code in 9:59');
  });
});
