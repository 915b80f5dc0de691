// Route elimination: empty the shortest routes one at a time and reinsert their tasks into the
// other used routes. Kept when cheaper, or whenever the objective counts vehicles.
import { bestInsertion, type Insertion } from '../routes/insertion';
import { KIND_DELIVERY } from '../model/tasks';
import type { Move, Operator } from './move';

const TRIES = 3;

export const routeElimination: Operator = {
  name: 'route-elimination',
  find(ctx, sol) {
    const p = sol.p;
    const countsVehicles = p.custom?.value === 'vehicles';
    const used = sol.routes.filter((r) => r.length > 0).sort((a, b) => a.length - b.length);
    let best: Move | null = null;
    const ins: Insertion = { delta: 0, i: 0, j: -1 };
    for (const victim of used.slice(0, TRIES)) {
      const trial = sol.clone();
      const tasks = victim.seq.filter((t) => p.kind[t] !== KIND_DELIVERY);
      trial.removeTasks(tasks);
      let ok = true;
      for (const t of tasks) {
        const gv = trial.groupVehicle(t, ctx.members);
        let bv = -1;
        let bd = Number.POSITIVE_INFINITY;
        let bi = 0;
        let bj = -1;
        for (const r of trial.routes) {
          if (r.length === 0 || (gv >= 0 && gv !== r.v.index)) continue;
          if (bestInsertion(r, t, ins) && ins.delta < bd) {
            bd = ins.delta;
            bv = r.v.index;
            bi = ins.i;
            bj = ins.j;
          }
        }
        if (bv < 0) {
          ok = false;
          break;
        }
        trial.insert(t, bv, { delta: bd, i: bi, j: bj });
      }
      if (!ok) continue;
      const vehicles: number[] = [];
      let gain = 0;
      trial.routes.forEach((r, k) => {
        if (r.seq.length === sol.routes[k].seq.length && r.seq.every((t, i) => t === sol.routes[k].seq[i])) return;
        vehicles.push(k);
        gain += sol.routes[k].cost - r.cost;
      });
      if ((gain > 1e-9 || countsVehicles) && (!best || gain > best.gain))
        best = { gain, vehicles, seqs: vehicles.map((k) => trial.routes[k].seq.slice()) };
    }
    return best;
  },
};
