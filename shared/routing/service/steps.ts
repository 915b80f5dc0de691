import { greatCircleMeters, initialBearing } from '../../geo/sphere';
import type { Network } from '../../roads/network';
import type { RouteLeg } from '../../roads/types';

// Turn-by-turn steps from a leg's driven edges: a new step starts where the road name changes
// (or, on unnamed roads, where the road turns), with a maneuver whose bearings and modifier come
// from the geometry on either side of the turn.

export interface Maneuver {
  type: 'depart' | 'turn' | 'new name' | 'arrive';
  modifier: string;
  bearingBefore: number;
  bearingAfter: number;
  at: [number, number];
}

export interface Step {
  name: string;
  /** [lat, lon], at least two positions. */
  coordinates: Array<[number, number]>;
  distance: number;
  duration: number;
  maneuver: Maneuver;
}

/** Below this turn (degrees) an unnamed road continues the same step. */
const UNNAMED_TURN_DEG = 45;
/** Below this turn (degrees) a change of name is "new name", not a turn. */
const STRAIGHT_DEG = 20;

interface Segment {
  from: [number, number];
  to: [number, number];
  name: string;
  length: number;
  duration: number;
  bearing: number;
}

/** Signed turn from bearing a to bearing b, -180..180, positive to the right. */
export function turnAngle(a: number, b: number): number {
  return ((b - a + 540) % 360) - 180;
}

export function modifierOf(angle: number): string {
  const a = Math.abs(angle);
  if (a < STRAIGHT_DEG) return 'straight';
  if (a >= 170) return 'uturn';
  const side = angle > 0 ? 'right' : 'left';
  if (a < 60) return `slight ${side}`;
  if (a < 140) return side;
  return `sharp ${side}`;
}

function segments(net: Network, leg: RouteLeg, secondsPerMetre: (edge: number) => number): Segment[] {
  const coords = leg.coordinates ?? [];
  const edges = leg.edges ?? [];
  const out: Segment[] = [];
  for (let i = 0; i < edges.length; i++) {
    const from = coords[i];
    const to = coords[i + 1];
    const length = greatCircleMeters(from[0], from[1], to[0], to[1]);
    if (length < 0.01) continue;
    out.push({
      from,
      to,
      name: net.graph.edgeName(edges[i]),
      length,
      duration: length * secondsPerMetre(edges[i]),
      bearing: Math.round(initialBearing({ lat: from[0], lon: from[1] }, { lat: to[0], lon: to[1] })),
    });
  }
  return out;
}

/** The steps of one leg, ending with an arrive step; durations add up to the leg's. */
export function legSteps(net: Network, leg: RouteLeg, secondsPerMetre: (edge: number) => number): Step[] {
  const segs = segments(net, leg, secondsPerMetre);
  const start = leg.coordinates?.[0] ?? [0, 0];
  if (segs.length === 0) {
    const maneuver = (type: Maneuver['type']): Maneuver => ({ type, modifier: 'straight', bearingBefore: 0, bearingAfter: 0, at: start });
    return [
      { name: '', coordinates: [start, start], distance: 0, duration: 0, maneuver: maneuver('depart') },
      { name: '', coordinates: [start, start], distance: 0, duration: 0, maneuver: maneuver('arrive') },
    ];
  }
  const groups: Segment[][] = [[segs[0]]];
  for (let i = 1; i < segs.length; i++) {
    const prev = segs[i - 1];
    const s = segs[i];
    const turned = Math.abs(turnAngle(prev.bearing, s.bearing)) >= UNNAMED_TURN_DEG;
    if (s.name !== prev.name || (s.name === '' && turned)) groups.push([s]);
    else groups[groups.length - 1].push(s);
  }
  const steps: Step[] = groups.map((g, k) => {
    const before = k === 0 ? 0 : groups[k - 1][groups[k - 1].length - 1].bearing;
    const angle = turnAngle(before, g[0].bearing);
    const type: Maneuver['type'] = k === 0 ? 'depart' : Math.abs(angle) < STRAIGHT_DEG ? 'new name' : 'turn';
    return {
      name: g[0].name,
      coordinates: [g[0].from, ...g.map((s) => s.to)],
      distance: g.reduce((a, s) => a + s.length, 0),
      duration: g.reduce((a, s) => a + s.duration, 0),
      maneuver: {
        type,
        modifier: k === 0 ? 'straight' : modifierOf(angle),
        bearingBefore: before,
        bearingAfter: g[0].bearing,
        at: g[0].from,
      },
    };
  });
  const last = segs[segs.length - 1];
  steps.push({
    name: last.name,
    coordinates: [last.to, last.to],
    distance: 0,
    duration: 0,
    maneuver: { type: 'arrive', modifier: 'straight', bearingBefore: last.bearing, bearingAfter: 0, at: last.to },
  });
  // Rounded partial segments drift from the leg's own figures: scale so that the steps add up.
  const total = steps.reduce((a, s) => a + s.duration, 0);
  if (total > 0) for (const s of steps) s.duration *= leg.duration / total;
  return steps;
}
