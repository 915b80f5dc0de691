/** Helpers turning API-shaped routing options into library options. */
import type { AvoidOptions, BBox, RoadKind, TruckSpec } from '../roads/types';
import { RoutingInputError } from '../roads/types';

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

/** The public API's names of the road kinds. */
const ROAD_KINDS: Record<string, RoadKind> = {
  toll: 'toll',
  highway: 'highway',
  ferry: 'ferry',
  service_road: 'serviceRoad',
};

/** The road kind an `avoid` or `exclude` value (lower case) names, or undefined when it names none. */
export function roadKind(value: string): RoadKind | undefined {
  return Object.hasOwn(ROAD_KINDS, value) ? ROAD_KINDS[value] : undefined;
}

/** Turn kinds of the public API's `avoid`: a node-based graph cannot tell which way a search turned. */
export const TURN_AVOIDS: readonly string[] = ['uturn', 'sharp_turn', 'left_turn', 'right_turn'];

/** Why a turn kind cannot be avoided: every answer that names one (a warning or a 400) says this. */
export const NO_TURN_MODEL = 'the road graph has no turn model';

/** The warning naming an `avoid` turn kind that was not applied. */
export const turnAvoidWarning = (field: string, value: string) => `${field}: ${JSON.stringify(value)} is not honoured: ${NO_TURN_MODEL}`;

/**
 * `avoid` values (toll, highway, ferry, service_road, bbox) to AvoidOptions. Boxes come as
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
    const kind = roadKind(v);
    if (kind) a[kind] = true;
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
