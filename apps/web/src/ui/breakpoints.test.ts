import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

/** The breakpoints listed once, in global.css's §9 Layout comment. */
function listedBreakpoints(): number[] {
  const css = readFileSync(path.join(SRC, 'ui/global.css'), 'utf8');
  const block = css.match(/§9 Layout: content width[\s\S]*?\*\//)?.[0] ?? '';
  return [...block.matchAll(/^\s*\*\s+(\d+)px\s/gm)].map((m) => Number(m[1]));
}

/** Every width a @media rule of the app's stylesheets uses, with the file it is in. */
function mediaWidths(): { file: string; width: number }[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
  return files.flatMap((file) => {
    const css = readFileSync(path.join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return [...css.matchAll(/@media[^{]*/g)].flatMap((media) =>
      [...media[0].matchAll(/(\d+)px/g)].map((m) => ({ file, width: Number(m[1]) })),
    );
  });
}

describe('§9 Layout: the breakpoints are 919, 639, 579, 549 and 479 px', () => {
  it('§9 Layout: global.css lists exactly the breakpoints of the spec', () => {
    expect(listedBreakpoints()).toEqual([919, 639, 579, 549, 479]);
  });

  it('§9 Layout: every @media rule uses a listed breakpoint, and every breakpoint is used', () => {
    const listed = listedBreakpoints();
    const used = mediaWidths();
    expect(used.filter((u) => !listed.includes(u.width))).toEqual([]);
    expect(listed.filter((width) => !used.some((u) => u.width === width))).toEqual([]);
  });
});
