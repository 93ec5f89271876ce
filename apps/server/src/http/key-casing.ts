/**
 * Request bodies arrive with capitalised keys (spec §7: {InterestIds}); the contract's schemas are
 * camelCase. Keys are matched to the schema's own keys case-insensitively, recursively, before
 * validation. Unknown keys are left as they are for the schema to judge.
 */
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shapes a schema may describe, looking through optional, default, pipe and union. */
function shapesOf(schema: z.ZodType, depth = 0): Record<string, z.ZodType>[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.shape ? [def.shape] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return def.innerType ? shapesOf(def.innerType, depth + 1) : [];
    case 'pipe':
      return def.in ? shapesOf(def.in, depth + 1) : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => shapesOf(option, depth + 1));
    default:
      return [];
  }
}

function elementOf(schema: z.ZodType, depth = 0): z.ZodType | undefined {
  if (depth > 20) return undefined;
  const def = defOf(schema);
  if (def.type === 'array') return def.element;
  const inner = def.innerType ?? def.in;
  return inner ? elementOf(inner, depth + 1) : undefined;
}

export function normalizeKeys(schema: z.ZodType, data: unknown): unknown {
  if (Array.isArray(data)) {
    const element = elementOf(schema);
    return element ? data.map((item) => normalizeKeys(element, item)) : data;
  }
  if (data === null || typeof data !== 'object') return data;
  const shapes = shapesOf(schema);
  if (shapes.length === 0) return data;
  const byLower = new Map<string, [string, z.ZodType]>();
  for (const shape of shapes) {
    for (const [key, child] of Object.entries(shape)) byLower.set(key.toLowerCase(), [key, child]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const match = byLower.get(key.toLowerCase()) ?? byLower.get(key.replace(/_/g, '').toLowerCase());
    if (match) out[match[0]] = normalizeKeys(match[1], value);
    else out[key] = value;
  }
  return out;
}
