import { describe, expect, it } from 'vitest';
import { countdownText } from '@/ui/countdown';
import { DEFAULT_COUNTDOWN_SECONDS, validCodeSeconds } from './resend-countdown';

describe('§4 Phone verify popup: the resend countdown', () => {
  it('shows the countdown as minutes and seconds', () => {
    expect(countdownText(3600)).toBe('60:00');
    expect(countdownText(65)).toBe('1:05');
    expect(countdownText(-3)).toBe('0:00');
  });

  it("§8 a failed resend starts the countdown at the valid code's time left, else at 3600 s", () => {
    expect(validCodeSeconds({ hasValidTelephoneVerificationCode: true, telephoneVerifyExpireIn: 312 })).toBe(312);
    expect(validCodeSeconds({ hasValidTelephoneVerificationCode: false, telephoneVerifyExpireIn: null })).toBeNull();
    expect(validCodeSeconds(null)).toBeNull();
    expect(DEFAULT_COUNTDOWN_SECONDS).toBe(3600);
  });
});
