/** The onboarding's server call (spec §7 POST /account/firstTimeSetting): answers the saved account. */
import type { BodyIn } from '@account/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api';

/**
 * No cache update here: the page sets its destination first and then the account, so one render
 * sees both (see FirstLoginPage).
 */
export function useFirstTimeSetting() {
  return useMutation({
    mutationFn: (settings: BodyIn<'firstTimeSetting'>['settings']) => call('firstTimeSetting', { body: { settings } }),
  });
}
