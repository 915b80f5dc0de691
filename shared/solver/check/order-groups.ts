// The checker's part for order grouping: it forms the groups again from the request (jobs in
// order, each joining the first group all of whose members lie within grouping_diameter metres)
// and checks that the members a route serves come one after another, and that a group some
// vehicle could take whole (skills, zones, depots, item fit, summed amounts and volume) is
// served whole on one route or not at all.
import { greatCircleMeters } from '../../geo/sphere';
import type { LatLonPair } from '../../geo/types';
import type { SolverJob, SolverRequest, SolverResult, SolverVehicle } from '../types';
import { cubic, fitsCompartment, zoneAllows } from './task-rules';

type Bad = (rule: string, detail: string, vehicle?: number) => void;

function metres(a: LatLonPair, b: LatLonPair): number {
  return greatCircleMeters(a[0], a[1], b[0], b[1]);
}

function takesWhole(req: SolverRequest, v: SolverVehicle, jobs: SolverJob[]): boolean {
  const depotAt = (id: number) => req.depots?.find((d) => d.id === id)?.location_index;
  for (const j of jobs) {
    if (!(j.skills ?? []).every((k) => v.skills?.includes(k))) return false;
    if (!zoneAllows(j.zones, v.zones)) return false;
    if (j.depot_ids?.length && !j.depot_ids.some((id) => depotAt(id) === v.start_index)) return false;
    if (j.volume && v.volume && !fitsCompartment(j.volume, v.volume)) return false;
  }
  const dims = Math.max(v.capacity?.length ?? 0, ...jobs.map((j) => Math.max(j.delivery?.length ?? 0, j.pickup?.length ?? 0)));
  for (let d = 0; d < dims; d++) {
    const cap = v.capacity ? (v.capacity[d] ?? 0) : Infinity;
    const sum = (f: (j: SolverJob) => number[] | undefined) => jobs.reduce((a, j) => a + (f(j)?.[d] ?? 0), 0);
    if (
      Math.max(
        sum((j) => j.delivery),
        sum((j) => j.pickup),
      ) > cap
    )
      return false;
  }
  return !v.volume || jobs.reduce((a, j) => a + cubic(j.volume), 0) <= cubic(v.volume);
}

export function checkOrderGroups(req: SolverRequest, res: SolverResult, bad: Bad): void {
  const diameter = req.options?.grouping?.order_grouping?.grouping_diameter;
  if (!diameter) return;
  const related = new Set((req.relations ?? []).flatMap((r) => r.steps.filter((s) => s.type === 'job').map((s) => s.id)));
  const groups: SolverJob[][] = [];
  for (const j of req.jobs ?? []) {
    if (related.has(j.id)) continue;
    const home = groups.find((g) => g.every((u) => metres(req.locations[u.location_index], req.locations[j.location_index]) <= diameter));
    if (home) home.push(j);
    else groups.push([j]);
  }
  const where = new Map<number, { vehicle: number; pos: number }>();
  for (const r of res.routes)
    r.steps
      .filter((s) => s.type !== 'start' && s.type !== 'end' && s.type !== 'break')
      .forEach((s, pos) => {
        if (s.type === 'job') where.set(s.id!, { vehicle: r.vehicle, pos });
      });
  groups
    .filter((g) => g.length > 1)
    .forEach((g) => {
      const served = g.filter((j) => where.has(j.id));
      const byRoute = new Map<number, number[]>();
      for (const j of served)
        byRoute.set(where.get(j.id)!.vehicle, [...(byRoute.get(where.get(j.id)!.vehicle) ?? []), where.get(j.id)!.pos]);
      for (const [vehicle, pos] of byRoute) {
        const sorted = pos.sort((a, b) => a - b);
        if (sorted[sorted.length - 1] - sorted[0] !== sorted.length - 1)
          bad('grouping', `order group of job ${g[0].id} is not one stop on vehicle ${vehicle}`, vehicle);
      }
      const whole = req.vehicles.some((v) => takesWhole(req, v, g));
      if (whole && served.length > 0 && (served.length !== g.length || byRoute.size !== 1))
        bad('grouping', `order group of job ${g[0].id} is split: ${served.length} of ${g.length} served on ${byRoute.size} routes`);
    });
}
