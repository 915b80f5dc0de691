// Searches side by side on one large problem split its routes between them: for an epoch each
// search may change only its own region (routes near one another, and the tasks on them), so
// the two cores improve different parts of one solution instead of racing on the same one.
// At the epoch's end the regions' best versions are put together, and the next epoch splits the
// routes along a different line, so that no border stays where it was.
import { KIND_DELIVERY } from '../../model/tasks';
import { type Problem } from '../../model/problem';
import { Rng } from '../../prng';
import { Solution } from '../../routes/solution';
import { DEFAULT_THRESHOLDS } from '../../thresholds';
import type { OfferedSolution } from '../../types';

/** The default least used routes per search for the split (`SizeThresholds.leastRoutesPerRegion`). */
export const LEAST_ROUTES_PER_REGION = DEFAULT_THRESHOLDS.leastRoutesPerRegion;

/** What one search may change during an epoch. */
export interface Region {
  /** Per vehicle: 1 where this search may change the route (its own empty vehicles included). */
  route: Uint8Array;
  /** Per task: 1 where this search may move the task (on one of its routes, or unassigned and dealt to it). */
  task: Uint8Array;
}

/**
 * Whether a solution of p is the union of its routes for every rule and objective: no relation,
 * group or joint order ties tasks on different routes, and no objective level looks at routes
 * together (a maximum over routes, distinct depots).
 */
export function separable(p: Problem): boolean {
  const custom = p.custom;
  return (
    p.relations.length === 0 &&
    p.orderGroup === null &&
    !p.group.some((g) => g >= 0) &&
    !p.rules.hasJoint &&
    (custom === null || (custom.type === 'min' && custom.value === 'vehicles')) &&
    p.request.options?.objective?.minimise_num_depots !== true
  );
}

/** Whether searches of this team should split sol's routes rather than each search the whole. */
export function shouldSplit(sol: Solution, size: number, leastRoutesPerRegion = LEAST_ROUTES_PER_REGION): boolean {
  if (size < 2 || !separable(sol.p)) return false;
  return sol.usedRoutes() >= size * leastRoutesPerRegion;
}

/**
 * Per vehicle, the search that owns its route in this epoch: the used routes sorted by how far
 * their middle stop is from a pivot route's, in `size` runs of equal length (a ball around the
 * pivot and the rest, for two); empty vehicles dealt in turn. A pure function of the solution and
 * the epoch, so every search computes the same split.
 */
export function routeOwners(sol: Solution, size: number, epoch: number): Int32Array {
  const { p, routes } = sol;
  const owners = new Int32Array(routes.length);
  const used: number[] = [];
  routes.forEach((r, v) => {
    if (r.length > 0) used.push(v);
    else owners[v] = v % size;
  });
  if (used.length === 0) return owners;
  const middle = (v: number) => p.loc[routes[v].seq[routes[v].length >> 1]];
  const pivot = middle(used[new Rng(epoch + 1).int(used.length)]);
  const n = p.nLoc;
  const far = new Float64Array(routes.length);
  for (const v of used) far[v] = routes[v].v.cost[pivot * n + middle(v)];
  used.sort((a, b) => far[a] - far[b] || a - b);
  const per = Math.ceil(used.length / size);
  used.forEach((v, k) => (owners[v] = (Math.floor(k / per) + epoch) % size));
  return owners;
}

/** Search `member`'s region of sol under owners. */
export function regionOf(sol: Solution, owners: Int32Array, member: number, size: number): Region {
  const p = sol.p;
  const route = new Uint8Array(owners.length);
  for (let v = 0; v < owners.length; v++) route[v] = owners[v] === member ? 1 : 0;
  const task = new Uint8Array(p.nTasks);
  for (let t = 0; t < p.nTasks; t++) {
    const v = sol.routeOf[t];
    // A shipment is dealt by its pickup, so both halves go to one search.
    const dealt = p.kind[t] === KIND_DELIVERY ? p.pair[t] : t;
    task[t] = v >= 0 ? route[v] : dealt % size === member ? 1 : 0;
  }
  return { route, task };
}

/**
 * Every search's own routes from its offer, as one solution; null when a task would be served
 * twice (an offer that did not come from this epoch's split).
 */
export function mergeRegions(p: Problem, offers: OfferedSolution[], owners: Int32Array): Solution | null {
  const served = new Uint8Array(p.nTasks);
  const routes: OfferedSolution['routes'] = [];
  for (let m = 0; m < offers.length; m++) {
    for (const r of offers[m].routes) {
      if (owners[r.vehicle] !== m) continue;
      for (const t of r.tasks) {
        if (served[t]) return null;
        served[t] = 1;
      }
      routes.push(r);
    }
  }
  return Solution.fromRoutes(p, routes);
}
