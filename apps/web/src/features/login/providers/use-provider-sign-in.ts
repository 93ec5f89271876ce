/**
 * Runs a provider's sign-in with the loading overlay: token providers answer the account, which
 * completes the sign-in; redirect providers answer a URL the browser goes to. On failure only the
 * loading state is hidden (spec §8); the server logs why. In link mode (issue 20) a token
 * provider's answer ends on the security page instead, with the link's outcome.
 */
import { type Account, ERROR_CODES } from '@account/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api';
import { useLoading } from '@/lib/loading';
import { linkOutcomeUrl, useLinkMode } from '../link-mode';
import { useSignInComplete } from '../sign-in-complete';

export function useProviderSignIn() {
  const loading = useLoading();
  const complete = useSignInComplete();
  const linkMode = useLinkMode();
  const navigate = useNavigate();

  const withAccount = useCallback(
    async (signIn: () => Promise<Account>) => {
      loading.show();
      try {
        const account = await signIn();
        if (linkMode) navigate(linkOutcomeUrl(linkMode, 'linked'), { replace: true });
        else complete(account);
      } catch (error) {
        // §8: login failure hides the loading indicator, no message; a link says how it went.
        if (linkMode) {
          const taken = error instanceof ApiError && error.body?.code === ERROR_CODES.identityTaken;
          navigate(linkOutcomeUrl(linkMode, taken ? 'taken' : 'failed'), { replace: true });
        }
      } finally {
        loading.hide();
      }
    },
    [complete, loading, linkMode, navigate],
  );

  const withRedirect = useCallback(
    async (start: () => Promise<{ redirectUrl: string }>) => {
      loading.show();
      try {
        const { redirectUrl } = await start();
        const target = new URL(redirectUrl, window.location.origin);
        if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('Unexpected redirect');
        window.location.assign(target.href);
      } catch {
        loading.hide();
      }
    },
    [loading],
  );

  return { withAccount, withRedirect };
}
