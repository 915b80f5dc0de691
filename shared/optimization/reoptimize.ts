// POST /optimization/re_optimization: the original request with the caller's changes applied
// (remove, then modify, then add; unmentioned items reused unchanged), and the original
// solution as the starting point of the new search. Pure; the service loads and stores.
// Ids match as in submit ("7" finds 7); a shipment is named by its pickup id.
import type { ClientResult } from './client-result';
import { idKey, ProblemIds } from './ids';
import type { Id, OptimizationRequest, ReOptimizationRequest, RemovalInput } from './schemas';
import { issuesError, type Issue } from './validate/issues';
import { showId } from './validate/ids';

function idOfRemoval(r: RemovalInput): Id {
  if (typeof r === 'number' || typeof r === 'string') return r;
  const carrier = r as { id?: Id; pickup?: { id: Id } };
  return carrier.id ?? carrier.pickup!.id;
}

interface Changes<T> {
  add?: T[];
  /** The client sends one object, the seed's form an array. */
  modify?: T[] | T;
  remove?: RemovalInput[];
}

function applyChanges<T>(
  what: string,
  field: string,
  items: T[],
  idOf: (item: T) => Id,
  changes: Changes<T> | undefined,
  issues: Issue[],
): T[] {
  if (!changes) return items;
  let out = [...items];
  const find = (id: Id) => out.findIndex((x) => idKey(idOf(x)) === idKey(id));
  changes.remove?.forEach((r, k) => {
    const id = idOfRemoval(r);
    const at = find(id);
    if (at < 0) issues.push({ field: `${field}.remove[${k}]`, rule: `unknown ${what} id ${showId(id)}` });
    else out.splice(at, 1);
  });
  const modify = changes.modify === undefined ? [] : Array.isArray(changes.modify) ? changes.modify : [changes.modify];
  const modifyAt = (k: number) => (Array.isArray(changes.modify) ? `${field}.modify[${k}]` : `${field}.modify`);
  modify.forEach((m, k) => {
    const id = idOf(m);
    const at = find(id);
    if (at < 0) issues.push({ field: `${modifyAt(k)}.id`, rule: `unknown ${what} id ${showId(id)}` });
    else out[at] = m;
  });
  changes.add?.forEach((a, k) => {
    const id = idOf(a);
    if (find(id) >= 0) issues.push({ field: `${field}.add[${k}].id`, rule: `${what} id ${showId(id)} already exists` });
    else out = [...out, a];
  });
  return out;
}

/** The earlier plan as the solver's starting routes, in the ids the caller declared. */
export function seedFromResult(result: ClientResult | undefined): OptimizationRequest['solution'] {
  if (!result?.routes?.length) return undefined;
  return result.routes.map((r) => ({
    vehicle: r.vehicle,
    steps: r.steps.filter((s) => s.id !== undefined).map((s) => ({ type: s.type, id: s.id })),
  }));
}

/** The plan without the vehicles and tasks the changes removed (nothing to warn about). */
function keepKnown(solution: OptimizationRequest['solution'], req: OptimizationRequest): OptimizationRequest['solution'] {
  const ids = new ProblemIds(req);
  return solution
    ?.filter((r) => ids.vehicle(r.vehicle) !== undefined)
    .map((r) => ({
      ...r,
      steps: r.steps.filter(
        (s) =>
          s.type === 'start' ||
          s.type === 'end' ||
          s.type === 'break' ||
          s.type === 'layover' ||
          (s.id !== undefined && ids.task(s.type, s.id) !== undefined),
      ),
    }));
}

/** Applies the changes; throws 400 naming every unknown or duplicate id. */
export function applyReOptimization(
  original: OptimizationRequest,
  body: ReOptimizationRequest,
  previous: ClientResult | undefined,
): OptimizationRequest {
  const issues: Issue[] = [];
  const vehicles = applyChanges('vehicle', 'vehicle_changes', original.vehicles, (v) => v.id, body.vehicle_changes, issues);
  const jobs = applyChanges('job', 'job_changes', original.jobs ?? [], (j) => j.id, body.job_changes, issues);
  const shipments = applyChanges(
    'shipment',
    'shipment_changes',
    original.shipments ?? [],
    (s) => s.pickup.id,
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
  };
  next.solution = keepKnown(seedFromResult(previous) ?? original.solution, next);
  if (!next.jobs) delete next.jobs;
  if (!next.shipments) delete next.shipments;
  if (!next.options) delete next.options;
  if (!next.solution) delete next.solution;
  return next;
}
