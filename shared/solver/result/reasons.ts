// Why a task stayed unassigned: first what no vehicle could do even for this task alone
// (skills, capacity, windows, limits), else what blocks it on the routes as they are.
import { KIND_JOB } from '../model/tasks';
import { type Problem } from '../model/problem';
import { evaluateRoute } from '../routes/route-eval';
import type { Solution } from '../routes/solution';
import { someStartAllows, variantsOf } from '../model/depot-choice';
import { zonesMatch } from '../model/task-rules';
import type { UnassignedReason } from '../types';

function alone(p: Problem, t: number): number[] {
  return p.kind[t] === KIND_JOB ? [t] : [t, p.pair[t]];
}

function taskSkills(p: Problem, t: number): number[] {
  const nJobs = p.request.jobs?.length ?? 0;
  return (t < nJobs ? p.request.jobs![t].skills : p.request.shipments![(t - nJobs) >> 1].skills) ?? [];
}

function mostCommon(rs: UnassignedReason[]): UnassignedReason | null {
  const count = new Map<UnassignedReason, number>();
  let best: UnassignedReason | null = null;
  for (const r of rs) {
    count.set(r, (count.get(r) ?? 0) + 1);
    if (best === null || count.get(r)! > count.get(best)!) best = r;
  }
  return best;
}

export function unassignedReason(p: Problem, sol: Solution, t: number, relationDropped: Set<number>): UnassignedReason {
  if (relationDropped.has(t)) return p.taskRelations[t].length || !p.orderGroup ? 'relation' : 'grouping';
  const nv = p.vehicles.length;
  const allowed = p.vehicles.filter((v) => p.allowed[t * nv + v.index]);
  if (allowed.length === 0) {
    if (p.taskRelations[t].some((r) => p.relations[r].type === 'pinned')) return 'relation';
    // Skills first, then zones, then depots closed the vehicles; else the item fits none.
    const need = taskSkills(p, t);
    const skilled = p.vehicles.filter((v) => need.every((s) => p.request.vehicles[v.index].skills?.includes(s)));
    if (skilled.length === 0) return 'skills';
    const zoned = skilled.filter((v) => zonesMatch(p.rules.taskZones[t], p.rules.vehicleZones[v.index]));
    if (zoned.length === 0) return 'zone';
    return zoned.some((v) => someStartAllows(p.rules.depotLocations[t], v)) ? 'volume' : 'depot';
  }
  const aloneFails: UnassignedReason[] = [];
  // A vehicle with candidate depots serves the task alone if it does from any of them.
  for (const v of allowed.flatMap(variantsOf)) {
    const ev = evaluateRoute(p, v, alone(p, t));
    if (ev.ok) {
      aloneFails.length = 0;
      break;
    }
    aloneFails.push(ev.reason ?? 'unprofitable');
  }
  if (aloneFails.length) return mostCommon(aloneFails) ?? 'unprofitable';
  if (p.rules.optional[t]) return 'outsourced';
  if (p.rules.hasJoint && p.rules.joint[t] >= 0 && p.rules.joint.some((g, x) => g === p.rules.joint[t] && x !== t && x !== p.pair[t]))
    return 'joint_order';
  if (p.group[t] >= 0) return p.taskRelations[t].length ? 'relation' : 'grouping';
  // Feasible alone: try it at the end of each used route to name what blocks it there.
  const fails: UnassignedReason[] = [];
  for (const r of sol.routes) {
    if (r.length === 0 || !p.allowed[t * nv + r.v.index]) continue;
    const ev = evaluateRoute(p, r.v, r.seq.concat(alone(p, t)));
    if (!ev.ok && ev.reason) fails.push(ev.reason);
  }
  return mostCommon(fails) ?? 'unprofitable';
}
