/** Helpers turning API-shaped routing options into library options. */
import type { AvoidOptions, BBox, RoadKind, TruckSpec, TurnKind, TurnOptions } from '../roads/types';
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

/** The public API's names of the turn kinds (`avoid`, `exclude`, optimization's `options.routing.avoid`). */
const TURN_KINDS: Record<string, TurnKind> = {
  uturn: 'uturn',
  sharp_turn: 'sharpTurn',
  left_turn: 'leftTurn',
  right_turn: 'rightTurn',
};

/** The turn kind an `avoid` or `exclude` value (lower case) names, or undefined when it names none. */
export function turnKind(value: string): TurnKind | undefined {
  return Object.hasOwn(TURN_KINDS, value) ? TURN_KINDS[value] : undefined;
}

/** `turn_angle_range` when absent: the client's default range of permissible turns is [120, 240]. */
export const DEFAULT_TURN_ANGLE_RANGE = 120;

/**
 * The engine's sharpTurnAngle for a `turn_angle_range`. The client's angle is the one between
 * the road driven in on and the road taken, clockwise, so 180 is straight on; it permits
 * [range, 360 - range]. The engine counts from straight on (0) to reversing (180), so the
 * sharpest turn still permitted is 180 - range: range 120 (the default) allows turns up to 60
 * degrees off straight, range 0 allows every turn, range 180 only straight on.
 */
export const sharpTurnAngle = (range: number | undefined) => 180 - (range ?? DEFAULT_TURN_ANGLE_RANGE);

/** The engine's turn options avoiding (soft) and excluding (hard) these kinds; undefined when none is named. */
export function turnOptions(avoid: readonly TurnKind[], exclude: readonly TurnKind[] = [], range?: number): TurnOptions | undefined {
  if (avoid.length + exclude.length === 0) return undefined;
  const set = (kinds: readonly TurnKind[]) => Object.fromEntries(kinds.map((k) => [k, true])) as Partial<Record<TurnKind, boolean>>;
  const out: TurnOptions = {};
  if (avoid.length) out.avoid = set(avoid);
  if (exclude.length) out.exclude = set(exclude);
  if (avoid.includes('sharpTurn') || exclude.includes('sharpTurn')) out.sharpTurnAngle = sharpTurnAngle(range);
  return out;
}

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
