// The local-search move of depot choice: one route to other candidate depots, same tasks, judged
// by the full route evaluation (routes/depot-choice.ts). Finds nothing on problems without a choice.
import { bestDepotPick } from '../routes/depot-choice';
import type { Move, Operator } from './move';

export const depotChoice: Operator = {
  name: 'depot-choice',
  find(_ctx, sol) {
    if (!sol.p.depotChoice) return null;
    let best: Move | null = null;
    let bestFewer = false;
    for (let k = 0; k < sol.routes.length; k++) {
      const pick = bestDepotPick(sol, k);
      if (!pick) continue;
      // A pick opening fewer depots (minimise_num_depots) ranks first, even when it costs more.
      const gain = sol.routes[k].cost - pick.cost;
      if (best && (bestFewer ? !pick.fewerDepots || gain <= best.gain : !pick.fewerDepots && gain <= best.gain)) continue;
      best = { gain, vehicles: [k], seqs: [sol.routes[k].seq], models: [pick.model] };
      bestFewer = pick.fewerDepots;
    }
    return best;
  },
};
