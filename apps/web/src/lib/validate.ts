/**
 * Client-side checks with the contract's own schemas (the server runs the same ones): the result
 * maps a field's capitalised name to the translation key of its first problem.
 */
import type { z } from 'zod';

export function problemsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const last = issue.path
      .map(String)
      .filter((part) => !/^\d+$/.test(part))
      .at(-1);
    const field = last ? last.charAt(0).toUpperCase() + last.slice(1) : 'Body';
    problems[field] ??= issue.message.startsWith('ac_') ? issue.message : 'ac_FieldInvalidMessage';
  }
  return problems;
}
