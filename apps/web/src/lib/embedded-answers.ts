/**
 * The answers of the calls the app makes at startup, as the server embeds them in the page
 * (apps/server/src/http/spa.ts: the same JSON the calls answer). The signed-in account (null when
 * signed out, as the account query answers a 401), the texts and the localisation lists are there
 * from the start instead of asked for once the entry script has run. One that is missing (all of
 * them when the page did not come from the server, as with Vite in development) is fetched.
 */
import type { Account, ResponseOf, ScreenAnswerCall } from '@account/contract';
import type { QueryClient } from '@tanstack/react-query';
import { accountQuery, localizeQuery, translationsQuery } from './queries';

type PageAnswers = {
  getAccount: Account | null;
  getTranslations: ResponseOf<'getTranslations'>;
  getLocalize: ResponseOf<'getLocalize'>;
} & { [C in ScreenAnswerCall]: ResponseOf<C> };

/** Just enough of each answer's shape to rely on it; the server wrote it with the call's schema. */
const USABLE: { [N in keyof PageAnswers]: (json: unknown) => boolean } = {
  getAccount: (json) => json === null || typeof (json as { id?: unknown }).id === 'number',
  getTranslations: (json) => Array.isArray(json),
  getLocalize: (json) => typeof (json as { setting?: unknown } | null)?.setting === 'object',
  listOrders: (json) => Array.isArray((json as { data?: unknown } | null)?.data),
  listShipmentsOnTheWay: (json) => Array.isArray((json as { shipments?: unknown } | null)?.shipments),
};

/** What is read of the page: its elements by id (the document; in tests, a stand-in). */
export interface PageElements {
  getElementById(id: string): { readonly textContent: string | null; remove(): void } | null;
}

/** The answer the page holds for a call; undefined when it holds none. */
export function embeddedAnswer<N extends keyof PageAnswers>(
  call: N,
  doc: PageElements = document,
): PageAnswers[N] | undefined {
  const text = doc.getElementById(`answer-${call}`)?.textContent;
  if (!text) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (USABLE[call](json)) return json as PageAnswers[N];
  } catch {
    // Not JSON: reported below like any other unusable answer.
  }
  console.error(`The page's answer of ${call} is not usable; it is asked for instead`);
  return undefined;
}

/**
 * The answer of the call the screen at the page's path opens with (sections.ts pageAnswer), once:
 * the screen's data comes from it on its first showing, later showings ask as usual.
 */
export function takeScreenAnswer<C extends ScreenAnswerCall>(
  call: C,
  doc: PageElements = document,
): PageAnswers[C] | undefined {
  const answer = embeddedAnswer(call, doc);
  doc.getElementById(`answer-${call}`)?.remove();
  return answer;
}

/**
 * Puts the page's answers into the query cache under the keys their queries use. They are as fresh
 * as the requests would have been: read when the page was served, which is never from a cache
 * (no-store). Their queries stay as they are, so later changes reload them as before.
 */
export function seedFromPage(queryClient: QueryClient, language: string, doc: PageElements = document): void {
  const account = embeddedAnswer('getAccount', doc);
  if (account !== undefined) queryClient.setQueryData(accountQuery.queryKey, account);
  const translations = embeddedAnswer('getTranslations', doc);
  if (translations) queryClient.setQueryData(translationsQuery(language).queryKey, translations);
  const localize = embeddedAnswer('getLocalize', doc);
  if (localize) queryClient.setQueryData(localizeQuery.queryKey, localize);
}
