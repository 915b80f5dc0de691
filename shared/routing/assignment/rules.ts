import type { Condition } from './schemas';

// Attribute conditions of driver assignment: `attribute operator value`, compared as numbers
// when both sides are numbers, else as strings (only == and != then). A missing attribute
// satisfies no condition.

type Attributes = Record<string, string | number | boolean> | undefined;

const NUMBER = /^-?\d+(\.\d+)?$/;

export function holds(c: Condition, attributes: Attributes): boolean {
  const raw = attributes?.[c.attribute];
  if (raw === undefined) return false;
  const have = String(raw);
  const numeric = NUMBER.test(have) && NUMBER.test(c.value);
  const a = numeric ? Number(have) : have;
  const b = numeric ? Number(c.value) : c.value;
  switch (c.operator) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return numeric && a < b;
    case '<=':
      return numeric && a <= b;
    case '>':
      return numeric && a > b;
    case '>=':
      return numeric && a >= b;
  }
}

export interface Preferences {
  required_all_of_attributes?: Condition[];
  required_any_of_attributes?: Condition[];
  exclude_all_of_attributes?: Condition[];
}

/** Whether a vehicle's attributes suit an order's preferences (an exclusion applies when all its conditions hold). */
export function suits(p: Preferences | undefined, attributes: Attributes): boolean {
  if (!p) return true;
  if (p.required_all_of_attributes?.some((c) => !holds(c, attributes))) return false;
  if (p.required_any_of_attributes?.length && !p.required_any_of_attributes.some((c) => holds(c, attributes))) return false;
  const ex = p.exclude_all_of_attributes;
  return !(ex?.length && ex.every((c) => holds(c, attributes)));
}

/** The given priority raised to the highest mapping whose condition holds. */
export function priorityOf(
  own: number | undefined,
  mappings: Array<Condition & { priority: string }> | undefined,
  attributes: Attributes,
): number {
  let p = own ?? 0;
  for (const m of mappings ?? []) if (holds(m, attributes)) p = Math.max(p, Number(m.priority));
  return p;
}
