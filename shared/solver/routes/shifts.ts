// Several shifts per vehicle (vehicles[].shifts, Waymark's own field): each run of the vehicle
// lies in one shift, in order, at most one run per shift. A run starts loading at its start (a
// depot, or the vehicle's start location) at or after its shift's start and is back there (or at
// the route end, for the last run) by its end; the time between coming back and the next shift's
// start is off the clock for max_working_time. runs.ts places the runs; this file holds the rule.
// Rules: docs/solver/design.md#several-shifts-per-vehicle-shifts.
import type { Shift } from '../model/shifts';
import type { VehicleModel } from '../model/vehicles';

/** When a run in `shift` may leave the start: loading begins at the shift's start or later (depot opening), -1: never. */
export function shiftDeparture(v: VehicleModel, shift: Shift, from: number, service: number): number {
  const st = openingFrom(v, Math.max(from, shift[0]));
  return st < 0 || st > shift[1] ? -1 : st + service;
}

/** The first moment at or after `t` the start depot is open (no windows: `t`; -1: never again). */
function openingFrom(v: VehicleModel, t: number): number {
  const w = v.reloadWindows;
  if (w.length === 0) return t;
  for (const [a, b] of w) if (t <= b) return Math.max(t, a);
  return -1;
}
