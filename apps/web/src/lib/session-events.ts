/**
 * The news that the session has ended: a 401 from any signed-in call, or a logout in another tab of
 * this browser (told over a BroadcastChannel). Only the telling lives here, and it imports nothing of
 * the api client or the queries, so the client can report a 401 without an import cycle; what the
 * screen does about it is lib/session-end.ts.
 */

/** 'expired': the server answered 401; 'logout': the shopper logged out in another tab. */
export type SessionEndReason = 'expired' | 'logout';

const LOGOUT_MESSAGE = 'logout';
const listeners = new Set<(reason: SessionEndReason) => void>();
let channel: BroadcastChannel | null = null;

const notify = (reason: SessionEndReason) => {
  for (const listener of listeners) listener(reason);
};

/** Made when first needed: a channel keeps a page (or a test's process) listening. */
function tabs(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('account:session');
    channel.addEventListener('message', (event: MessageEvent) => {
      if (event.data === LOGOUT_MESSAGE) notify('logout');
    });
  }
  return channel;
}

/** A signed-in call answered 401: the session has expired or was ended elsewhere. */
export function sessionEnded(): void {
  notify('expired');
}

/** This tab has logged out; the shopper's other tabs follow at once. */
export function announceLogout(): void {
  tabs()?.postMessage(LOGOUT_MESSAGE);
}

/** Calls the listener whenever the session ends, in this tab or another; returns its removal. */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  tabs();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
