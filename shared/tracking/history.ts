import type { Page } from '../platform/paging';
import { invalid } from '../platform/errors';
import { densifyTrack, trackGeometry, trackLengthMeters, type GeometryType, type LatLon } from '../geo';
import type { SnappedPoint } from '../roads';
import { matchTrack, toProfile } from './mapmatch';
import { assetStorageKey, type LocationRecord } from './model';
import { requireAsset, type TrackingContext } from './service';

// GET /asset/{id}/location/last and /location/list.

/** Spacing of the points inserted by correction interpolate=1, metres. */
export const INTERPOLATE_STEP_M = 10;

/** Undefined before the first upload: the client expects a 200 without `location` then. */
export async function lastLocation(ctx: TrackingContext, space: string, id: string): Promise<LocationRecord | undefined> {
  return (await requireAsset(ctx, space, id)).latest_location;
}

export interface Correction {
  mapmatch: boolean;
  interpolate: boolean;
  mode?: string;
}

/** Parses `mapmatch=1,interpolate=1,mode=car` (any order, any subset). */
export function parseCorrection(text: string | undefined): Correction {
  const out: Correction = { mapmatch: false, interpolate: false };
  if (text === undefined || text.trim() === '') return out;
  for (const part of text.split(',')) {
    const [name, value, ...rest] = part.split('=').map((s) => s.trim());
    if (rest.length || value === undefined)
      throw invalid('query.correction', `must be setting=value pairs separated by "," (got "${part.slice(0, 40)}")`);
    if (name === 'mapmatch' || name === 'interpolate') {
      if (value !== '0' && value !== '1') throw invalid('query.correction', `${name} must be 0 or 1`);
      out[name] = value === '1';
    } else if (name === 'mode') {
      out.mode = value;
    } else {
      throw invalid('query.correction', `unknown setting "${name}" (settings: mapmatch, interpolate, mode)`);
    }
  }
  return out;
}

export interface LocationListOptions {
  start?: number;
  end?: number;
  geometryType?: GeometryType;
  correction: Correction;
  pn: number;
  ps: number;
}

export interface LocationListData {
  list: LocationRecord[];
  page: Page;
  /** Metres along this page's points (along the matched path when matched). */
  distance: number;
  geometry?: string[];
  geojson?: { type: 'Feature'; geometry: unknown; properties: Record<string, never> };
  snapped_points?: SnappedPoint[];
  /** Present with mapmatch=1: whether the track was matched, and why not. */
  mapmatch?: { matched: boolean; message?: string; unmatched?: number[]; network?: string };
}

export async function listLocations(ctx: TrackingContext, space: string, id: string, o: LocationListOptions): Promise<LocationListData> {
  const from = o.start ?? 0;
  const to = o.end ?? Number.MAX_SAFE_INTEGER;
  if (from > to) throw invalid('query.end_time', 'must not be before start_time');
  const asset = await requireAsset(ctx, space, id);
  const { list, page } = await ctx.store.pageHistory(space, assetStorageKey(asset), { from, to, pn: o.pn, ps: o.ps });
  const data: LocationListData = { list, page, distance: 0 };

  let path: Array<LatLon & { timestamp?: number }> = list.map((p) => ({
    lat: p.location.lat,
    lon: p.location.lon,
    timestamp: p.timestamp,
  }));
  data.distance = Math.round(trackLengthMeters(path));

  if (o.correction.mapmatch) {
    const outcome = matchTrack(
      list.map((p) => ({ lat: p.location.lat, lon: p.location.lon, timestamp: p.timestamp / 1000, accuracy: p.accuracy })),
      toProfile(o.correction.mode),
    );
    if (outcome.matched) {
      const r = outcome.result;
      data.snapped_points = r.snappedPoints;
      data.distance = Math.round(r.distance);
      data.mapmatch = { matched: true, unmatched: r.unmatched, network: r.network };
      path = r.coordinates.map(([lat, lon]) => ({ lat, lon }));
    } else {
      data.snapped_points = [];
      data.mapmatch = { matched: false, message: outcome.message };
    }
  }
  if (o.correction.interpolate && path.length > 1) {
    path = densifyTrack(path, INTERPOLATE_STEP_M).map((p) => ({ lat: p.lat, lon: p.lon, timestamp: p.timestamp }));
  }
  if (o.geometryType) {
    const { geometry, geojson } = trackGeometry(path, o.geometryType);
    if (geometry) data.geometry = geometry;
    // The client reads the line under geojson.geometry: a GeoJSON Feature.
    if (geojson) data.geojson = { type: 'Feature', geometry: geojson, properties: {} };
  }
  return data;
}
