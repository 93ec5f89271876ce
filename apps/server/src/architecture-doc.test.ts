/**
 * ARCHITECTURE.md is the map of the code, and a path it names that is not there sends the reader
 * astray. Every path in inline backticks is looked up (the pictures in code blocks are not):
 * - `apps/…` and `packages/…` from the repository's root; `@/…` is the web app's alias of apps/web/src;
 * - another path with a folder (`modules/rewards/repository.ts`, `lib/queries.ts`, `test/…`) from
 *   the root of a workspace or of its src/, where the document's sections speak from;
 * - a bare file name (`services.ts`, `providers.spec.ts`): a file of that name somewhere in the repository.
 * A name without extension may be a module (`ui/Table`). Paths with a placeholder or a glob
 * (`modules/<area>/routes.ts`, `features/*\/api/**`) name no one file, and paths outside the
 * repository (`../shared/DESIGN.md`) are not the repository's to hold: neither is looked up.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKSPACE_ROOTS = [
  'apps/server',
  'apps/server/src',
  'apps/web',
  'apps/web/src',
  'packages/contract',
  'packages/contract/src',
];
const FILE_NAME = /\.(ts|tsx|mjs|json|md|css)$/;
const MODULE_EXTENSIONS = ['', '.ts', '.tsx'];
const NOT_SOURCE = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);

/** The inline code of a Markdown text, without its fenced blocks. */
function inlineCode(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').trim());
}

/** Inline code that is a path: one word of path characters, with a folder or a file extension. */
const isPath = (code: string) =>
  /^[\w.@<>*-]+(\/[\w.<>*-]*)*$/.test(code) && (code.includes('/') || FILE_NAME.test(code));
const namesOneFile = (code: string) => !/[<>*]/.test(code) && !code.startsWith('../');

/** The names of the repository's files, outside dependencies and build output. */
function fileNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    return entry.isDirectory() ? fileNames(path.join(dir, entry.name)) : [entry.name];
  });
}

function exists(named: string, files: ReadonlySet<string>): boolean {
  if (!named.includes('/')) return files.has(named);
  const relative = named.replace(/^@\//, 'apps/web/src/').replace(/\/$/, '');
  const roots = /^(apps|packages)\//.test(relative) ? [''] : WORKSPACE_ROOTS;
  return roots.some((root) => MODULE_EXTENSIONS.some((ext) => existsSync(path.join(ROOT, root, relative + ext))));
}

describe('ARCHITECTURE.md names only paths that exist', () => {
  const named = [...new Set(inlineCode(readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8')))]
    .filter(isPath)
    .filter(namesOneFile);

  it('every path it names in backticks is a file or folder of the repository', () => {
    const files = new Set(fileNames(ROOT));
    // A reading that found no paths would pass whatever the document says.
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((name) => !exists(name, files))).toEqual([]);
  });
});
