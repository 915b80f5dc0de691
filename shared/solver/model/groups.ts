// Task groups that go on one route together or not at all: relation groups (a request that no
// vehicle can serve as a whole is refused) and order groups (options.grouping.order_grouping:
// jobs within grouping_diameter metres of each other, served one after another as one stop; a
// group no vehicle can take whole may be split over routes, each part still one stop).
import { greatCircleMeters } from '../../geo/sphere';
import { SolverError } from '../errors';
import type { SolverRequest } from '../types';
import { KIND_JOB, KIND_PICKUP } from './tasks';

/** The parts of the model a group check reads. */
export interface GroupModel {
  allowed: Uint8Array;
  vehicles: { index: number; cap: Int32Array }[];
  startLoad: Int32Array;
  delta: Int32Array;
  kind: Uint8Array;
  dims: number;
}

/** Some vehicle has the skills and capacity for all of m (a lower bound of the peak load). */
export function groupServable(m: number[], g: GroupModel): boolean {
  const { dims, startLoad, delta, kind } = g;
  const nv = g.vehicles.length;
  // All job deliveries at the start, all job pickups at the end, any one shipment on board.
  const need = new Array<number>(dims).fill(0);
  for (let d = 0; d < dims; d++) {
    let del = 0;
    let pick = 0;
    let ship = 0;
    for (const t of m) {
      const x = t * dims + d;
      if (kind[t] === KIND_JOB) {
        del += startLoad[x];
        pick += startLoad[x] + delta[x];
      } else if (kind[t] === KIND_PICKUP) ship = Math.max(ship, delta[x]);
    }
    need[d] = Math.max(del, pick, ship);
  }
  return g.vehicles.some((v) => m.every((t) => g.allowed[t * nv + v.index]) && need.every((x, d) => x <= v.cap[d]));
}

export function membersOf(group: Int32Array): Map<number, number[]> {
  const members = new Map<number, number[]>();
  group.forEach((id, t) => {
    if (id >= 0) members.set(id, [...(members.get(id) ?? []), t]);
  });
  return members;
}

/**
 * Some vehicle must have the skills and capacity for a whole relation group. `blocker` names what
 * closed every vehicle to the group before capacity (skills, zones, depots), if anything did.
 */
export function checkGroupsServable(group: Int32Array, g: GroupModel, ids: number[], blocker?: (m: number[]) => string | null): void {
  for (const m of membersOf(group).values())
    if (!groupServable(m, g)) {
      const what = blocker?.(m) ?? 'the skills and capacity';
      throw new SolverError('relation', `no vehicle has ${what} for the related tasks ${m.map((t) => ids[t]).join(', ')}`);
    }
}

export interface OrderGroups {
  /** Per task: its order group (the first member's index), -1 when ungrouped. */
  stop: Int32Array;
  /** The groups some vehicle can take whole: all or none of them, on one route. */
  whole: Int32Array;
}

/**
 * Order groups over the jobs in no relation. In job order, a job joins the first group
 * all of whose members lie within the diameter of it (so every group fits in it), else starts
 * its own; groups of one are dropped.
 */
export function orderGroups(req: SolverRequest, related: (t: number) => boolean, g: GroupModel): OrderGroups | null {
  const diameter = req.options?.grouping?.order_grouping?.grouping_diameter;
  if (!diameter || diameter <= 0) return null;
  const stop = new Int32Array(g.kind.length).fill(-1);
  const whole = new Int32Array(g.kind.length).fill(-1);
  const jobs = req.jobs ?? [];
  const at = (t: number) => req.locations[jobs[t].location_index];
  const near = (a: number, b: number) => {
    const [x, y] = [at(a), at(b)];
    // A degree of latitude is over 110 km: most pairs are ruled out without the trigonometry.
    return Math.abs(x[0] - y[0]) * 110_000 <= diameter && greatCircleMeters(x[0], x[1], y[0], y[1]) <= diameter;
  };
  const groups: number[][] = [];
  for (let t = 0; t < jobs.length; t++) {
    if (related(t)) continue;
    const home = groups.find((m) => m.every((u) => near(t, u)));
    if (home) home.push(t);
    else groups.push([t]);
  }
  let any = false;
  for (const m of groups) {
    if (m.length < 2) continue;
    const servable = groupServable(m, g);
    for (const t of m) {
      stop[t] = m[0];
      if (servable) whole[t] = m[0];
    }
    any = true;
  }
  return any ? { stop, whole } : null;
}
