/** What a reliability run did and which of its rules held: printed, and asserted by the Vitest test. */

export interface Rule {
  name: string;
  passed: boolean;
  /** The numbers behind the verdict, or what went wrong (the first few offenders). */
  detail: string;
}

export interface Report {
  title: string;
  /** What was done: counts and timings, in the order they are printed. */
  facts: [string, string | number][];
  rules: Rule[];
}

export const rule = (name: string, passed: boolean, detail: string): Rule => ({ name, passed, detail });

export const failures = (report: Report): Rule[] => report.rules.filter((r) => !r.passed);

export function printReport(report: Report): void {
  const lines = [`\n== ${report.title} ==`];
  const width = maximum(report.facts.map(([label]) => label.length));
  for (const [label, value] of report.facts) lines.push(`  ${label.padEnd(width)}  ${value}`);
  lines.push('');
  for (const r of report.rules)
    lines.push(`  ${r.passed ? 'PASS' : 'FAIL'}  ${r.name}${r.detail ? `: ${r.detail}` : ''}`);
  const failed = failures(report).length;
  lines.push('', `  ${failed === 0 ? 'all rules held' : `${failed} of ${report.rules.length} rules failed`}`);
  console.log(lines.join('\n'));
}

/** At most `count` items, for a failure's detail. */
export const firstFew = (items: readonly unknown[], count = 3): string =>
  `${items
    .slice(0, count)
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    .join('; ')}${items.length > count ? ` (+${items.length - count} more)` : ''}`;

/** The largest value, 0 for none; without spreading, which overflows the stack for long runs. */
export const maximum = (values: readonly number[]): number => values.reduce((max, v) => (v > max ? v : max), 0);

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
