/**
 * Barrier and turning-place nodes (wiki Key:barrier, Tag:highway=turning_circle) as NODE_* bits.
 * A barrier's default passability per mode comes from its type; access tags on the node
 * (the same hierarchy as on ways, access.ts) override it. shared/roads/README.md#osm-access-rules.
 */
import { modeAccess, type OsmTags } from './access';
import { NODE_BARRIER_CAR, NODE_BARRIER_TRUCK, NODE_UTURN } from './profiles';
import type { Profile } from './types';

/**
 * Barriers a car or lorry cannot pass unless the node's access tags say otherwise. Gates, lift
 * gates, toll booths, border controls, cattle grids, height restrictors (height is the way's
 * maxheight) and unlisted values are passable: a missed closure costs a detour at worst, a
 * wrongly closed one splits the network.
 */
const BLOCKING = new Set([
  'block',
  'bollard',
  'bus_trap',
  'chain',
  'cycle_barrier',
  'debris',
  'full-height_turnstile',
  'jersey_barrier',
  'kerb',
  'kissing_gate',
  'log',
  'motorcycle_barrier',
  'planter',
  'rope',
  'spikes',
  'stile',
  'sump_buster',
  'turnstile',
  'wall',
  'fence',
  'hedge',
]);

/** `kerb=*` values a wheel rolls over. */
const FLAT_KERB = new Set(['lowered', 'flush', 'no', 'rolled']);

/** Whether the mode may pass the node (true for nodes that are no barrier). */
export function barrierPassable(tags: OsmTags, profile: Profile): boolean {
  const b = tags.barrier;
  if (b === undefined || b === 'no') return true;
  const tagged = modeAccess(tags, profile);
  // destination on a gate means "to the places behind it": passing is the only way to get there
  if (tagged !== undefined) return tagged !== 'no';
  if (tags.locked === 'yes') return false;
  if (b === 'kerb') return FLAT_KERB.has(tags.kerb ?? '');
  return !BLOCKING.has(b);
}

/**
 * NODE_* bits of an OSM node. Mini-roundabouts count as turning places: driving round the
 * island is how one turns back there.
 */
export function nodeFlagsOf(tags: OsmTags): number {
  let bits = 0;
  if (!barrierPassable(tags, 'car')) bits |= NODE_BARRIER_CAR;
  if (!barrierPassable(tags, 'truck')) bits |= NODE_BARRIER_TRUCK;
  const hw = tags.highway;
  if (hw === 'turning_circle' || hw === 'turning_loop' || hw === 'mini_roundabout') bits |= NODE_UTURN;
  return bits;
}
