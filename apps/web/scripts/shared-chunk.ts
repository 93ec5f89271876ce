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
 * 2. the shared chunk: modules of the paths below that the entry does not load, used by two or more
 *    chunks, and whose imports are all in the entry or in the shared chunk too. A component that
 *    needs a large library of its own (the pickers: React Aria, libphonenumber) thus stays with the
 *    screens that use it, and no screen loads that library by way of the shared chunk.
 * The plugin checks the result: the entry must not import the shared chunk.
 */
import type { Plugin, Rolldown } from 'vite';

const SHARED =
  /[\\/]src[\\/](ui|lib)[\\/]|[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/](date-fns|@tanstack)[\\/]/;
const NAME = 'shared';

export function sharedChunk(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const inEntry = new Set<string>();
  const candidates = new Set<string>();
  let members: Set<string> | null = null;

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
      }
      return members.has(id) ? NAME : null;
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
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const sharedFiles = new Set(chunks.filter((chunk) => chunk.name === NAME).map((chunk) => chunk.fileName));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (entry?.imports.some((file) => sharedFiles.has(file))) {
        throw new Error('shared-chunk: the entry imports the shared chunk, so every first screen would load it');
      }
    },
  };
  return { plugin, groups: [noteEntry, shared] };
}
