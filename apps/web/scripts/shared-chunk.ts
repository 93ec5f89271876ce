/**
 * A build step: one chunk for the code the screens share beyond what the entry loads (the design
 * system, lib helpers, contract rules, date-fns and the TanStack Query parts the entry does not
 * use). Left to itself Rolldown cuts that code by the set of screens using each module, into a dozen
 * chunks of a few hundred bytes (Button, PageHeader, money, rules...): the overview's first screen
 * waited on about twenty files, and over HTTP/1.1 a browser fetches six at a time.
 *
 * Two code-splitting groups, which Rolldown runs in order:
 * 1. takes nothing, only notes what the entry loads (Rolldown's `$initial` tag: what the entry
 *    imports and uses, so a barrel's unused exports do not count);
 * 2. the shared chunks: modules of the paths below that the entry does not load, used by two or more
 *    chunks, and whose imports are all in the entry or in the shared chunks too. A component that
 *    needs a large library of its own (the pickers: React Aria, libphonenumber) thus stays with the
 *    screens that use it, and no screen loads that library by way of a shared chunk. Those the
 *    overview uses go in `shared`, the others (inline confirmations, tables, form hooks) in
 *    `shared-later`, so the signed-in first screen does not load them (~1 KB gzipped).
 * The plugin checks the result: the entry must not import a shared chunk.
 */
import type { Plugin, Rolldown } from 'vite';

const SHARED =
  /[\\/]src[\\/](ui|lib)[\\/]|[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/](date-fns|@tanstack)[\\/]/;
const NAME = 'shared';
const LATER = 'shared-later';
/** The signed-in first screen (DESIGN §8's budget): NAME holds only shared code that it uses. */
const FIRST_SCREEN = /[\\/]src[\\/]features[\\/]overview[\\/]OverviewPage\.tsx$/;

export function sharedChunk(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const inEntry = new Set<string>();
  const candidates = new Set<string>();
  let members: Set<string> | null = null;
  let firstScreen: Set<string> | null = null;

  const noteEntry: Rolldown.CodeSplittingGroup = {
    name: (id) => {
      inEntry.add(id);
      return null;
    },
    tags: ['$initial'],
    priority: 2,
  };
  const shared: Rolldown.CodeSplittingGroup = {
    // Rolldown calls test for every module before the first name.
    test: (id) => {
      const candidate = SHARED.test(id) && !inEntry.has(id);
      if (candidate) candidates.add(id);
      return candidate;
    },
    name: (id, context) => {
      if (!members) {
        const chosen = new Set(candidates);
        const importsOf = (module: string) => context.getModuleInfo(module)?.importedIds ?? [];
        // Drop candidates that import something outside the entry and the chunk, until none do.
        let dropped = true;
        while (dropped) {
          dropped = false;
          for (const module of chosen) {
            if (importsOf(module).some((imported) => !inEntry.has(imported) && !chosen.has(imported))) {
              chosen.delete(module);
              dropped = true;
            }
          }
        }
        members = chosen;
        // What the first screen reaches by static imports, starting from its lazy import.
        const reached = new Set<string>();
        const visit = (module: string) => {
          if (reached.has(module)) return;
          reached.add(module);
          for (const imported of importsOf(module)) visit(imported);
        };
        const lazyImports = [...inEntry].flatMap(
          (module) => context.getModuleInfo(module)?.dynamicallyImportedIds ?? [],
        );
        for (const module of lazyImports) if (FIRST_SCREEN.test(module)) visit(module);
        if (reached.size === 0) throw new Error('shared-chunk: the entry does not lazy-load the first screen');
        firstScreen = reached;
      }
      if (!members.has(id)) return null;
      return firstScreen?.has(id) ? NAME : LATER;
    },
    // Only what two or more chunks use; a screen's own helpers stay in its chunk.
    minShareCount: 2,
    // The members' imports are in the entry or among them (see above).
    includeDependenciesRecursively: false,
    priority: 1,
  };

  const plugin: Plugin = {
    name: 'shared-chunk',
    apply: 'build',
    // A new build (watch mode) chooses afresh.
    buildStart() {
      inEntry.clear();
      candidates.clear();
      members = null;
      firstScreen = null;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const sharedFiles = new Set(
        chunks.filter((chunk) => chunk.name === NAME || chunk.name === LATER).map((chunk) => chunk.fileName),
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (entry?.imports.some((file) => sharedFiles.has(file))) {
        throw new Error('shared-chunk: the entry imports the shared chunk, so every first screen would load it');
      }
    },
  };
  return { plugin, groups: [noteEntry, shared] };
}
