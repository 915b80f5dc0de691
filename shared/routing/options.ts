/** Helpers turning API-shaped routing options into library options. */
import type { AvoidOptions, BBox, TruckSpec } from './types';
import { RoutingInputError } from './types';

/**
 * `truck_size` "height,width,length" in cm and `truck_weight` in kg to a TruckSpec.
 */
export function parseTruck(truckSize?: string | null, truckWeight?: number | string | null): TruckSpec | undefined {
  const t: TruckSpec = {};
  if (truckSize !== undefined && truckSize !== null && truckSize !== '') {
    const p = String(truckSize)
      .split(',')
      .map((x) => Number(x.trim()));
    if (p.length !== 3 || p.some((x) => !Number.isFinite(x) || x < 0))
      throw new RoutingInputError('truck_size must be "height,width,length" in centimetres');
    [t.heightCm, t.widthCm, t.lengthCm] = p;
  }
  if (truckWeight !== undefined && truckWeight !== null && truckWeight !== '') {
    const w = Number(truckWeight);
    if (!Number.isFinite(w) || w < 0) throw new RoutingInputError('truck_weight must be a non-negative number of kg');
    t.weightKg = w;
  }
  return Object.keys(t).length ? t : undefined;
}

/**
 * `avoid` values (toll, highway, ferry, bbox) to AvoidOptions. Boxes come as
 * "minLat,minLon,maxLat,maxLon" strings or BBox objects; unknown values are ignored and returned.
 */
export function parseAvoid(
  avoid: string[] | string | undefined,
  boxes: Array<string | BBox> = [],
): { avoid: AvoidOptions; ignored: string[] } {
  const list = typeof avoid === 'string' ? avoid.split(/[|,]/) : (avoid ?? []);
  const a: AvoidOptions = {};
  const ignored: string[] = [];
  for (const raw of list) {
    const v = raw.trim().toLowerCase();
    if (v === 'toll') a.toll = true;
    else if (v === 'highway') a.highway = true;
    else if (v === 'ferry') a.ferry = true;
    else if (v === 'bbox') continue;
    else if (v) ignored.push(v);
  }
  const bboxes: BBox[] = boxes.map((b) => {
    if (typeof b !== 'string') return b;
    const p = b.split(',').map(Number);
    if (p.length !== 4 || p.some((x) => !Number.isFinite(x))) throw new RoutingInputError('bbox must be "minLat,minLon,maxLat,maxLon"');
    return { minLat: Math.min(p[0], p[2]), minLon: Math.min(p[1], p[3]), maxLat: Math.max(p[0], p[2]), maxLon: Math.max(p[1], p[3]) };
  });
  if (bboxes.length) a.bboxes = bboxes;
  return { avoid: a, ignored };
}
