/**
 * The messaging-app login widget, loaded 100 ms after the view starts (spec §2 Login page). It
 * runs in redirect mode: after confirming in Telegram, the browser returns to the login page with
 * the signed widget data in the query, which the page sends to POST /login/telegram. (The
 * callback mode would need 'unsafe-eval' in the content security policy.)
 */
import { LINK_QUERY, LINK_STATE_QUERY } from '@account/contract';
import { useEffect, useRef } from 'react';
import { loadScript } from '@/lib/load-script';
import styles from '../LoginPage.module.css';
import { useLinkMode } from '../link-mode';

export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
const WIDGET_DELAY_MS = 100;
/** The fields the widget signs; anything else in the query is not Telegram's. */
export const TELEGRAM_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;

export function TelegramSignIn({ botName, redirectUrl }: { botName: string; redirectUrl: string | null }) {
  const container = useRef<HTMLDivElement>(null);
  const linkMode = useLinkMode();
  // Linking comes back to this page with the link's state, which the server wants with the data.
  const authUrl = linkMode
    ? `${window.location.origin}/account/login?${new URLSearchParams({ [LINK_QUERY]: 'telegram', [LINK_STATE_QUERY]: linkMode.state })}`
    : (redirectUrl ?? `${window.location.origin}/account/login`);

  useEffect(() => {
    const parent = container.current;
    if (!parent) return;
    const timer = setTimeout(() => {
      loadScript(
        TELEGRAM_SCRIPT,
        {
          'data-telegram-login': botName,
          'data-size': 'large',
          'data-radius': '8',
          'data-request-access': 'write',
          'data-auth-url': authUrl,
        },
        parent,
      ).catch(() => {});
    }, WIDGET_DELAY_MS);
    return () => {
      clearTimeout(timer);
      parent.replaceChildren();
    };
  }, [botName, authUrl]);

  return <div ref={container} className={styles.telegram} />;
}

/** The widget data in the current query, when the browser has just come back from Telegram. */
export function telegramReturn(search: string): Record<string, string> | null {
  const params = new URLSearchParams(search);
  if (!params.has('hash') || !params.has('id') || !params.has('auth_date')) return null;
  const data: Record<string, string> = {};
  for (const field of TELEGRAM_FIELDS) {
    const value = params.get(field);
    if (value !== null) data[field] = value;
  }
  return data;
}
