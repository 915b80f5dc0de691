// Depot choice (vehicles[].start_depot_ids, end_depot_ids, and the older single `depot`): every id
// names a declared depot, and a vehicle names its start (end) index or depots, not both, so a
// request never says two things about where a route begins (docs/api/optimization.md#depot-choice).
// A `location` (where the vehicle is now, which the official client's vehicle type requires)
// yields to the depots, as it yields to start_index, and is warned (depot-warnings.ts).
import { idKey } from '../ids';
import type { Id, OptimizationRequest } from '../schemas';
import { showId } from './ids';
import type { AddIssue } from './issues';

export function checkDepotChoice(req: OptimizationRequest, add: AddIssue): void {
  const declared = new Set((req.depots ?? []).map((d) => idKey(d.id)));
  const known = (field: string, id: Id) => {
    if (!declared.has(idKey(id))) add(field, `unknown depot id ${showId(id)} (not in depots)`);
  };
  req.vehicles.forEach((v, i) => {
    const at = `vehicles[${i}]`;
    v.start_depot_ids?.forEach((id, k) => known(`${at}.start_depot_ids[${k}]`, id));
    v.end_depot_ids?.forEach((id, k) => known(`${at}.end_depot_ids[${k}]`, id));
    if (v.depot !== undefined) known(`${at}.depot`, v.depot);
    if (v.depot !== undefined && v.start_depot_ids) add(`${at}.depot`, 'give start_depot_ids or depot, not both');
    const chosen = v.start_depot_ids ? 'start_depot_ids' : v.depot !== undefined ? 'depot' : null;
    if (chosen && v.start_index !== undefined)
      add(`${at}.${chosen}`, 'cannot be combined with start_index: the route starts at the chosen depot; give one of them');
    if (v.end_depot_ids && v.end_index !== undefined)
      add(`${at}.end_depot_ids`, 'cannot be combined with end_index: the route ends at the chosen depot; give one of them');
  });
}
