/**
 * Turns between two directed edges at a node: their kind (from the bearings of the two edges)
 * and the seconds a turn of that kind costs under the caller's TurnOptions.
 * See shared/roads/README.md#turns.
 */
import { segmentOf } from './shape';
import type { RoadGraph } from './graph';
import type { TurnKind, TurnOptions } from './types';

/** Transition codes stored per turn-graph transition. */
export const TURN_CONTINUE = 0; // through a node that is no junction (a bend of one road): free
export const TURN_STRAIGHT = 1;
export const TURN_RIGHT = 2;
export const TURN_LEFT = 3;
export const TURN_UTURN = 4;

/** Deflections within this many degrees of straight on count as going straight. */
export const STRAIGHT_DEGREES = 30;
export const DEFAULT_SHARP_TURN_ANGLE = 120;
/** Seconds a turn takes (a driver slows down for it); a u-turn's is TurnOptions.uturnPenalty. */
export const RIGHT_TURN_S = 4;
export const LEFT_TURN_S = 8;
export const SHARP_TURN_S = 15;
export const DEFAULT_UTURN_PENALTY_S = 30;
/** Added cost (not time) of a turn kind the caller avoids. */
export const AVOID_TURN_PENALTY_S = 120;

/**
 * Compass bearing (degrees clockwise from north, on a local flat projection) of segment `seg` of
 * edge e's polyline; by default its first, -1 its last (where the edge arrives).
 */
export function edgeBearing(g: RoadGraph, e: number, seg = 0): number {
  const k = seg < 0 ? g.pointCount(e) - 2 : seg;
  const [aLat, aLon, bLat, bLon] = segmentOf(g, e, k);
  const dx = (bLon - aLon) * Math.cos((aLat * Math.PI) / 180);
  const dy = bLat - aLat;
  return (Math.atan2(dx, dy) * 180) / Math.PI;
}

/** Signed deflection from edge a onto edge b: 0 = straight on, > 0 = to the right, < 0 = to the left, ±180 = back. */
export function deflection(g: RoadGraph, a: number, b: number): number {
  let d = edgeBearing(g, b) - edgeBearing(g, a, -1);
  while (d > 180) d -= 360;
  while (d <= -180) d += 360;
  return d;
}

/** Code and unsigned angle (degrees) of the transition a -> b at a node with `neighbours` distinct neighbours. */
export function classifyTurn(g: RoadGraph, a: number, b: number, neighbours: number): { code: number; angle: number } {
  if (g.twin[a] === b || g.data.head[b] === g.tail[a]) return { code: TURN_UTURN, angle: 180 };
  const d = deflection(g, a, b);
  const angle = Math.min(180, Math.round(Math.abs(d)));
  // a bend of one road through a shape node is no manoeuvre, however sharp its geometry
  if (neighbours <= 2) return { code: TURN_CONTINUE, angle };
  if (angle <= STRAIGHT_DEGREES) return { code: TURN_STRAIGHT, angle };
  return { code: d > 0 ? TURN_RIGHT : TURN_LEFT, angle };
}

/** The TurnKinds a transition is of (a sharp left is a left turn and a sharp turn). */
export function turnKinds(code: number, angle: number, sharpTurnAngle: number): TurnKind[] {
  const out: TurnKind[] = [];
  if (code === TURN_UTURN) out.push('uturn');
  if (code === TURN_RIGHT) out.push('rightTurn');
  if (code === TURN_LEFT) out.push('leftTurn');
  if ((code === TURN_RIGHT || code === TURN_LEFT) && angle > sharpTurnAngle) out.push('sharpTurn');
  return out;
}

/** Seconds of travel time a transition adds. */
export function turnSeconds(code: number, angle: number, o: TurnOptions | undefined): number {
  const sharp = o?.sharpTurnAngle ?? DEFAULT_SHARP_TURN_ANGLE;
  switch (code) {
    case TURN_UTURN:
      return o?.uturnPenalty ?? DEFAULT_UTURN_PENALTY_S;
    case TURN_RIGHT:
      return angle > sharp ? SHARP_TURN_S : RIGHT_TURN_S;
    case TURN_LEFT:
      return angle > sharp ? SHARP_TURN_S : LEFT_TURN_S;
    default:
      return 0;
  }
}

/** Cache key of the options that change turn weights ('' = defaults). */
export function turnOptionsKey(o: TurnOptions | undefined): string {
  if (!o) return '';
  const kinds = (r: Partial<Record<TurnKind, boolean>> | undefined) =>
    (['uturn', 'sharpTurn', 'leftTurn', 'rightTurn'] as const).map((k) => (r?.[k] ? k[0] : '')).join('');
  return `${kinds(o.avoid)}/${kinds(o.exclude).toUpperCase()}/${o.sharpTurnAngle ?? ''}/${o.uturnPenalty ?? ''}`;
}

/** Per transition: seconds it takes and what the search pays (plus avoid penalties, Infinity when excluded). */
export interface TurnWeights {
  cost: Float32Array;
  dur: Float32Array;
  /** For distance searches: 0, or Infinity where the turn is excluded. */
  len: Float32Array;
}

export function turnWeights(code: Uint8Array, angle: Uint8Array, o: TurnOptions | undefined): TurnWeights {
  const k = code.length;
  const cost = new Float32Array(k);
  const dur = new Float32Array(k);
  const len = new Float32Array(k);
  const sharp = o?.sharpTurnAngle ?? DEFAULT_SHARP_TURN_ANGLE;
  // 5 codes x 181 angles: compute each combination once
  const memo = new Map<number, [number, number]>();
  for (let i = 0; i < k; i++) {
    const key = code[i] * 256 + angle[i];
    let w = memo.get(key);
    if (!w) {
      const secs = turnSeconds(code[i], angle[i], o);
      let c = secs;
      for (const kind of turnKinds(code[i], angle[i], sharp)) {
        if (o?.exclude?.[kind]) c = Infinity;
        else if (o?.avoid?.[kind]) c += AVOID_TURN_PENALTY_S;
      }
      w = [c, secs];
      memo.set(key, w);
    }
    cost[i] = w[0];
    dur[i] = w[1];
    len[i] = w[0] === Infinity ? Infinity : 0;
  }
  return { cost, dur, len };
}
