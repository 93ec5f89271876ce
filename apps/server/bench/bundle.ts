/**
 * The bundle section (DESIGN §8: the first screen ships at most 150 KB of gzipped JavaScript; each
 * screen is its own chunk). The web app is built as `npm run build -w @account/web` does, with
 * Vite's manifest, which names every chunk with its static and dynamic imports. A screen's
 * JavaScript at first load is the entry chunk (index.html), the screen's lazy chunk, and every
 * chunk these import statically, each counted once. Sizes are gzip at its default level, as Vite's
 * build report shows them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './processes.js';

const WEB = path.join(ROOT, 'apps/web');
const DIST = path.join(WEB, 'dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
const ROUTER = path.join(WEB, 'src/app/router.tsx');

/** The first screen a visitor can land on: signed out, the login page; signed in, the overview. */
export const FIRST_SCREENS = {
  login: 'src/features/login/LoginPage.tsx',
  overview: 'src/features/overview/OverviewPage.tsx',
} as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface ScreenChunk {
  /** The screen's module, as the router imports it. */
  screen: string;
  /** Its lazy chunk (null: it has none, it is bundled with something else). */
  chunk: string | null;
  /** Gzipped bytes of its own chunk, and of everything it loads beyond the entry's JavaScript. */
  ownGzip: number;
  lazyGzip: number;
  /** Other screens in the same chunk. */
  sharesChunkWith: string[];
}

export interface BundleResult {
  entry: { file: string; gzip: number; withStaticImportsGzip: number };
  /** Gzipped JavaScript at first load, per first screen. */
  firstScreens: Record<keyof typeof FIRST_SCREENS, { gzip: number; files: string[] }>;
  screens: ScreenChunk[];
  totalJsGzip: number;
}

export function buildWeb(): void {
  console.log('  npm run build -w @account/web');
  const build = spawnSync('npm', ['run', 'build', '-w', '@account/web'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
}

export function bundleSection(): BundleResult {
  if (!existsSync(MANIFEST)) throw new Error(`No Vite manifest at ${MANIFEST}: build the web app first`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
  const gzipOf = new Map<string, number>();
  const gzip = (file: string) => {
    let size = gzipOf.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(DIST, file))).length;
      gzipOf.set(file, size);
    }
    return size;
  };
  /** The chunk files a manifest key loads: itself and its static imports, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzip(file), 0);

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry');
  const entryFiles = closure(entryKey);

  const firstScreens = Object.fromEntries(
    Object.entries(FIRST_SCREENS).map(([name, screen]) => {
      const files = closure(screen, new Set(entryFiles));
      return [name, { gzip: sum(files), files: [...files] }];
    }),
  ) as BundleResult['firstScreens'];

  // The screens as the router lazy-loads them: import('../features/x/XPage').
  const router = readFileSync(ROUTER, 'utf8');
  const screenModules = [
    ...new Set([...router.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)].map((m) => `src/${m[1]}.tsx`)),
  ];
  const screens: ScreenChunk[] = screenModules.map((screen) => {
    const chunk = manifest[screen];
    const lazy = chunk?.isDynamicEntry && !entryFiles.has(chunk.file) ? chunk.file : null;
    const beyondEntry = [...closure(screen)].filter((file) => !entryFiles.has(file));
    return {
      screen,
      chunk: lazy,
      ownGzip: lazy ? gzip(lazy) : 0,
      lazyGzip: sum(beyondEntry),
      sharesChunkWith: screenModules.filter((other) => other !== screen && manifest[other]?.file === chunk?.file),
    };
  });

  const allJs = new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((file) => file.endsWith('.js')),
  );
  return {
    entry: {
      file: manifest[entryKey]!.file,
      gzip: gzip(manifest[entryKey]!.file),
      withStaticImportsGzip: sum(entryFiles),
    },
    firstScreens,
    screens,
    totalJsGzip: sum(allJs),
  };
}

export function printBundle(result: BundleResult): void {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(
    `  entry ${result.entry.file}: ${kb(result.entry.gzip)} (${kb(result.entry.withStaticImportsGzip)} with its imports)`,
  );
  for (const [name, screen] of Object.entries(result.firstScreens)) {
    console.log(`  first screen, ${name}: ${kb(screen.gzip)} gzipped JavaScript in ${screen.files.length} files`);
  }
  for (const s of result.screens) {
    const where = s.chunk
      ? `${path.basename(s.chunk)} ${kb(s.ownGzip)}, ${kb(s.lazyGzip)} beyond the entry`
      : 'no chunk of its own';
    console.log(`    ${s.screen.replace('src/features/', '').padEnd(40)} ${where}`);
  }
}
