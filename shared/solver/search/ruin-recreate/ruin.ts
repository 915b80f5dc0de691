// Slack-induced string removal (Christiaens & Vanden Berghe, SISR): remove strings of
// consecutive tasks from a few routes close to a random seed task, so that the removed tasks
// are neighbours in space and in their routes: the recreate then has slack to do better.
import type { SearchContext } from '../context';
import { KIND_DELIVERY } from '../../model/tasks';
import { Marks } from './marks';
import type { Solution } from '../../routes/solution';

export interface RuinParams {
  avgRemoved: number; // c-bar
  maxString: number; // L-max
  splitRate: number;
  splitDepth: number; // beta of the split-string removal
}

export const DEFAULT_RUIN: RuinParams = { avgRemoved: 10, maxString: 10, splitRate: 0.5, splitDepth: 0.01 };

/** Removes tasks from sol and returns the ids of the removed tasks (pickups for shipments). */
export function ruin(ctx: SearchContext, sol: Solution, prm: RuinParams = DEFAULT_RUIN): number[] {
  const { rng, p, neighbors, K } = ctx;
  const assigned: number[] = [];
  let used = 0;
  let total = 0;
  for (const r of sol.routes) {
    if (r.length === 0) continue;
    used++;
    total += r.length;
  }
  if (used === 0) return [];
  const avgLen = total / used;
  const lsMax = Math.min(prm.maxString, avgLen);
  const ksMax = (4 * prm.avgRemoved) / (1 + lsMax) - 1;
  const ks = Math.floor(rng.next() * ksMax) + 1;

  // With a region, only its tasks are ruined (its tasks are exactly those on its routes).
  const mine = ctx.region?.task;
  const routeOf = sol.routeOf;
  let seed = rng.int(p.nTasks);
  for (let tries = 0; !ruinable(routeOf, mine, seed) && tries < 16; tries++) seed = rng.int(p.nTasks);
  if (!ruinable(routeOf, mine, seed)) {
    for (let t = 0; t < p.nTasks; t++) if (ruinable(routeOf, mine, t)) assigned.push(t);
    if (assigned.length === 0) return [];
    seed = assigned[rng.int(assigned.length)];
  }

  // Marks instead of sets: a ruin runs every iteration, and sets cost more than what they hold.
  const mark = marksFor(p.nTasks);
  const removed = mark.next();
  const removedList: number[] = [];
  const ruined: number[] = [];
  for (let k = -1; k < K && ruined.length < ks; k++) {
    const c = k < 0 ? seed : neighbors[seed * K + k];
    const v = routeOf[c];
    if (!ruinable(routeOf, mine, c) || ruined.includes(v) || mark.has(c, removed)) continue;
    ruined.push(v);
    const seq = sol.routes[v].seq;
    const len = seq.length;
    const lMax = Math.min(len, lsMax);
    const l = Math.floor(rng.next() * lMax) + 1;
    const pos = seq.indexOf(c);
    if (rng.next() < prm.splitRate && l < len) {
      // Split string: a string of l + m, of which m consecutive tasks stay.
      let m = 1;
      while (l + m < len && rng.next() > prm.splitDepth) m++;
      const span = l + m;
      const start = stringStart(pos, span, len, rng.int(span));
      const keepAt = start + rng.int(l + 1);
      for (let i = start; i < start + span; i++) if (i < keepAt || i >= keepAt + m) remove(mark, removed, removedList, seq[i]);
    } else {
      const start = stringStart(pos, l, len, rng.int(l));
      for (let i = start; i < start + l; i++) remove(mark, removed, removedList, seq[i]);
    }
  }
  // A shipment leaves and comes back as a whole; the pickup stands for it.
  const taken = mark.next();
  const out: number[] = [];
  for (const t of removedList) {
    const u = p.pair[t] >= 0 && p.kind[t] === KIND_DELIVERY ? p.pair[t] : t;
    if (mark.has(u, taken)) continue;
    mark.set(u, taken);
    out.push(u);
  }
  sol.removeTasks(out);
  return out;
}

/** Whether the ruin may take task t: served, and in this search's region if it has one. */
function ruinable(routeOf: Int32Array, mine: Uint8Array | undefined, t: number): boolean {
  return routeOf[t] >= 0 && (!mine || mine[t] === 1);
}

/** Takes task t once (module functions, not closures: a ruin runs every iteration). */
function remove(mark: Marks, round: number, list: number[], t: number): void {
  if (mark.has(t, round)) return;
  mark.set(t, round);
  list.push(t);
}

/** One per thread (module state), sized for the problem being solved. */
let marks: Marks | null = null;

function marksFor(size: number): Marks {
  if (!marks || marks.size < size) marks = new Marks(size);
  return marks;
}

/** First index of a window of `span` positions that contains pos and fits in the route. */
function stringStart(pos: number, span: number, len: number, offset: number): number {
  let start = pos - offset;
  if (start < 0) start = 0;
  if (start + span > len) start = len - span;
  return start;
}
