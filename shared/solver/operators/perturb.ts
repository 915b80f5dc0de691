// Random feasible relocations, whatever they cost (the "perturb" step of Nagata & Bräysy's route
// minimisation): between two ejections the routes' shape drifts, so a task that fits nowhere now
// may find a gap later. Jobs only; tasks tied to their route by a relation stay put.
import type { SearchContext } from '../search/context';
import { bestInsertion, type Insertion } from '../routes/insertion';
import type { Solution } from '../routes/solution';

/** Only the few nearest neighbours: a move next to a far task is rarely feasible. */
const NEAREST = 8;

/** Tries `attempts` random moves; returns how many were made. */
export function perturb(ctx: SearchContext, sol: Solution, attempts: number): number {
  const { p, rng, neighbors, K } = ctx;
  if (K === 0) return 0;
  const ins: Insertion = { delta: 0, i: 0, j: -1 };
  const span = Math.min(NEAREST, K);
  let made = 0;
  for (let a = 0; a < attempts; a++) {
    const t = rng.int(p.nTasks);
    const from = sol.routeOf[t];
    if (from < 0 || p.pair[t] >= 0 || p.group[t] >= 0) continue;
    const to = sol.routeOf[neighbors[t * K + rng.int(span)]];
    if (to < 0 || to === from) continue;
    const target = sol.routes[to];
    if (!bestInsertion(target, t, ins)) continue;
    const source = sol.own(from);
    const before = source.seq;
    source.seq = before.filter((x) => x !== t);
    source.refresh();
    if (!source.feasible) {
      // Leaving can break a route only under a matrix without the triangle inequality.
      source.seq = before;
      source.refresh();
      continue;
    }
    sol.insert(t, to, ins);
    made++;
  }
  return made;
}
