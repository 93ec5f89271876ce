/**
 * Serves the built web app under /account: static files from the Vite build, and index.html for
 * every client route with the site configuration embedded (spec §2 Shell: read from a page
 * element, not fetched). Unknown /account/api paths stay JSON 404s.
 *
 * So that the first screen does not wait for the entry script to run before asking for more, the
 * page also carries the answers of the calls the app makes at startup (the signed-in shopper's
 * account, or null when signed out; the texts and the localisation lists: the same service calls
 * as their routes, encoded by the same schemas), the answer of the call the screen at its path opens
 * with (the orders list's first page), and preload links for the chunks of that screen
 * (route-preloads.json, written by the web build, says which screen opens with which call).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Account,
  callSchemas,
  type LocalizeData,
  type ResponseOf,
  SCREEN_ANSWER_CALLS,
  type ScreenAnswerCall,
  type SiteConfig,
  type TranslationEntry,
} from '@account/contract';
import type {} from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import type { ShopperLocale } from '../modules/settings/service.js';
import { compression, PAGE_QUALITY } from './compression.js';

export const SITE_CONFIG_ELEMENT_ID = 'site-config';
/** Written by the web build (apps/web/scripts/route-preloads.ts); the format is described there. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** JSON that is safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function listFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}

export interface SpaOptions {
  webDist: string;
  /** The request's locale: the signed-in shopper's choice, else the browser's language. */
  locale(request: FastifyRequest): Promise<ShopperLocale>;
  siteConfig(language: string): Promise<SiteConfig>;
  /** What GET /shopuser/me, /translation and /localize answer, embedded for the app's startup. */
  account(shopperId: number): Promise<Account>;
  translations(language: string): Promise<TranslationEntry[]>;
  localize(locale: ShopperLocale): Promise<LocalizeData>;
  /**
   * What the screens' opening calls answer (null when the shop has the feature off): GET
   * /order?page=1 for the orders screen, GET /shipment/on-the-way for the overview's parcels.
   */
  screenAnswers: { [C in ScreenAnswerCall]: (shopperId: number) => Promise<ResponseOf<C> | null> };
}

const isScreenCall = (call: unknown): call is ScreenAnswerCall => SCREEN_ANSWER_CALLS.some((known) => known === call);

interface Screen {
  path: string;
  guarded: boolean;
  files: string[];
  answer?: ScreenAnswerCall;
}

interface RoutePreloads {
  routes: Screen[];
  signIn: string[];
}

/**
 * The screen at a page path (below /account/): the one whose route matches (':name' takes one
 * segment; static segments win, as in the router). Custom pages and unknown paths have none.
 */
function screenAt(preloads: RoutePreloads, pagePath: string): Screen | undefined {
  const segments = pagePath.toLowerCase().split('/').filter(Boolean);
  const matches = (route: string) => {
    const parts = route.split('/').filter(Boolean);
    return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
  };
  const params = (route: string) => route.split('/').filter((part) => part.startsWith(':')).length;
  return preloads.routes.filter((r) => matches(r.path)).sort((a, b) => params(a.path) - params(b.path))[0];
}

/**
 * The preload links for a page path: the files of its screen, and for a signed-out visitor of a
 * guarded screen the sign-in screen's files too, where the guard sends them.
 */
export function preloadLinks(preloads: RoutePreloads, pagePath: string, signedIn: boolean): string {
  const route = screenAt(preloads, pagePath);
  if (!route) return '';
  const files = new Set([...route.files, ...(route.guarded && !signedIn ? preloads.signIn : [])]);
  // crossorigin as Vite's loader asks for them, or the browser would not reuse the preloaded response.
  return [...files]
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/account/${file}">`
        : `<link rel="modulepreload" crossorigin href="/account/${file}">`,
    )
    .join('');
}

/** The build's preload table, keeping only files that are really there; none without a build. */
function readRoutePreloads(webDist: string, files: ReadonlySet<string>): RoutePreloads {
  const empty: RoutePreloads = { routes: [], signIn: [] };
  let table: RoutePreloads;
  try {
    table = JSON.parse(readFileSync(path.join(webDist, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
  } catch {
    return empty;
  }
  // A file name goes into an attribute: only the build's own names, which need no escaping.
  const served = (list: unknown) =>
    Array.isArray(list)
      ? list.filter((f): f is string => typeof f === 'string' && files.has(f) && /^[\w./-]+$/.test(f))
      : [];
  return {
    routes: (Array.isArray(table.routes) ? table.routes : []).map((r) => ({
      path: String(r.path).toLowerCase(),
      guarded: r.guarded !== false,
      files: served(r.files),
      ...(isScreenCall(r.answer) && { answer: r.answer }),
    })),
    signIn: served(table.signIn),
  };
}

export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const indexFile = path.join(options.webDist, 'index.html');
  let template: string | null = null;
  let files = new Set<string>();
  let preloads: RoutePreloads = { routes: [], signIn: [] };
  try {
    template = readFileSync(indexFile, 'utf8');
    // The build's manifest (.vite/) and source maps are for tools (the bench, error monitoring),
    // not for browsers: the maps would hand out the app's sources.
    const forTools = (f: string) => f.startsWith('.vite/') || f.endsWith('.map');
    files = new Set(listFiles(options.webDist).filter((f) => f !== 'index.html' && !forTools(f)));
    preloads = readRoutePreloads(options.webDist, files);
  } catch {
    app.log.warn(`No web build at ${options.webDist}: run 'npm run build' (or 'npm run dev' for development)`);
  }
  // The build wrote .br and .gz copies of the text assets; a browser that accepts one gets it.
  if (template) await app.register(fastifyStatic, { root: options.webDist, serve: false, preCompressed: true });

  // An answer that cannot be had is left out: the app then asks for it itself.
  const optional = async <T>(request: FastifyRequest, call: string, load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (error) {
      request.log.warn({ err: error }, `could not embed the answer of ${call} in the page`);
      return null;
    }
  };
  const answerElement = (call: string, encoded: unknown) =>
    `<script type="application/json" id="answer-${call}">${scriptJson(encoded)}</script>`;

  /** Each screen's opening call answered and encoded as the call sends it, or null when it has none. */
  const { screenAnswers } = options;
  const encodedScreenAnswers: { [C in ScreenAnswerCall]: (shopperId: number) => Promise<unknown> } = {
    listOrders: async (shopperId) => {
      const answer = await screenAnswers.listOrders(shopperId);
      return answer && callSchemas.listOrders.response.encode(answer);
    },
    listShipmentsOnTheWay: async (shopperId) => {
      const answer = await screenAnswers.listShipmentsOnTheWay(shopperId);
      return answer && callSchemas.listShipmentsOnTheWay.response.encode(answer);
    },
  };
  const screenAnswerElement = async (call: ScreenAnswerCall, shopperId: number) => {
    const encoded = await encodedScreenAnswers[call](shopperId);
    return encoded ? answerElement(call, encoded) : null;
  };

  const renderIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!template) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send("The account web app is not built yet. Run 'npm run build', then start the server again.");
    }
    const [locale, shopperId] = await Promise.all([options.locale(request), request.shopperId()]);
    const [pagePath = '', search] = request.url.slice('/account'.length).split('?', 2);
    // The screen's opening call is answered for its plain path: a search asks for something else.
    const screenCall = shopperId !== null && !search ? screenAt(preloads, pagePath)?.answer : undefined;
    const [config, account, translations, localize, screenAnswer] = await Promise.all([
      options.siteConfig(locale.language),
      shopperId === null ? null : optional(request, 'getAccount', () => options.account(shopperId)),
      optional(request, 'getTranslations', () => options.translations(locale.language)),
      optional(request, 'getLocalize', () => options.localize(locale)),
      shopperId !== null && screenCall !== undefined
        ? optional(request, screenCall, () => screenAnswerElement(screenCall, shopperId))
        : null,
    ]);
    // Each answer goes out as its call would send it: encoded by the call's response schema. Signed
    // out, the account is null, what the app makes of the call's 401, so it need not ask.
    const answers = [
      shopperId === null
        ? answerElement('getAccount', null)
        : account && answerElement('getAccount', callSchemas.getAccount.response.encode(account)),
      translations && answerElement('getTranslations', callSchemas.getTranslations.response.encode(translations)),
      localize && answerElement('getLocalize', callSchemas.getLocalize.response.encode(localize)),
      screenAnswer,
    ];
    // React Aria adds one small style element at run time; the per-response nonce lets it past the CSP.
    const nonce = reply.cspNonce?.style ?? '';
    const html = template
      .replace(/<html lang="[^"]*"/, `<html lang="${config.currentLanguage.replace(/[^a-zA-Z-]/g, '')}"`)
      // A function, so that '$&' or "$'" in what a shopper typed is not read as a replacement pattern.
      .replace(
        '</head>',
        () =>
          `${preloadLinks(preloads, pagePath, shopperId !== null)}<meta property="csp-nonce" content="${nonce}">` +
          `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptJson(config)}</script>` +
          `${answers.filter(Boolean).join('')}</head>`,
      );
    return reply.type('text/html; charset=utf-8').send(html);
  };

  const page = { helmet: { enableCSPNonces: true }, compress: compression(PAGE_QUALITY) };
  app.get('/account', page, renderIndex);
  app.all('/account/api/*', async (request) => {
    throw notFound(`No ${request.method} ${request.url.split('?')[0]}`);
  });
  app.get('/account/*', page, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    if (files.has(relative)) {
      // Vite fingerprints everything under assets/, so those names never change content.
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, options.webDist, { maxAge: immutable ? '365d' : '1h', immutable });
    }
    return renderIndex(request, reply);
  });
}
