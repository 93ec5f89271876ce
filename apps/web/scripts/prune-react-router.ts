/**
 * A build step: lets the parts of React Router the app does not use drop out of the bundle. Its ES
 * build creates components with `React.forwardRef(...)`, not marked pure, and names components and
 * contexts with top-level `X.displayName = "..."` statements; a bundler keeps both as possible side
 * effects. So Link, NavLink, Form, ScrollRestoration and all they use stayed in the entry although
 * the app renders none of them: ~4.5 KB of the first screen's gzipped JavaScript (DESIGN §8).
 *
 * This marks those forwardRef calls pure and blanks the displayName statements (names only React
 * DevTools shows). Blanking keeps every character in place; the pure marks shift the rest of their
 * three lines, which the source maps ignore (map: null). Should a later React Router build be shaped
 * differently, nothing breaks: the bundle is only larger again, which `npm run bench` reports.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/;
const DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;
const FORWARD_REF = /(?<!__PURE__ \*\/ )\bReact\d*\.forwardRef\(/g;

export function pruneReactRouter(): Plugin {
  return {
    name: 'prune-react-router',
    apply: 'build',
    // React Router's package exports only its development build, whose dev warnings stay on; the
    // production build beside it differs only in having them off.
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: path.join(
              path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
              'dist/production/index.mjs',
            ),
          },
        ],
      },
    }),
    transform: {
      filter: { id: ROUTER_BUILD },
      handler(code) {
        const pruned = code
          .replace(DISPLAY_NAME, (statement) => ' '.repeat(statement.length))
          .replace(FORWARD_REF, (call) => `/* @__PURE__ */ ${call}`);
        return pruned === code ? null : { code: pruned, map: null };
      },
    },
  };
}
