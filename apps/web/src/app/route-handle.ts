/** What each route tells the shell: whether it is a navigation page, its title and breadcrumb entry. */
import type { SiteConfig } from '@account/contract';
import { createContext, useContext } from 'react';
import type { Params } from 'react-router';
import type { TextKey, Translate } from '../lib/i18n';

export interface TitleContext {
  params: Params;
  t: Translate;
  config: SiteConfig;
  /** The interface language, in which a custom page's title is shown. */
  language: string;
}

export interface RouteHandle {
  /** Side menu, breadcrumb and footer show only on navigation pages (spec §2 Shell). */
  navigation?: boolean;
  /** The page title: a translation key, or computed from the route. */
  title?: TextKey | ((context: TitleContext) => string);
  /** A breadcrumb trail entry this route adds before the current page. */
  crumb?: { title: TextKey; to: string };
  /** The trail's last entry before this page, a screen of the same parameters (an order, then its return). */
  before?: { title: TextKey; to(params: Params): string };
}

export function resolveTitle(handle: RouteHandle | undefined, context: TitleContext): string | null {
  const title = handle?.title;
  if (title === undefined) return null;
  return typeof title === 'function' ? title(context) : context.t(title);
}

/** A route that matches the current location: its handle and the path parameters so far. */
export interface RouteMatchInfo {
  handle?: RouteHandle;
  params: Params;
}

/** The matching routes, outermost first (app/router.tsx provides them). */
export const RouteMatchesContext = createContext<RouteMatchInfo[]>([]);

export const useRouteMatches = (): RouteMatchInfo[] => useContext(RouteMatchesContext);
