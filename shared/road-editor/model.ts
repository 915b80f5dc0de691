import { conditionHolds } from '../roads/conditions';
import type { LatLonTuple, Profile, RoadEdit, TruckSpec } from '../roads/types';

// The road editor's restrictions: a space's own closures, speeds, truck limits and turn bans on
// a loaded network (its `area`). A restriction is stored as the caller gave it plus `where`, its
// place in map terms (node positions, polygon), resolved once at write time, so that the engine
// can match it again to a re-imported network without the caller's node numbers.

export const RESTRICTION_TYPES = ['closure', 'maxspeed', 'fixedspeed', 'parking', 'turn', 'truck'] as const;
export type RestrictionType = (typeof RESTRICTION_TYPES)[number];
export const MODES = ['0w', '1w', '2w', '3w', '4w', '6w'] as const;
export type Mode = (typeof MODES)[number];
export type Direction = 'forward' | 'backward' | 'both';
export type State = 'enabled' | 'disabled' | 'deleted';

/** Limits of one space and one restriction (docs/api/road-editor.md#limits). */
export const LIMITS = {
  restrictionsPerSpace: 1000,
  segments: 100,
  turns: 100,
  trackPoints: 500,
  geofenceVertices: 1000,
} as const;

/** Where a restriction lies, in the engine's map terms (RoadEdit). */
export interface Placement {
  chains?: LatLonTuple[][];
  area?: Array<Array<[number, number]>>;
  turns?: Array<[LatLonTuple, LatLonTuple, LatLonTuple]>;
  /** [minLat, minLon, maxLat, maxLon] of everything it covers. */
  bbox: [number, number, number, number];
}

/** What the caller sets (the client's RichGroupRequest, values normalised). */
export interface RestrictionInput {
  area: string;
  name: string;
  comment?: string;
  direction?: Direction;
  start_time?: number;
  end_time?: number;
  repeat_on?: string;
  mode?: Mode[];
  segments?: Array<{ from: number; to: number }>;
  turns?: Array<{ from: number; via: number; to: number }>;
  tracks?: number[][];
  geofence?: number[][];
  speed?: number;
  speed_limit?: number;
  weight?: number;
  height?: number;
  length?: number;
  width?: number;
}

export interface Restriction extends RestrictionInput {
  id: number;
  restriction_type: RestrictionType;
  state: State;
  where: Placement;
  /** ISO 8601. */
  create_at: string;
  update_at: string;
  /** Changes on every write: optimistic concurrency. */
  rev: number;
}

/** Whether the restriction is in force at `unixSeconds` (state aside), in the network's local time. */
export function inForce(r: Restriction, unixSeconds: number, utcOffsetMinutes: number): boolean {
  if (r.start_time !== undefined && unixSeconds < r.start_time) return false;
  if (r.end_time !== undefined && unixSeconds >= r.end_time) return false;
  return !r.repeat_on || conditionHolds(r.repeat_on, unixSeconds, utcOffsetMinutes);
}

/** The engine profiles a restriction's modes bind: 4w cars, 6w trucks; none named = every vehicle. */
export function profilesOf(modes: readonly Mode[] | undefined): Profile[] {
  if (!modes || modes.length === 0) return ['car', 'truck'];
  const out: Profile[] = [];
  if (modes.includes('4w')) out.push('car');
  if (modes.includes('6w')) out.push('truck');
  return out;
}

/** The restriction as the engine's edits (parking changes no route, so it has none). */
export function toRoadEdits(r: Restriction): RoadEdit[] {
  const profiles = profilesOf(r.mode);
  if (profiles.length === 0 || r.restriction_type === 'parking') return [];
  if (r.restriction_type === 'turn') return (r.where.turns ?? []).map((turn) => ({ kind: 'turn', profiles, turn }));
  const base = { profiles, chains: r.where.chains, area: r.where.area };
  switch (r.restriction_type) {
    case 'closure':
      return [{ kind: 'closure', ...base }];
    case 'fixedspeed':
      return [{ kind: 'fixedspeed', ...base, speedKmh: r.speed }];
    case 'maxspeed':
      return [{ kind: 'maxspeed', ...base, speedKmh: r.speed_limit }];
    case 'truck':
      return [{ kind: 'truck', ...base, profiles: profiles.filter((p) => p === 'truck'), truck: truckLimits(r) }];
  }
}

/** The client gives weight in kg and sizes in cm, as the engine's TruckSpec does; 0 = no limit. */
function truckLimits(r: Restriction): TruckSpec {
  const v = (x: number | undefined) => (x ? x : undefined);
  return { weightKg: v(r.weight), heightCm: v(r.height), lengthCm: v(r.length), widthCm: v(r.width) };
}
