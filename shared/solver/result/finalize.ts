// Last clean-up before output: tasks tied by relations are all on one route or none of them is
// (a partial group would break its relation), a joint order is served whole or not at all, and
// no route may be left infeasible.
import { evaluateRoute } from '../routes/route-eval';
import type { Solution } from '../routes/solution';
import { jointMembers } from '../model/task-rules';

/** Returns the tasks unassigned because of their relations. */
export function finalize(sol: Solution, members: number[][]): Set<number> {
  const p = sol.p;
  const relationDropped = new Set<number>();
  for (let g = 0; g < members.length; g++) {
    const m = members[g];
    if (m.length === 0) continue;
    const v = sol.routeOf[m[0]];
    if (m.every((t) => sol.routeOf[t] === v && v >= 0)) continue;
    for (const t of m) relationDropped.add(t);
  }
  if (relationDropped.size) sol.removeTasks(relationDropped);
  // Each pass only removes tasks, so this ends.
  for (let again = true; again;) {
    again = p.rules.hasJoint && dropPartialJointOrders(sol, members, relationDropped);
    for (const r of sol.routes) {
      while (r.length > 0 && !evaluateRoute(p, r.v, r.seq).ok) {
        const t = r.seq[r.seq.length - 1];
        const drop = p.group[t] >= 0 ? members[p.group[t]] : [t];
        if (p.group[t] >= 0) for (const x of drop) relationDropped.add(x);
        sol.removeTasks(drop);
        again = p.rules.hasJoint;
      }
    }
  }
  return relationDropped;
}

/**
 * A joint order with any task unassigned leaves all of them unassigned. A served member's
 * relation group goes with it (its partners are then dropped for their relation); removing
 * tasks only shortens routes, which stay feasible but for breaks and waiting limits, which the
 * caller re-checks. True when something was dropped.
 */
function dropPartialJointOrders(sol: Solution, members: number[][], relationDropped: Set<number>): boolean {
  const p = sol.p;
  let any = false;
  let changed = true;
  while (changed) {
    changed = false;
    const drop = new Set<number>();
    for (const m of jointMembers(p.rules.joint)) {
      if (!m || m.every((t) => sol.routeOf[t] >= 0) || m.every((t) => sol.routeOf[t] < 0)) continue;
      for (const t of m) {
        if (sol.routeOf[t] < 0) continue;
        drop.add(t);
        if (p.group[t] < 0) continue;
        for (const x of members[p.group[t]])
          if (p.rules.joint[x] !== p.rules.joint[t]) {
            drop.add(x);
            relationDropped.add(x);
          }
      }
    }
    if (drop.size) {
      sol.removeTasks(drop);
      changed = any = true;
    }
  }
  return any;
}
