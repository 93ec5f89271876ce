/**
 * A build step: writes dist/.vite/route-preloads.json, which the server reads to put preload links
 * for the screen at a page's path into index.html (apps/server/src/http/spa.ts), so the screen's
 * chunk loads in parallel with the entry instead of after it has run:
 *
 *   { "routes": [{ "path": "orders/:id", "guarded": true, "files": ["assets/OrderDetailPage-x.js", ...] },
 *                { "path": "orders", "guarded": true, "files": [...], "answer": "listOrders" }],
 *     "signIn": [...the login screen's files] }
 *
 * A route is a screen of lib/sections.ts with its full path; its files are the screen's lazy chunk,
 * the chunks that one imports statically and their CSS, less what the entry already loads. The
 * screen's module comes from its lazy import in app/router.tsx. A screen without one fails the
 * build, so the table cannot silently fall behind the router. `answer` is the call the screen opens
 * with (the section's pageAnswer), which the server then answers in the page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, type ResolvedConfig, runnerImport } from 'vite';
import type * as Sections from '../src/lib/sections';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Screen id -> the module its lazy import loads, as a manifest key (src/features/x/XPage.tsx). */
function screenModules(routerSource: string): Map<string, string> {
  const key = (specifier: string) => `src/${path.posix.normalize(`app/${specifier}`)}.tsx`;
  const loaders = new Map(
    [...routerSource.matchAll(/const (\w+) = screen\(\(\) => import\('([^']+)'\)/g)].map((m) => [m[1]!, key(m[2]!)]),
  );
  const modules = new Map<string, string>();
  for (const m of routerSource.matchAll(/^\s*(\w+): (?:screen\(\(\) => import\('([^']+)'\)|(\w+),)/gm)) {
    const module = m[2] ? key(m[2]) : loaders.get(m[3]!);
    if (module) modules.set(m[1]!, module);
  }
  return modules;
}

export function routePreloads(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After the files are written: Vite's manifest is one of them.
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const closure = (key: string, files = new Set<string>()): Set<string> => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return files;
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        for (const imported of chunk.imports ?? []) closure(imported, files);
        return files;
      };
      const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
      if (!entry) throw new Error('route-preloads: the manifest has no entry');
      const loadedByEntry = closure(entry);
      const filesOf = (module: string) => [...closure(module)].filter((file) => !loadedByEntry.has(file));

      // The screen table itself, run through Vite's resolution (the contract from its sources).
      const { module: sections } = await runnerImport<typeof Sections>(path.join(config.root, 'src/lib/sections.ts'), {
        root: config.root,
        configFile: false,
        logLevel: 'error',
        resolve: { conditions: [...config.resolve.conditions], alias: config.resolve.alias },
      });
      const modules = screenModules(readFileSync(path.join(config.root, 'src/app/router.tsx'), 'utf8'));
      const moduleOf = (id: string) => {
        const module = modules.get(id);
        if (module && manifest[module]) return module;
        throw new Error(`route-preloads: no lazy chunk for screen '${id}' in router.tsx`);
      };
      const routes = [
        ...sections.SECTION_LIST.map((s) => ({
          id: s.id,
          path: s.path,
          guarded: !s.standalone,
          answer: s.pageAnswer,
        })),
        ...sections.SUB_SCREEN_LIST.map((s) => ({
          id: s.id,
          path: `${sections.SECTIONS[s.within].path}/${s.path}`,
          guarded: !('standalone' in sections.SECTIONS[s.within]),
          answer: undefined,
        })),
      ].map(({ id, path, guarded, answer }) => ({
        path,
        guarded,
        files: filesOf(moduleOf(id)),
        ...(answer && { answer }),
      }));
      // Where the account guard sends a signed-out visitor (paths.login).
      const table = { routes, signIn: filesOf(moduleOf('login')) };
      writeFileSync(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(table, null, 2)}\n`);
    },
  };
}
