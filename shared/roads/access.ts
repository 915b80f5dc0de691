/**
 * OSM access semantics (wiki Key:access, Key:oneway, Tag:access=destination) for the two
 * profiles, pure functions of a tag map. The table in shared/roads/README.md#osm-access-rules
 * is the reference; where the reading differs from common routers it says so there.
 */
import type { Profile } from './types';

export type OsmTags = Record<string, string | undefined>;

/** What a mode may do on a way in one direction (or at a node): pass, not, or only to start or end there. */
export type Access = 'yes' | 'no' | 'dest';

export type Direction = 'forward' | 'backward';

/**
 * The transport-mode keys of each profile, least specific first. The truck is an `hgv`: the wiki
 * puts `goods` (vans up to 3.5 t) beside `hgv` under `motor_vehicle`, not above it, so a
 * `goods=no` says nothing about lorries.
 */
export const MODE_KEYS: Record<Profile, readonly string[]> = {
  car: ['access', 'vehicle', 'motor_vehicle', 'motorcar'],
  truck: ['access', 'vehicle', 'motor_vehicle', 'hgv'],
};

const ALLOW = new Set(['yes', 'designated', 'permissive', 'official', 'discouraged']);
/** Allowed only to reach or leave a place on the road: the route may start or end there, not pass. */
const DEST = new Set(['destination', 'delivery', 'customers']);
const DENY = new Set([
  'no',
  'private',
  'permit',
  'agricultural',
  'forestry',
  'emergency',
  'military',
  'psv',
  'bus',
  'use_sidepath',
  'delivery_no',
]);

/** One tag value read as access, undefined for values we cannot read (a less specific key decides then). */
export function accessValue(v: string | undefined): Access | undefined {
  if (v === undefined) return undefined;
  // `destination;delivery`, `yes;private` ...: the most permissive reading of a list would let a lorry
  // through a private road, so the first readable value wins, as mappers usually write the main one first
  for (const part of v.split(';')) {
    const s = part.trim().toLowerCase();
    if (ALLOW.has(s)) return 'yes';
    if (DEST.has(s)) return 'dest';
    if (DENY.has(s)) return 'no';
  }
  return undefined;
}

/**
 * Access of a mode from its keys, most specific first; in one key `key:forward` / `key:backward`
 * (when a direction is given) before the plain key. Undefined when nothing readable is tagged.
 */
export function modeAccess(tags: OsmTags, profile: Profile, dir?: Direction): Access | undefined {
  const keys = MODE_KEYS[profile];
  for (let i = keys.length - 1; i >= 0; i--) {
    if (dir) {
      const d = accessValue(tags[`${keys[i]}:${dir}`]);
      if (d !== undefined) return d;
    }
    const a = accessValue(tags[keys[i]]);
    if (a !== undefined) return a;
  }
  return undefined;
}

const ONEWAY_KEYS: Record<Profile, readonly string[]> = {
  car: ['oneway:motorcar', 'oneway:motor_vehicle', 'oneway:vehicle', 'oneway'],
  truck: ['oneway:hgv', 'oneway:motor_vehicle', 'oneway:vehicle', 'oneway'],
};

/** 1 forward only, -1 backward only, 0 both, 'closed' for `reversible` (its direction depends on the hour). */
export type Oneway = 0 | 1 | -1 | 'closed';

/** Oneway for a mode: the most specific `oneway[:mode]` key, else what the road type implies. */
export function onewayOf(tags: OsmTags, profile: Profile): Oneway {
  for (const k of ONEWAY_KEYS[profile]) {
    const v = tags[k]?.trim().toLowerCase();
    if (v === undefined) continue;
    if (v === 'yes' || v === '1' || v === 'true') return 1;
    if (v === '-1' || v === 'reverse') return -1;
    if (v === 'no' || v === 'false' || v === '0' || v === 'alternating') return 0;
    if (v === 'reversible') return 'closed';
  }
  // motorway_link is not implied: the wiki leaves it to the country, and mappers tag it where it matters
  if (tags.junction === 'roundabout' || tags.junction === 'circular' || tags.highway === 'motorway') return 1;
  return 0;
}

/**
 * Per direction (forward = the way's node order) what the mode may do, given the access the
 * road type has for it when nothing is tagged (`yes` for roads, `no` for ferries).
 */
export function directedAccess(tags: OsmTags, profile: Profile, fallback: Access): [Access, Access] {
  const ow = onewayOf(tags, profile);
  const fwd = modeAccess(tags, profile, 'forward') ?? fallback;
  const bwd = modeAccess(tags, profile, 'backward') ?? fallback;
  if (ow === 'closed') return ['no', 'no'];
  return [ow === -1 ? 'no' : fwd, ow === 1 ? 'no' : bwd];
}

/**
 * `tunnel=*` other than `no`: `yes`, `building_passage`, `avalanche_protector`, ... all put the
 * road under a structure (tunnel rules, height). `culvert` is a waterway under the road, not a
 * road in a tunnel.
 */
export function isTunnel(tags: OsmTags): boolean {
  const t = tags.tunnel;
  return t !== undefined && t !== 'no' && t !== 'culvert';
}
