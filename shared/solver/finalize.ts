// Last clean-up before output: tasks tied by relations are all on one route or none of them is
// (a partial group would break its relation), and no route may be left infeasible.
import { evaluateRoute } from './route-eval';
import type { Solution } from './solution';

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
  for (const r of sol.routes) {
    while (r.length > 0 && !evaluateRoute(p, r.v, r.seq).ok) {
      const t = r.seq[r.seq.length - 1];
      const drop = p.group[t] >= 0 ? members[p.group[t]] : [t];
      if (p.group[t] >= 0) for (const x of drop) relationDropped.add(x);
      sol.removeTasks(drop);
    }
  }
  return relationDropped;
}
