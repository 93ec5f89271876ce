/**
 * The security centre's server calls (issue 20): sessions, sign-in methods, linking a provider,
 * and passkeys, whose WebAuthn ceremony runs in the browser (@simplewebauthn/browser, loaded
 * when a passkey is added).
 */
import type { LinkableProvider } from '@account/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

const keys = {
  sessions: ['security', 'sessions'],
  methods: ['security', 'sign-in-methods'],
};

export const sessionsQuery = queryOptions({
  queryKey: keys.sessions,
  queryFn: ({ signal }) => call('listSessions', { signal }),
});

export const signInMethodsQuery = queryOptions({
  queryKey: keys.methods,
  queryFn: ({ signal }) => call('getSignInMethods', { signal }),
});

/** A mutation whose answer changes what one of the lists shows: that list is read again. */
function useChanging<T>(key: readonly string[], mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useEndSession = () => useChanging(keys.sessions, (id: string) => call('endSession', { params: { id } }));

export const useEndOtherSessions = () =>
  useChanging(keys.sessions, () => call('endOtherSessions', { query: { others: 'true' } }));

export const useRemoveIdentity = () =>
  useChanging(keys.methods, (id: number) => call('removeIdentity', { params: { id } }));

export const useRemovePasskey = () =>
  useChanging(keys.methods, (id: number) => call('removePasskey', { params: { id } }));

export const useRenamePasskey = () =>
  useChanging(keys.methods, ({ id, name }: { id: number; name: string }) =>
    call('renamePasskey', { params: { id }, body: { name } }),
  );

/** Puts this browser's next sign-in with the provider in link mode; answers the link's state. */
export const startLink = (provider: LinkableProvider) => call('startLink', { params: { provider }, body: {} });

/**
 * Adds a passkey: the server's creation options, the browser's own prompt (Touch ID, Windows
 * Hello, a phone), then the server checks and stores the new credential.
 */
export const useAddPasskey = () =>
  useChanging(keys.methods, async (name: string) => {
    const [{ startRegistration }, { options }] = await Promise.all([
      import('@simplewebauthn/browser'),
      call('passkeyRegistrationOptions', { body: {} }),
    ]);
    // why: the contract carries the options as an open record; they are the server library's
    // PublicKeyCredentialCreationOptionsJSON, which the browser library takes as they are.
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    const credential = await startRegistration({ optionsJSON });
    return call('addPasskey', { body: { name, credential } });
  });
