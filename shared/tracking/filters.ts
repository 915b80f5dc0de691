import { invalid } from '../platform/errors';

// Attribute filters of list and search: include_all_of_attributes (every pair
// must match) and include_any_of_attributes (at least one pair must match).
// Pairs, not a map: `size:0|size:4` in the any-of form means either value.

export type AttributePairs = Array<[string, string]>;

export interface AttributeFilter {
  allOf?: AttributePairs;
  anyOf?: AttributePairs;
  /** Tags the asset must all carry (the deprecated `tags` / `filter` parameters). */
  tags?: string[];
}

/** Parses the query form `name:value|name:value` (the value may itself contain ':'). */
export function parseAttributePairs(text: string | undefined, field: string): AttributePairs | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const out: AttributePairs = [];
  for (const part of text.split('|')) {
    const at = part.indexOf(':');
    if (at <= 0) throw invalid(field, `must be name:value pairs separated by "|" (got "${part.slice(0, 64)}")`);
    out.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  return out;
}

export function attributeFilterFromQuery(query: {
  include_all_of_attributes?: string;
  include_any_of_attributes?: string;
  tags?: string[];
  filter?: string[];
}): AttributeFilter {
  const tags = query.tags ?? query.filter;
  return {
    allOf: parseAttributePairs(query.include_all_of_attributes, 'query.include_all_of_attributes'),
    anyOf: parseAttributePairs(query.include_any_of_attributes, 'query.include_any_of_attributes'),
    ...(tags?.length ? { tags } : {}),
  };
}

/** The body form (match_filter): objects of name to value. */
export function attributeFilterFromObjects(
  filter: { include_all_of_attributes?: Record<string, string>; include_any_of_attributes?: Record<string, string> } | undefined,
  tags?: string[],
): AttributeFilter {
  return {
    allOf: filter?.include_all_of_attributes ? Object.entries(filter.include_all_of_attributes) : undefined,
    anyOf: filter?.include_any_of_attributes ? Object.entries(filter.include_any_of_attributes) : undefined,
    ...(tags?.length ? { tags } : {}),
  };
}

export function matchesAttributes(asset: { attributes?: Record<string, string>; tags?: string[] }, filter: AttributeFilter): boolean {
  if (filter.tags && !filter.tags.every((t) => asset.tags?.includes(t))) return false;
  const a = asset.attributes ?? {};
  if (filter.allOf) for (const [k, v] of filter.allOf) if (a[k] !== v) return false;
  if (filter.anyOf && filter.anyOf.length > 0 && !filter.anyOf.some(([k, v]) => a[k] === v)) return false;
  return true;
}
