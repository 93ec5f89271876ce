import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pruneReactRouter } from './scripts/prune-react-router.ts';
import { routePreloads } from './scripts/route-preloads.ts';
import { sharedChunk } from './scripts/shared-chunk.ts';

/** The account API server that `npm run dev` starts beside Vite. */
const apiServer = process.env.API_SERVER ?? 'http://127.0.0.1:3000';

/**
 * In development the page comes from Vite, so the site configuration the server would embed is
 * fetched from the API server and embedded here, keeping the app's startup path identical.
 */
function embedSiteConfigInDev(): Plugin {
  return {
    name: 'embed-site-config-in-dev',
    apply: 'serve',
    async transformIndexHtml(html) {
      const response = await fetch(`${apiServer}/account/api/v1/setting`);
      const json = (await response.text()).replace(/</g, '\\u003c');
      return html.replace('</head>', `<script type="application/json" id="site-config">${json}</script></head>`);
    },
  };
}

/**
 * The built page carries its icon as a data URI: the icon file was one more request at the start of
 * every cold page load, which Lighthouse counts into the largest paint (about 150 ms on its slow
 * mobile network, DESIGN §8). The file stays in public/ for the demo pages that link it.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(path.join(import.meta.dirname, 'public/favicon.svg'), 'utf8').trim();
      // Single quotes inside the double-quoted attribute; what a data URI may not hold, escaped.
      const uri = `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[<>#%\r\n]/g, encodeURIComponent)}`;
      const link = 'href="/account/favicon.svg"';
      if (!html.includes(link)) throw new Error(`inline-favicon: index.html has no ${link}`);
      return html.replace(link, `href="${uri}"`);
    },
  };
}

const shared = sharedChunk();

/**
 * The built app's CSS module class names: a short hash of the file and the class's number in it
 * (`_f0Kq2a`) instead of Vite's `_name_hash_line`. Every screen's JavaScript holds its class names
 * (styles.x), and the long form cost the overview's first screen ~0.4 KB gzipped (DESIGN §8).
 * Development keeps the readable names.
 */
function shortClassNames(): (name: string, file: string) => string {
  const files = new Map<string, { prefix: string; names: Map<string, string> }>();
  const owners = new Map<string, string>();
  return (name, file) => {
    const relative = path.relative(import.meta.dirname, file.replace(/\?.*$/, ''));
    let entry = files.get(relative);
    if (!entry) {
      const prefix = `_${createHash('sha256').update(relative).digest('base64url').slice(0, 5)}`;
      const owner = owners.get(prefix);
      if (owner) throw new Error(`CSS module class prefix ${prefix} of ${relative} is also that of ${owner}`);
      owners.set(prefix, relative);
      entry = { prefix, names: new Map() };
      files.set(relative, entry);
    }
    let scoped = entry.names.get(name);
    if (!scoped) {
      scoped = `${entry.prefix}${entry.names.size.toString(36)}`;
      entry.names.set(name, scoped);
    }
    return scoped;
  };
}

export default defineConfig(({ command }) => ({
  base: '/account/',
  plugins: [react(), embedSiteConfigInDev(), inlineFavicon(), pruneReactRouter(), routePreloads(), shared.plugin],
  resolve: {
    conditions: ['@account/source', 'module', 'browser', 'development|production'],
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  css: command === 'build' ? { modules: { generateScopedName: shortClassNames() } } : {},
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/account/api', '/sso', '/demo-idp', '/demo-shop', '/terms', '/privacy', '/cookie', '/product'].map((prefix) => [
        prefix,
        { target: apiServer, changeOrigin: false },
      ]),
    ),
  },
  build: {
    target: 'es2022',
    // No modulepreload polyfill in the first screen's script: browsers without modulepreload (Safari
    // before 17) still load every module, only without the early start.
    modulePreload: { polyfill: false },
    // Flags stay separate files, loaded when shown, instead of data URIs inside the JavaScript.
    assetsInlineLimit: (file) => (file.includes('flag-icons') ? false : undefined),
    // Maps are written for error monitoring but not referenced from the bundles; the server keeps them.
    sourcemap: 'hidden',
    // Screens load lazily; the address form (country and phone pickers with their metadata) is the
    // largest at ~92 KB gzipped. The first-screen budget of DESIGN §8 is checked by `npm run bench`.
    chunkSizeWarningLimit: 400,
    // Names every chunk with its imports (dist/.vite/manifest.json): how `npm run bench` weighs screens
    // and where route-preloads.json comes from.
    manifest: true,
    // What the screens share beyond the entry goes in one chunk, not a dozen tiny ones (scripts/shared-chunk.ts).
    rolldownOptions: { output: { codeSplitting: { groups: shared.groups } } },
  },
}));
