import type { z } from 'zod';

// Which keys of a parsed value its schema does not declare. The schema's objects must be loose
// (z.looseObject) so those keys survive parsing; a feature then decides whether to refuse or
// warn about them instead of losing them without a word.

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

const member = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

function walk(schema: z.ZodType, value: unknown, path: string, out: string[]): void {
  if (value === null || typeof value !== 'object') return;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return walk(def.innerType, value, path, out);
  switch (def.type) {
    case 'pipe':
      return walk(def.in!, value, path, out);
    case 'lazy':
      return walk(def.getter!(), value, path, out);
    case 'union': {
      const match = def.options!.find((option) => option.safeParse(value).success);
      if (match) walk(match, value, path, out);
      return;
    }
    case 'array':
      if (Array.isArray(value)) value.forEach((item, i) => walk(def.element!, item, `${path}[${i}]`, out));
      return;
    case 'tuple':
      if (!Array.isArray(value)) return;
      value.forEach((item, i) => {
        const itemSchema = def.items![i] ?? def.rest;
        if (itemSchema) walk(itemSchema, item, `${path}[${i}]`, out);
      });
      return;
    case 'record':
      for (const [key, item] of Object.entries(value)) walk(def.valueType!, item, member(path, key), out);
      return;
    case 'object':
      for (const [key, item] of Object.entries(value)) {
        const at = member(path, key);
        const declared = def.shape![key];
        if (declared) walk(declared, item, at, out);
        else if (item !== undefined) out.push(at);
      }
  }
}

/** Paths ("jobs[3].revenue") of the object keys in `value` that `schema` does not declare. */
export function unknownFields(schema: z.ZodType, value: unknown): string[] {
  const out: string[] = [];
  walk(schema, value, '', out);
  return out;
}
