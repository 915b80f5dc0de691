/**
 * What an OSM `type=restriction` relation says, per profile (wiki Relation:restriction,
 * Conditional restrictions): which restriction applies to cars and to lorries, with its
 * `restriction:conditional` condition, and which modes `except=*` exempts.
 */
import type { OsmTags } from './access';
import { RESTRICT_CAR, RESTRICT_ONLY, RESTRICT_TRUCK } from './profiles';
import type { Profile } from './types';

export const RESTRICTION_VALUES = new Set([
  'no_left_turn',
  'no_right_turn',
  'no_straight_on',
  'no_u_turn',
  'no_entry',
  'no_exit',
  'only_left_turn',
  'only_right_turn',
  'only_straight_on',
  'only_u_turn',
]);

/** One restriction to add: its value (`no_left_turn`, ...), RESTRICT_* bits and condition if any. */
export interface RestrictionRule {
  value: string;
  kind: number;
  condition?: string;
}

/** restriction keys per profile, the profile's own first; the mode hierarchy of access.ts. */
const KEYS: Record<Profile, string[]> = {
  car: ['restriction:motorcar', 'restriction:motor_vehicle', 'restriction:vehicle', 'restriction'],
  truck: ['restriction:hgv', 'restriction:motor_vehicle', 'restriction:vehicle', 'restriction'],
};

/** `except=*` values that exempt the profile. */
const EXEMPT: Record<Profile, string[]> = {
  car: ['motorcar', 'motor_vehicle', 'vehicle'],
  truck: ['hgv', 'motor_vehicle', 'vehicle'],
};

const MODE_BIT: Record<Profile, number> = { car: RESTRICT_CAR, truck: RESTRICT_TRUCK };

/** `no_left_turn @ (Mo-Fr 07:00-09:00); no_right_turn @ Sa`: the parts, split on `;` outside parentheses. */
export function parseConditional(v: string): Array<{ value: string; condition: string }> {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      parts.push(v.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(v.slice(from));
  const out: Array<{ value: string; condition: string }> = [];
  for (const p of parts) {
    const at = p.indexOf('@');
    if (at < 0) continue;
    const condition = p
      .slice(at + 1)
      .trim()
      .replace(/^\((.*)\)$/s, '$1')
      .trim();
    out.push({ value: p.slice(0, at).trim(), condition });
  }
  return out;
}

/**
 * The rules of a relation, grouped so that a value shared by both profiles is one restriction
 * with both bits. Conditional parts are rules of their own. `except` exempts a profile only from
 * keys less specific than its own (a `restriction:hgv` names lorries whatever `except` says).
 */
export function restrictionRules(tags: OsmTags): RestrictionRule[] {
  // the deprecated `type=restriction:hgv` form puts the lorry restriction in plain `restriction`
  const t = tags.type === 'restriction:hgv' ? { ...tags, 'restriction:hgv': tags.restriction, restriction: undefined } : tags;
  const except = new Set((t.except ?? '').split(';').map((s) => s.trim()));
  const rules = new Map<string, RestrictionRule>();
  const add = (value: string, profile: Profile, condition?: string) => {
    const key = `${value}@${condition ?? ''}`;
    const r = rules.get(key) ?? { value, kind: value.startsWith('only_') ? RESTRICT_ONLY : 0, condition };
    r.kind |= MODE_BIT[profile];
    rules.set(key, r);
  };
  for (const profile of ['car', 'truck'] as const) {
    const exempt = EXEMPT[profile].some((m) => except.has(m));
    const plain = pick(t, KEYS[profile], exempt, '');
    if (plain !== undefined) add(plain, profile);
    const cond = pick(t, KEYS[profile], exempt, ':conditional');
    if (cond !== undefined) for (const c of parseConditional(cond)) add(c.value, profile, c.condition);
  }
  return [...rules.values()];
}

function pick(tags: OsmTags, keys: string[], exempt: boolean, suffix: string): string | undefined {
  for (let i = 0; i < keys.length; i++) {
    const v = tags[keys[i] + suffix];
    if (v === undefined) continue;
    return i > 0 && exempt ? undefined : v.trim();
  }
  return undefined;
}
