import { greatCircleMeters, trackGeometry, trackLengthMeters } from '../geo';
import { containResults } from '../geofence/contain';
import type { StoredGeofence } from '../geofence/model';
import { matchTrack, toProfile } from '../tracking/mapmatch';
import type { LocationRecord } from '../tracking/model';
import type { TripStop } from './model';

// A trip's summary from its route: distance (m), duration (s) and an encoded polyline,
// map-matched on a loaded road network where one covers the track, else along the recorded
// points; and for each stop, when the track first entered its geofence and when it last left.

/** The client's summary carries distance, duration and geometry only from this many points on. */
export const MIN_SUMMARY_POINTS = 3;
/**
 * Map matching costs about linearly in points, and a dense track (one point a second) says
 * little more about the roads taken than one point every few tens of metres: the route is
 * thinned to points at least MATCH_SPACING_M apart, wider when that still leaves more than
 * MAX_MATCH_POINTS, before it is matched.
 */
export const MATCH_SPACING_M = 20;
export const MAX_MATCH_POINTS = 1000;

export interface SummaryStop extends TripStop {
  /** First tracked point inside the stop's geofence (ms), null when never inside. */
  arrived_at: number | null;
  /** First point outside after the last one inside (ms); null while still inside or never inside. */
  departed_at: number | null;
  geofence: { id: string; name: string; type: string } | null;
}

export interface TripSummary {
  stops: SummaryStop[];
  distance?: number;
  duration?: number;
  geometry?: string[];
  mapmatch: { matched: boolean; message?: string; network?: string };
}

export function summarize(
  space: string,
  stops: readonly TripStop[],
  route: readonly LocationRecord[],
  fences: readonly StoredGeofence[],
): TripSummary {
  const out: TripSummary = { stops: visits(space, stops, route, fences), mapmatch: { matched: false } };
  if (route.length < MIN_SUMMARY_POINTS) {
    out.mapmatch.message = `the trip has fewer than ${MIN_SUMMARY_POINTS} tracked points; no distance, duration or geometry yet`;
    return out;
  }
  let path = route.map((p) => ({ lat: p.location.lat, lon: p.location.lon }));
  let distance = trackLengthMeters(path);
  const matched = matchTrack(
    thinned(route, distance).map((p) => ({
      lat: p.location.lat,
      lon: p.location.lon,
      timestamp: p.timestamp / 1000,
      accuracy: p.accuracy,
    })),
    toProfile(undefined),
  );
  if (matched.matched) {
    path = matched.result.coordinates.map(([lat, lon]) => ({ lat, lon }));
    distance = matched.result.distance;
    out.mapmatch = { matched: true, network: matched.result.network };
  } else {
    out.mapmatch.message = matched.message;
  }
  out.distance = Math.round(distance);
  out.duration = Math.round((route[route.length - 1].timestamp - route[0].timestamp) / 1000);
  out.geometry = trackGeometry(path, 'polyline').geometry;
  return out;
}

/** The route's points at least MATCH_SPACING_M apart (wider for a long route), first and last always kept. */
function thinned(route: readonly LocationRecord[], lengthMeters: number): LocationRecord[] {
  const spacing = Math.max(MATCH_SPACING_M, lengthMeters / MAX_MATCH_POINTS);
  const kept = [route[0]];
  for (let i = 1; i < route.length - 1; i++) {
    const last = kept[kept.length - 1].location;
    if (greatCircleMeters(last.lat, last.lon, route[i].location.lat, route[i].location.lon) >= spacing) kept.push(route[i]);
  }
  kept.push(route[route.length - 1]);
  return kept;
}

function visits(
  space: string,
  stops: readonly TripStop[],
  route: readonly LocationRecord[],
  fences: readonly StoredGeofence[],
): SummaryStop[] {
  const points = route.map((p) => p.location);
  const inside = new Map(
    (points.length ? containResults(space, fences, points, false) : []).map((r) => [r.geofence_id, r.result.map((x) => x.contain)]),
  );
  const byId = new Map(fences.map((g) => [g.record.id, g.record]));
  return stops.map((stop) => {
    const record = byId.get(stop.geofence_id);
    const flags = inside.get(stop.geofence_id) ?? [];
    const first = flags.indexOf(true);
    const last = flags.lastIndexOf(true);
    return {
      ...stop,
      arrived_at: first >= 0 ? route[first].timestamp : null,
      departed_at: last >= 0 && last + 1 < route.length ? route[last + 1].timestamp : null,
      geofence: record ? { id: record.id, name: record.name ?? '', type: record.type } : null,
    };
  });
}
