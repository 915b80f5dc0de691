// Routing preferences: truck size, avoided boxes, routing profiles per location
// count. The parsers here are shared with the matrix builder, which applies what they read.
import { greatCircleMeters } from '../../geo/sphere';
import { MAX_AVOID_BBOX_PERIMETER_KM, MAX_TRUCK_SIZE_CM, type OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/** Routing profiles allowed by location count (where the commercial limits overlap, the caller's favour). */
export function maxProfiles(locations: number): number {
  if (locations <= 100) return 15;
  if (locations <= 600) return 6;
  if (locations <= 1200) return 2;
  return 1;
}

export const BUILTIN_PROFILES = ['car', 'truck'] as const;

/** The profile each vehicle uses: its own, else options.routing.mode, else car. */
export function vehicleProfile(req: OptimizationRequest, index: number): string {
  return req.vehicles[index].profile ?? req.options?.routing?.mode ?? 'car';
}

/** The base travel mode (car or truck) of a profile name. */
export function profileMode(req: OptimizationRequest, profile: string): 'car' | 'truck' {
  if (profile === 'car' || profile === 'truck') return profile;
  return req.options?.routing?.profiles?.[profile]?.mode ?? req.options?.routing?.mode ?? 'car';
}

export interface TruckSize {
  height: number;
  width: number;
  length: number;
}

export function parseTruckSize(value: string | number[]): TruckSize | null {
  const parts = typeof value === 'string' ? value.split(',').map((p) => (p.trim() === '' ? NaN : Number(p))) : value;
  if (parts.length !== 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  return { height: parts[0], width: parts[1], length: parts[2] };
}

export interface AvoidBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/**
 * "bbox: minLat,minLon,maxLat,maxLon" (also "bbox:..." or "bbox=..."); null when not a bbox entry.
 * A bare "bbox" (the client's enum literal, no coordinates) is not a box: it is warned, not refused.
 */
export function parseAvoidBox(entry: string): AvoidBox | 'malformed' | null {
  const m = /^\s*bbox\s*[:=]?\s*(.*)$/i.exec(entry);
  if (!m || m[1].trim() === '') return null;
  const p = m[1].split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
  if (p.length !== 4 || p.some((x) => !Number.isFinite(x))) return 'malformed';
  const box = {
    minLat: Math.min(p[0], p[2]),
    minLon: Math.min(p[1], p[3]),
    maxLat: Math.max(p[0], p[2]),
    maxLon: Math.max(p[1], p[3]),
  };
  if (box.minLat < -90 || box.maxLat > 90 || box.minLon < -180 || box.maxLon > 180) return 'malformed';
  return box;
}

/** Perimeter of a lat/lon box in km: two meridian sides plus the parallels at its two latitudes. */
export function bboxPerimeterKm(b: AvoidBox): number {
  const side = greatCircleMeters(b.minLat, b.minLon, b.maxLat, b.minLon);
  const south = greatCircleMeters(b.minLat, b.minLon, b.minLat, b.maxLon);
  const north = greatCircleMeters(b.maxLat, b.minLon, b.maxLat, b.maxLon);
  return (2 * side + south + north) / 1000;
}

export function avoidEntries(avoid: string[] | string | undefined): string[] {
  if (avoid === undefined) return [];
  return (typeof avoid === 'string' ? avoid.split('|') : avoid).map((a) => a.trim()).filter((a) => a !== '');
}

function checkTruckSize(value: string | number[], add: AddIssue): void {
  const size = parseTruckSize(value);
  if (!size) return add('options.routing.truck_size', 'must be "height,width,length" in centimetres');
  if (size.height > MAX_TRUCK_SIZE_CM.height) add('options.routing.truck_size', `height must be at most ${MAX_TRUCK_SIZE_CM.height} cm`);
  if (size.width > MAX_TRUCK_SIZE_CM.width) add('options.routing.truck_size', `width must be at most ${MAX_TRUCK_SIZE_CM.width} cm`);
  if (size.length > MAX_TRUCK_SIZE_CM.length) add('options.routing.truck_size', `length must be at most ${MAX_TRUCK_SIZE_CM.length} cm`);
}

function checkAvoid(avoid: string[] | string | undefined, add: AddIssue): void {
  avoidEntries(avoid).forEach((entry, k) => {
    const box = parseAvoidBox(entry);
    const f = typeof avoid === 'string' ? 'options.routing.avoid' : `options.routing.avoid[${k}]`;
    if (box === 'malformed') add(f, 'a bbox must be given as "bbox: minLat,minLon,maxLat,maxLon"');
    else if (box) {
      const perimeter = bboxPerimeterKm(box);
      if (perimeter > MAX_AVOID_BBOX_PERIMETER_KM)
        add(f, `bbox perimeter must be at most ${MAX_AVOID_BBOX_PERIMETER_KM} km (got ${Math.round(perimeter)} km)`);
    }
  });
}

function checkProfiles(req: OptimizationRequest, n: number, add: AddIssue): void {
  const declared = Object.keys(req.options?.routing?.profiles ?? {});
  const profiles = new Set<string>(declared);
  req.vehicles.forEach((v, i) => {
    if (v.profile !== undefined && !BUILTIN_PROFILES.includes(v.profile as 'car') && !declared.includes(v.profile))
      add(`vehicles[${i}].profile`, `unknown routing profile "${v.profile}" (car, truck or a name in options.routing.profiles)`);
    profiles.add(vehicleProfile(req, i));
  });
  const allowed = maxProfiles(n);
  if (profiles.size > allowed)
    add('options.routing.profiles', `at most ${allowed} routing profile(s) with ${n} locations, default included (got ${profiles.size})`);
}

/** Curb-side approach per location ("" = unrestricted). */
export const APPROACHES = ['unrestricted', 'curb', ''] as const;

function checkApproaches(approaches: string[] | undefined, n: number, add: AddIssue): void {
  if (!approaches) return;
  if (approaches.length > n) add('locations.approaches', `at most one per location (${n}), got ${approaches.length}`);
  approaches.forEach((a, k) => {
    if (!APPROACHES.includes(a as 'curb')) add(`locations.approaches[${k}]`, 'must be "unrestricted", "curb" or ""');
  });
}

export function checkRouting(req: OptimizationRequest, n: number, add: AddIssue): void {
  checkApproaches(req.locations.approaches, n, add);
  const routing = req.options?.routing ?? {};
  if (routing.truck_size !== undefined) checkTruckSize(routing.truck_size, add);
  checkAvoid(routing.avoid, add);
  checkProfiles(req, n, add);
}
