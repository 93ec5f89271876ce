/**
 * Serves the built web app under /account: static files from the Vite build, and index.html for
 * every client route with the site configuration embedded (spec §2 Shell: read from a page
 * element, not fetched). Unknown /account/api paths stay JSON 404s.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '@account/contract';
import type {} from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';

export const SITE_CONFIG_ELEMENT_ID = 'site-config';

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
  siteConfig(request: FastifyRequest): Promise<SiteConfig>;
}

export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const indexFile = path.join(options.webDist, 'index.html');
  let template: string | null = null;
  let files = new Set<string>();
  try {
    template = readFileSync(indexFile, 'utf8');
    // The build's manifest (.vite/) and source maps are for tools (the bench, error monitoring),
    // not for browsers: the maps would hand out the app's sources.
    const forTools = (f: string) => f.startsWith('.vite/') || f.endsWith('.map');
    files = new Set(listFiles(options.webDist).filter((f) => f !== 'index.html' && !forTools(f)));
  } catch {
    app.log.warn(`No web build at ${options.webDist}: run 'npm run build' (or 'npm run dev' for development)`);
  }
  // The build wrote .br and .gz copies of the text assets; a browser that accepts one gets it.
  if (template) await app.register(fastifyStatic, { root: options.webDist, serve: false, preCompressed: true });

  const renderIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!template) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send("The account web app is not built yet. Run 'npm run build', then start the server again.");
    }
    const config = await options.siteConfig(request);
    // React Aria adds one small style element at run time; the per-response nonce lets it past the CSP.
    const nonce = reply.cspNonce?.style ?? '';
    const html = template
      .replace(/<html lang="[^"]*"/, `<html lang="${config.currentLanguage.replace(/[^a-zA-Z-]/g, '')}"`)
      .replace(
        '</head>',
        `<meta property="csp-nonce" content="${nonce}"><script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptJson(config)}</script></head>`,
      );
    return reply.type('text/html; charset=utf-8').send(html);
  };

  const withNonces = { helmet: { enableCSPNonces: true } };
  app.get('/account', withNonces, renderIndex);
  app.all('/account/api/*', async (request) => {
    throw notFound(`No ${request.method} ${request.url.split('?')[0]}`);
  });
  app.get('/account/*', withNonces, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    if (files.has(relative)) {
      // Vite fingerprints everything under assets/, so those names never change content.
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, options.webDist, { maxAge: immutable ? '365d' : '1h', immutable });
    }
    return renderIndex(request, reply);
  });
}
