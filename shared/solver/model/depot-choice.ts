// Depot choice (vehicles[].start_depot_ids / end_depot_ids): a vehicle given candidate depots
// starts (ends) its route at the one the search picks. Each pair of candidates is a model of the
// vehicle of its own (a "variant": start, end, opening, loading and reloads at that depot), built
// when first asked for; a route holds the variant it uses, so the route evaluation, multi-trip
// reloads and the result read the chosen depot like any fixed one. Everything else (capacity,
// matrices, breaks) is the vehicle's and shared between its variants.
import type { SolverRequest } from '../types';
import { shiftsOf } from './shifts';
import { depotOpening, routeEndBy, type DepotChoice, type VehicleModel } from './vehicles';

/**
 * Replaces each vehicle that has candidates by its variant at its first start and end candidates
 * (the search moves it from there). Returns whether any vehicle has a choice.
 */
export function applyDepotChoices(req: SolverRequest, vehicles: VehicleModel[]): boolean {
  let any = false;
  const depots = req.depots ?? [];
  const at = new Map(depots.map((d, i) => [d.id, i]));
  // Ids no depot declares are dropped (the service answers 400 before they get here).
  const positions = (ids: number[] | undefined) => [...new Set(ids?.flatMap((id) => at.get(id) ?? []))];
  req.vehicles.forEach((v, k) => {
    const s = positions(v.start_depot_ids);
    const e = positions(v.end_depot_ids);
    if (!s.length && !e.length) return;
    const starts = s.length ? s : [-1];
    const ends = e.length ? e : [-1];
    any = true;
    const choice: DepotChoice = { starts, ends, base: vehicles[k], vehicle: v, depots, variants: new Map() };
    vehicles[k] = variantOf(choice, starts[0], ends[0]);
  });
  return any;
}

/** The vehicle starting at depot `s` and ending at depot `e` (-1: its own fixed start or end). */
export function variantOf(choice: DepotChoice, s: number, e: number): VehicleModel {
  const key = (s + 1) * (choice.depots.length + 1) + (e + 1);
  let m = choice.variants.get(key);
  if (m) return m;
  const b = choice.base;
  const v = choice.vehicle;
  const sd = s >= 0 ? choice.depots[s] : undefined;
  const ed = e >= 0 ? choice.depots[e] : undefined;
  m = { ...b, depots: { choice, start: s, end: e } };
  if (ed) m.end = ed.location_index;
  if (sd) {
    // As a vehicle whose start_index is the depot's: it waits for the opening, then loads.
    const service = sd.service ?? 0;
    m.start = sd.location_index;
    m.twStart = depotOpening(sd.time_windows, v.time_window?.[0] ?? 0) + service;
    m.startService = service;
    // Shifts need a start to come back to: the chosen depot is one.
    m.shifts = shiftsOf({ ...v, start_index: sd.location_index });
    m.maxRuns = m.shifts ? m.shifts.length : Math.max(1, v.max_depot_runs ?? 1);
    m.reloadService = service;
    m.reloadWindows = [...(sd.time_windows ?? [])].sort((x, y) => x[0] - y[0]);
  }
  m.endBy = routeEndBy(m);
  // The base had no start to hang runs and shifts on, so its signature does not tell them apart.
  m.signature = `${b.signature} depots ${s} ${e} runs ${m.maxRuns} shifts ${JSON.stringify(m.shifts)}`;
  choice.variants.set(key, m);
  return m;
}

/** Pairs of candidates tried all together up to this many; beyond it each start, then each end. */
export const ALL_PAIRS_MAX = 36;

/**
 * The variants of a vehicle worth a try (itself alone when it has no choice): every pair of
 * candidates up to ALL_PAIRS_MAX, else each start with the first end and each end with the
 * first start, so that 100 x 100 candidates cost 200 models, not 10,000.
 */
export function variantsOf(v: VehicleModel): VehicleModel[] {
  const c = v.depots?.choice;
  if (!c) return [v];
  if (allPairs(v)) return c.starts.flatMap((s) => c.ends.map((e) => variantOf(c, s, e)));
  return [...c.starts.map((s) => variantOf(c, s, c.ends[0])), ...c.ends.slice(1).map((e) => variantOf(c, c.starts[0], e))];
}

/** Whether variantsOf lists every pair of v's candidates. */
export function allPairs(v: VehicleModel): boolean {
  const c = v.depots?.choice;
  return !c || c.starts.length * c.ends.length <= ALL_PAIRS_MAX;
}

/** Whether a task bound to these depot locations (null: any) may ride with some variant of v. */
export function someStartAllows(depotLocations: readonly number[] | null, v: VehicleModel): boolean {
  if (depotLocations === null) return true;
  const c = v.depots?.choice;
  if (!c || c.starts[0] < 0) return depotLocations.includes(v.start);
  return c.starts.some((s) => depotLocations.includes(c.depots[s].location_index));
}

/** The id of the depot a route of v starts at (and reloads at): the chosen one, else the one there. */
export function startDepotId(v: VehicleModel, depotAt: Map<number, number>): number | undefined {
  const d = v.depots;
  return d && d.start >= 0 ? d.choice.depots[d.start].id : depotAt.get(v.start);
}

/** The id of the depot a route of v ends at: the chosen one, else the one there. */
export function endDepotId(v: VehicleModel, depotAt: Map<number, number>): number | undefined {
  const d = v.depots;
  return d && d.end >= 0 ? d.choice.depots[d.end].id : depotAt.get(v.end);
}
