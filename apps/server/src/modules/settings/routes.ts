import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { SettingsService, ShopperLocale } from './service.js';

export interface SettingsRouteOptions {
  settings: SettingsService;
  /** The signed-in shopper's saved locale, if any. */
  shopperLocale(shopperId: number): Promise<ShopperLocale | null>;
  saveShopperLocale(shopperId: number, locale: ShopperLocale): Promise<void>;
}

/** The locale of a request: the shopper's choice when signed in, else the browser's language. */
export async function requestLocale(request: FastifyRequest, options: SettingsRouteOptions): Promise<ShopperLocale> {
  const shopperId = await request.shopperId();
  const saved = shopperId === null ? null : await options.shopperLocale(shopperId);
  const defaults = await options.settings.defaults();
  const language = await options.settings.resolveLanguage(saved?.language, request.headers['accept-language']);
  return { ...defaults, ...saved, language };
}

export function registerSettingsRoutes(app: FastifyInstance, deps: RouteDeps, options: SettingsRouteOptions): void {
  const { settings } = options;

  registerEndpoint(app, deps, 'getSetting', async ({ request }) => {
    const locale = await requestLocale(request, options);
    return settings.siteConfig(locale.language);
  });

  registerEndpoint(app, deps, 'getTranslations', async ({ request, query, reply }) => {
    const language = query.language
      ? await settings.resolveLanguage(query.language)
      : (await requestLocale(request, options)).language;
    reply.header('content-language', language);
    return settings.translations(language);
  });

  registerEndpoint(app, deps, 'getLocalize', async ({ request }) =>
    settings.localize(await requestLocale(request, options)),
  );

  registerEndpoint(app, deps, 'updateLocalize', async ({ request, shopperId, body }) => {
    const locale = await settings.changedLocale(await requestLocale(request, options), body);
    await options.saveShopperLocale(shopperId, locale);
    return settings.localize(locale);
  });
}
