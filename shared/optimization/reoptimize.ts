// POST /optimization/re_optimization: the original request with the caller's changes applied
// (remove, then modify, then add; unmentioned items reused unchanged), and the original
// solution as the starting point of the new search. Pure; the service loads and stores.
import type { OptimizationRequest, ReOptimizationRequest } from './schemas';
import type { SolverResult } from '../solver';
import { issuesError, type Issue } from './validate';

type Item = { id: number };

function idOfRemoval(r: number | { id?: number; pickup?: { id: number } }): number {
  if (typeof r === 'number') return r;
  return r.id ?? r.pickup!.id;
}

function applyChanges<T>(
  what: string,
  field: string,
  items: T[],
  idOf: (item: T) => number,
  changes: { add?: T[]; modify?: T[]; remove?: (number | { id?: number; pickup?: { id: number } })[] } | undefined,
  issues: Issue[],
): T[] {
  if (!changes) return items;
  let out = [...items];
  changes.remove?.forEach((r, k) => {
    const id = idOfRemoval(r);
    const at = out.findIndex((x) => idOf(x) === id);
    if (at < 0) issues.push({ field: `${field}.remove[${k}]`, rule: `unknown ${what} id ${id}` });
    else out.splice(at, 1);
  });
  changes.modify?.forEach((m, k) => {
    const id = idOf(m);
    const at = out.findIndex((x) => idOf(x) === id);
    if (at < 0) issues.push({ field: `${field}.modify[${k}].id`, rule: `unknown ${what} id ${id}` });
    else out[at] = m;
  });
  changes.add?.forEach((a, k) => {
    const id = idOf(a);
    if (out.some((x) => idOf(x) === id)) issues.push({ field: `${field}.add[${k}].id`, rule: `${what} id ${id} already exists` });
    else out = [...out, a];
  });
  return out;
}

/** The earlier plan as the solver's starting routes. */
export function seedFromResult(result: SolverResult | undefined): OptimizationRequest['solution'] {
  if (!result?.routes?.length) return undefined;
  return result.routes.map((r) => ({
    vehicle: r.vehicle,
    steps: r.steps.filter((s) => s.id !== undefined).map((s) => ({ type: s.type, id: s.id })),
  }));
}

/** Applies the changes; throws 400 naming every unknown or duplicate id. */
export function applyReOptimization(
  original: OptimizationRequest,
  body: ReOptimizationRequest,
  previous: SolverResult | undefined,
): OptimizationRequest {
  const issues: Issue[] = [];
  const vehicles = applyChanges('vehicle', 'vehicle_changes', original.vehicles, (v: Item) => v.id, body.vehicle_changes, issues);
  const jobs = applyChanges('job', 'job_changes', original.jobs ?? [], (j: Item) => j.id, body.job_changes, issues);
  const shipments = applyChanges(
    'shipment',
    'shipment_changes',
    original.shipments ?? [],
    (s: { pickup: Item }) => s.pickup.id,
    body.shipment_changes,
    issues,
  );
  let locations = original.locations;
  if (body.locations !== undefined) {
    const list = Array.isArray(body.locations) ? body.locations : body.locations.location;
    if (list.length !== original.locations.location.length && (original.duration_matrix || original.cost_matrix))
      issues.push({
        field: 'locations',
        rule: `the original request came with its own ${original.cost_matrix ? 'cost_matrix' : 'duration_matrix'} over ${original.locations.location.length} locations; the number of locations cannot change`,
      });
    locations = { ...original.locations, location: list };
  }
  if (issues.length) throw issuesError(issues, 400);
  const options = body.options?.webhook ? { ...(original.options ?? {}), webhook: body.options.webhook } : original.options;
  const next: OptimizationRequest = {
    ...original,
    description: body.description ?? original.description,
    locations,
    vehicles,
    jobs: jobs.length ? jobs : undefined,
    shipments: shipments.length ? shipments : undefined,
    options,
    solution: seedFromResult(previous) ?? original.solution,
  };
  if (!next.jobs) delete next.jobs;
  if (!next.shipments) delete next.shipments;
  if (!next.options) delete next.options;
  if (!next.solution) delete next.solution;
  return next;
}
