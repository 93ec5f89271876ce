/**
 * Runs a provider's sign-in with the loading overlay: token providers answer the account, which
 * completes the sign-in; redirect providers answer a URL the browser goes to. On failure only the
 * loading state is hidden (spec §8); the server logs why.
 */
import type { Account } from '@account/contract';
import { useCallback } from 'react';
import { useLoading } from '@/lib/loading';
import { useSignInComplete } from '../sign-in-complete';

export function useProviderSignIn() {
  const loading = useLoading();
  const complete = useSignInComplete();

  const withAccount = useCallback(
    async (signIn: () => Promise<Account>) => {
      loading.show();
      try {
        complete(await signIn());
      } catch {
        // §8: login failure hides the loading indicator, no message.
      } finally {
        loading.hide();
      }
    },
    [complete, loading],
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
