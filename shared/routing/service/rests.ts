import { greatCircleMeters } from '../../geo/sphere';
import type { RouteLeg } from '../../roads/types';

// Directions' `drive_time_limits` and `rest_times`: after each limit of continuous driving the
// driver rests for the matching rest time, and the route's timing includes the rests. The client
// docs: the driver "can drive for 500 seconds before the first rest period and then drive for
// another 300 seconds before taking a rest next time"; a missing rest time is a rest of 0 s,
// extra rest times are never applied; "if the trip duration is smaller than the first input of
// drive_time_limits, then there will be no rest actions"; a trip driving on past the last limit
// gets a warning. A stop at a waypoint takes no time in directions, so it does not reset the
// driving clock. A rest is placed where its limit runs out along the route's geometry (driving
// time spread over each segment by its edge's speed), not at a parking place.

export interface RestStop {
  /** [lat, lon] where the driving limit runs out. */
  at: [number, number];
  /** The leg the rest falls in. */
  leg: number;
  /** Seconds from departure to the start of the rest, earlier rests included. */
  time: number;
  /** Seconds of rest. */
  duration: number;
}

export interface RestPlan {
  stops: RestStop[];
  /** Seconds of rest per leg, added to its duration. */
  restPerLeg: number[];
  /** Seconds driven after the last limit was used up (0 when the limits cover the trip). */
  overrun: number;
}

/** Below this many seconds of driving left, a limit reached at the very end needs no rest. */
const EPS = 1e-6;

/** Seconds of driving on each segment of a leg's geometry, adding up to the leg's duration. */
function segmentSeconds(leg: RouteLeg, secondsPerMetre: (edge: number) => number): number[] {
  const c = leg.coordinates ?? [];
  const lengths = c.slice(1).map((p, i) => greatCircleMeters(c[i][0], c[i][1], p[0], p[1]));
  const raw = lengths.map((len, i) => len * (leg.edges?.[i] !== undefined ? secondsPerMetre(leg.edges[i]) : 0));
  const rawSum = raw.reduce((a, b) => a + b, 0);
  const lengthSum = lengths.reduce((a, b) => a + b, 0);
  // The engine's leg duration is the truth (snapped ends cut edges); the shares only place time.
  if (rawSum > 0) return raw.map((t) => (t / rawSum) * leg.duration);
  if (lengthSum > 0) return lengths.map((len) => (len / lengthSum) * leg.duration);
  return lengths.map(() => 0);
}

export function planRests(
  legs: readonly RouteLeg[],
  secondsPerMetre: (edge: number) => number,
  limits: readonly number[],
  rests: readonly number[] = [],
): RestPlan {
  const plan: RestPlan = { stops: [], restPerLeg: legs.map(() => 0), overrun: 0 };
  let next = 0;
  let driven = 0;
  let clock = 0;
  let usedUp = false;
  legs.forEach((leg, l) => {
    const c = leg.coordinates ?? [];
    segmentSeconds(leg, secondsPerMetre).forEach((t, i) => {
      let done = 0;
      while (next < limits.length && driven + (t - done) > limits[next] + EPS) {
        const need = limits[next] - driven;
        done += need;
        clock += need;
        const f = t > 0 ? done / t : 0;
        const at: [number, number] = [c[i][0] + (c[i + 1][0] - c[i][0]) * f, c[i][1] + (c[i + 1][1] - c[i][1]) * f];
        const rest = rests[next] ?? 0;
        plan.stops.push({ at, leg: l, time: clock, duration: rest });
        plan.restPerLeg[l] += rest;
        clock += rest;
        driven = 0;
        next++;
        usedUp = next === limits.length;
      }
      driven += t - done;
      clock += t - done;
      if (usedUp) plan.overrun += t - done;
    });
  });
  return plan;
}
