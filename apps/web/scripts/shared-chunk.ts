/**
 * A build step: how the web app's code is cut into chunks.
 *
 * The entry is one file. Left to itself Rolldown splits modules the entry shares with the screens
 * (React, the i18n and query helpers) into chunks of their own, so every first screen waited on three
 * files where one does, and paid each file's import and export lists (~0.9 KB gzipped).
 *
 * One chunk holds the code the screens share beyond what the entry loads (the design system, lib
 * helpers, contract rules, date-fns and the TanStack Query parts the entry does not use). Left to
 * itself Rolldown cuts that code by the set of screens using each module, into a dozen chunks of a
 * few hundred bytes (Button, PageHeader, money, rules...): the overview's first screen waited on
 * about twenty files, and over HTTP/1.1 a browser fetches six at a time.
 *
 * Two code-splitting groups, which Rolldown runs in order:
 * 1. the entry: what it loads (Rolldown's `$initial` tag: what the entry imports and uses, so a
 *    barrel's unused exports do not count), all in the entry's chunk;
 * 2. the shared chunks: modules of the paths below that the entry does not load and the login page
 *    does not use (the signed-out first screen loads no shared chunk), used by two or more chunks,
 *    and whose imports are all in the entry or in the shared chunks too. A component that
 *    needs a large library of its own (the pickers: React Aria, libphonenumber) thus stays with the
 *    screens that use it, and no screen loads that library by way of a shared chunk. An import of a
 *    package's index (`@account/contract`, `date-fns`, `@tanstack/react-query`) counts as the
 *    modules behind it that provide the names imported, not as the whole package. Those the overview
 *    uses go in `shared`; those two or more other screens use (inline confirmations, tables, form
 *    hooks) in `shared-later`, so the signed-in first screen does not load them (~1 KB gzipped); what
 *    only popups loaded on request share (the code entry) is left to Rolldown, so no screen loads it.
 * The plugin checks the result: the entry imports no other chunk, `shared` imports only the entry and
 * `shared-later` only those two.
 */
import type { Plugin, Rolldown } from 'vite';

const SHARED =
  /[\\/]src[\\/](ui|lib)[\\/]|[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/](date-fns|@tanstack)[\\/]/;
const ENTRY = 'index';
const NAME = 'shared';
const LATER = 'shared-later';
/** The signed-in first screen (DESIGN §8's budget): NAME holds only shared code that it uses. */
const FIRST_SCREEN = /[\\/]src[\\/]features[\\/]overview[\\/]OverviewPage\.tsx$/;
/** The signed-out first screen: the shared chunks hold nothing it uses, so it loads neither. */
const SIGNED_OUT_SCREEN = /[\\/]src[\\/]features[\\/]login[\\/]LoginPage\.tsx$/;

/** Comments and the statements a package index consists of: imports, and exports of what it imported. */
const INDEX_STATEMENTS =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|\bimport\s*\{[^}]*\}\s*from\s*["'][^"']+["'];?|\bexport\s*(?:\*|\{[^}]*\})(?:\s*from\s*["'][^"']+["'])?;?/g;
/** The names a module imports: `import { a, b as c } from '...'`, `export { d } from '...'`. */
const NAMED_IMPORT = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*["']/g;

export function sharedChunk(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const inEntry = new Set<string>();
  const candidates = new Set<string>();
  /** Every module in the bundle beyond the entry (what tree-shaking removed whole is not). */
  const bundled = new Set<string>();
  /** The shared chunk of each module in one, chosen at the first name. */
  let chunkOf: Map<string, string> | null = null;

  const entry: Rolldown.CodeSplittingGroup = {
    name: (id) => {
      inEntry.add(id);
      return ENTRY;
    },
    tags: ['$initial'],
    priority: 2,
  };
  const shared: Rolldown.CodeSplittingGroup = {
    // Rolldown calls test for every bundled module the entry does not hold, before the first name.
    test: (id) => {
      bundled.add(id);
      const candidate = SHARED.test(id) && !inEntry.has(id);
      if (candidate) candidates.add(id);
      return candidate;
    },
    name: (id, context) => {
      chunkOf ??= choose(context);
      return chunkOf.get(id) ?? null;
    },
    // Only what two or more chunks use; a screen's own helpers stay in its chunk.
    minShareCount: 2,
    // The members' imports are in the entry or among them (see above).
    includeDependenciesRecursively: false,
    priority: 1,
  };

  function choose(context: Rolldown.ChunkingContext): Map<string, string> {
    const dependencies = dependenciesIn(context, (id) => inEntry.has(id) || bundled.has(id));
    // What each screen (a lazy import of the entry's router) reaches by static imports.
    const reach = (screen: string) => {
      const reached = new Set<string>();
      const visit = (module: string) => {
        if (reached.has(module)) return;
        reached.add(module);
        for (const imported of dependencies(module)) visit(imported);
      };
      visit(screen);
      return reached;
    };
    const screens = new Set(
      [...inEntry].flatMap((module) => context.getModuleInfo(module)?.dynamicallyImportedIds ?? []),
    );
    const screen = (pattern: RegExp) => {
      const found = [...screens].find((module) => pattern.test(module));
      if (!found) throw new Error(`shared-chunk: the entry does not lazy-load ${pattern}`);
      return reach(found);
    };
    const firstScreen = screen(FIRST_SCREEN);
    const signedOut = screen(SIGNED_OUT_SCREEN);
    const chosen = new Set([...candidates].filter((module) => !signedOut.has(module)));
    // Drop candidates that import something outside the entry and the chunk, until none do.
    let dropped = true;
    while (dropped) {
      dropped = false;
      for (const module of chosen) {
        if (dependencies(module).some((imported) => !inEntry.has(imported) && !chosen.has(imported))) {
          chosen.delete(module);
          dropped = true;
        }
      }
    }
    const screensUsing = new Map<string, number>();
    for (const screen of screens) {
      for (const module of reach(screen)) screensUsing.set(module, (screensUsing.get(module) ?? 0) + 1);
    }
    const chunks = new Map<string, string>();
    for (const module of chosen) {
      if (firstScreen.has(module)) chunks.set(module, NAME);
      else if ((screensUsing.get(module) ?? 0) >= 2) chunks.set(module, LATER);
    }
    return chunks;
  }

  const plugin: Plugin = {
    name: 'shared-chunk',
    apply: 'build',
    // A new build (watch mode) chooses afresh.
    buildStart() {
      inEntry.clear();
      candidates.clear();
      bundled.clear();
      chunkOf = null;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const files = (name: string) => chunks.filter((chunk) => chunk.name === name).map((chunk) => chunk.fileName);
      const entryChunk = chunks.find((chunk) => chunk.isEntry);
      if (!entryChunk) throw new Error('shared-chunk: no entry chunk');
      // What each may import: a shared chunk that imported a screen's chunk would load it on every screen.
      const allowed: [files: string[], imports: Set<string>][] = [
        [[entryChunk.fileName], new Set()],
        [files(NAME), new Set([entryChunk.fileName])],
        [files(LATER), new Set([entryChunk.fileName, ...files(NAME)])],
      ];
      for (const [owners, imports] of allowed) {
        for (const owner of owners) {
          const wrong = (bundle[owner] as Rolldown.OutputChunk).imports.filter((file) => !imports.has(file));
          if (wrong.length > 0) throw new Error(`shared-chunk: ${owner} imports ${wrong.join(', ')}`);
        }
      }
    },
  };
  return { plugin, groups: [entry, shared] };
}

/**
 * A module's static dependencies as the bundle sees them: the bundled modules it imports. An import
 * of a package's index stands for the modules behind it that export the names imported: lib/money.ts
 * imports formatMoney from `@account/contract`, whose index also leads to the zod schemas, which
 * money.ts does not use. A module the bundle dropped whole (tree-shaken, or an index of another
 * shape) stands for everything it imports. (Names only: a namespace import of an index, which the
 * app does not use, is not followed; the check in generateBundle would fail the build.)
 */
function dependenciesIn(
  context: Rolldown.ChunkingContext,
  isBundled: (id: string) => boolean,
): (module: string) => string[] {
  const info = (id: string) => context.getModuleInfo(id);
  const isIndex = (id: string) => {
    const code = info(id)?.code;
    return code != null && code.replace(INDEX_STATEMENTS, '').trim() === '';
  };
  /** What an import of `id` for `names` (null: whatever it exports) brings into the bundle. */
  const resolve = (id: string, names: Set<string> | null, seen: Set<string>): string[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    if (isIndex(id)) {
      return (info(id)?.importedIds ?? [])
        .filter(
          (behind) =>
            isIndex(behind) || names === null || (info(behind)?.exports ?? []).some((n) => n === '*' || names.has(n)),
        )
        .flatMap((behind) => resolve(behind, names, seen));
    }
    if (isBundled(id)) return [id];
    return (info(id)?.importedIds ?? []).flatMap((imported) => resolve(imported, null, seen));
  };
  const cache = new Map<string, string[]>();
  return (module) => {
    let found = cache.get(module);
    if (!found) {
      const code = info(module)?.code ?? '';
      const names = new Set(
        [...code.matchAll(NAMED_IMPORT)].flatMap((m) =>
          m[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!),
        ),
      );
      const seen = new Set([module]);
      found = (info(module)?.importedIds ?? []).flatMap((id) => resolve(id, names, seen));
      cache.set(module, found);
    }
    return found;
  };
}
