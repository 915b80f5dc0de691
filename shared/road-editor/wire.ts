import { inForce, type Mode, type Restriction, type State } from './model';

// Restrictions in the client's shapes (RichGroupResponse, restrictions_items), and the filters
// its list calls take.

export function wireOf(r: Restriction, unixSeconds: number, utcOffsetMinutes: number) {
  const [minLat, minLon, maxLat, maxLon] = r.where.bbox;
  return {
    id: r.id,
    area: r.area,
    name: r.name,
    ...(r.comment !== undefined ? { comment: r.comment } : {}),
    restriction_type: r.restriction_type,
    direction: r.direction ?? 'both',
    mode: r.mode ?? [],
    state: r.state,
    status: statusOf(r, unixSeconds, utcOffsetMinutes),
    bbox: { min_lat: minLat, min_lon: minLon, max_lat: maxLat, max_lon: maxLon },
    create_at: r.create_at,
    update_at: r.update_at,
    ...(r.start_time !== undefined ? { start_time: r.start_time } : {}),
    ...(r.end_time !== undefined ? { end_time: r.end_time } : {}),
    ...(r.repeat_on !== undefined ? { repeat_on: r.repeat_on } : {}),
    ...(r.speed !== undefined ? { speed: r.speed } : {}),
    ...(r.speed_limit !== undefined ? { speed_limit: r.speed_limit } : {}),
    ...(r.geofence !== undefined ? { geofence: r.geofence } : {}),
    ...(r.segments !== undefined ? { segments: r.segments } : {}),
    ...(r.turns !== undefined ? { turns: r.turns } : {}),
    ...(r.tracks !== undefined ? { tracks: r.tracks } : {}),
    ...(r.restriction_type === 'truck' ? { weight: r.weight, height: r.height, length: r.length, width: r.width } : {}),
  };
}

export type WireRestriction = ReturnType<typeof wireOf>;

/** `active` while enabled and within its time window and schedule. */
function statusOf(r: Restriction, unixSeconds: number, utcOffsetMinutes: number): 'active' | 'inactive' {
  return r.state === 'enabled' && inForce(r, unixSeconds, utcOffsetMinutes) ? 'active' : 'inactive';
}

export interface Filters {
  restriction_type?: string;
  source?: string;
  state?: State;
  status?: 'active' | 'inactive';
  mode?: Mode[];
}

/** The list filters; without a `state` filter deleted restrictions are left out. */
export function matches(r: Restriction, f: Filters, unixSeconds: number, utcOffsetMinutes: number): boolean {
  if (f.restriction_type && r.restriction_type !== f.restriction_type) return false;
  // every restriction made here is the caller's own ("rrt"); none comes from the map data
  if (f.source && f.source !== 'rrt') return false;
  if (f.state ? r.state !== f.state : r.state === 'deleted') return false;
  if (f.status && statusOf(r, unixSeconds, utcOffsetMinutes) !== f.status) return false;
  const modes = r.mode ?? [];
  if (f.mode?.length && modes.length > 0 && !f.mode.some((m) => modes.includes(m))) return false;
  return true;
}

export interface Box {
  min_lat: number;
  min_lon: number;
  max_lat: number;
  max_lon: number;
}

const inBox = (b: Box, lat: number, lon: number) => lat >= b.min_lat && lat <= b.max_lat && lon >= b.min_lon && lon <= b.max_lon;

export function overlaps(r: Restriction, b: Box): boolean {
  const [minLat, minLon, maxLat, maxLon] = r.where.bbox;
  return minLat <= b.max_lat && maxLat >= b.min_lat && minLon <= b.max_lon && maxLon >= b.min_lon;
}

/** One item per road piece (the middle of each segment) or turn (its via node) inside the box. */
export function itemsOf(w: WireRestriction, r: Restriction, b: Box) {
  const base = {
    area: r.area,
    group_id: r.id,
    mode: w.mode,
    repeat_on: r.repeat_on ?? '',
    restriction_type: r.restriction_type,
    source: 'rrt' as const,
    state: r.state,
    status: w.status,
  };
  const pieces: Array<{ group_type: 'segment' | 'turn'; lat: number; lon: number }> = [];
  for (const chain of r.where.chains ?? [])
    for (let i = 0; i + 1 < chain.length; i++)
      pieces.push({ group_type: 'segment', lat: (chain[i][0] + chain[i + 1][0]) / 2, lon: (chain[i][1] + chain[i + 1][1]) / 2 });
  for (const [, via] of r.where.turns ?? []) pieces.push({ group_type: 'turn', lat: via[0], lon: via[1] });
  // item ids: the restriction's id and the piece's index, so they stay put while the restriction does
  return pieces
    .map((p, i) => ({ id: r.id * 10_000 + i, ...base, group_type: p.group_type, coordinate: { lat: p.lat, lon: p.lon } }))
    .filter((item) => inBox(b, item.coordinate.lat, item.coordinate.lon));
}
