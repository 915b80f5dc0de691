// The boundary into the solver: a validated request (client ids, client vehicle shape) becomes a
// SolverRequest whose ids are positions (vehicle i, job i, shipment i for both its steps, break k
// of its vehicle). client-result.ts maps the answer back.
import { SolverError, type SolverRequest } from '../solver';
import { locationIndexOf, pointLatLon } from './geo';
import type { LatLonPair } from '../geo/types';
import { idKey, ProblemIds, type TaskStepType } from './ids';
import type { Id, OptimizationRequest, VehicleInput } from './schemas';
import { VEHICLE_FIELDS_NOT_BUILT } from './schemas';
import { zonesByShape } from './zone-shapes';

export interface SolverInput {
  request: SolverRequest;
  /** The request's locations, then any vehicle location that is not among them. */
  locations: LatLonPair[];
}

/**
 * A vehicle's start: start_index when given, else its `location` (the index of an equal location,
 * or one appended to the list), else none (an open route starting at its first task).
 */
function startIndex(v: VehicleInput, locations: LatLonPair[]): number | undefined {
  // A vehicle choosing its start depot starts at the chosen one, not where it is now.
  if (v.start_index !== undefined || !v.location || v.start_depot_ids || v.depot !== undefined) return v.start_index;
  const point = pointLatLon(v.location);
  if (!point) return undefined;
  const found = locationIndexOf(locations, point);
  if (found >= 0) return found;
  locations.push(point);
  return locations.length - 1;
}

/** Candidate depots as positions; the older single `depot` is a list of one. Absent stays absent. */
function depotChoice(v: VehicleInput, positions: (ids: Id[] | undefined) => number[] | undefined) {
  const starts = positions(v.start_depot_ids ?? (v.depot === undefined ? undefined : [v.depot]));
  const ends = positions(v.end_depot_ids);
  return { ...(starts ? { start_depot_ids: starts } : {}), ...(ends ? { end_depot_ids: ends } : {}) };
}

/** Zone ids become numbers: "7" and 7 are one zone, as for every other id. */
function zoneNumbers(): (zones: Id[] | undefined) => number[] | undefined {
  const numbers = new Map<string, number>();
  return (zones) =>
    zones?.map((z) => {
      const key = idKey(z);
      if (!numbers.has(key)) numbers.set(key, numbers.size);
      return numbers.get(key)!;
    });
}

/** The one grouping the solver applies (the schema keeps `grouping` open: its other keys are warned). */
function orderGrouping(req: OptimizationRequest): { order_grouping: { grouping_diameter: number } } | undefined {
  const diameter = req.options?.grouping?.order_grouping?.grouping_diameter;
  return diameter === undefined ? undefined : { order_grouping: { grouping_diameter: diameter } };
}

export function toSolverInput(req: OptimizationRequest, parsed: LatLonPair[]): SolverInput {
  const ids = new ProblemIds(req);
  const locations = [...parsed];
  const mode = req.options?.routing?.mode;
  const zones = zoneNumbers();
  // A task without zones of its own lies in the zones whose shape holds it (zone-shapes.ts).
  const inShapes = zonesByShape(req);
  const taskZones = (own: Id[] | undefined, ...at: number[]) =>
    zones(own ?? (inShapes ? [...new Set(at.flatMap((l) => inShapes(parsed[l])))] : undefined));
  // Depots become their positions; a depot id no depot declares is dropped (warned at submit).
  const depotAt = new Map((req.depots ?? []).map((d, i) => [idKey(d.id), i]));
  const depotIds = (ids: Id[] | undefined) => ids?.flatMap((id) => depotAt.get(idKey(id)) ?? []);
  const task = (relation: number, type: TaskStepType, id: string | number): number => {
    const at = ids.task(type, id);
    if (at === undefined) throw new SolverError('relation', `relation ${relation}: unknown ${type} ${id}`);
    return at;
  };
  const request: SolverRequest = {
    description: req.description,
    locations,
    vehicles: req.vehicles.map(
      // The client-only fields stay behind: the solver does not read them.
      (
        { location: _l, attributes: _a, priority: _p, remaining_waypoints: _w, depot: _d, start_depot_ids: _s, end_depot_ids: _e, ...v },
        i,
      ) => ({
        ...withoutFieldsNotBuilt(v),
        ...depotChoice(req.vehicles[i], depotIds),
        id: i,
        start_index: startIndex(req.vehicles[i], locations),
        breaks: v.breaks?.map((b, k) => ({ ...b, id: k })),
        profile: v.profile ?? mode ?? 'car',
        zones: zones(v.zones),
      }),
    ),
    jobs: req.jobs?.map((j, i) => ({ ...j, id: i, zones: taskZones(j.zones, j.location_index), depot_ids: depotIds(j.depot_ids) })),
    depots: req.depots?.map((d, i) => ({
      id: i,
      location_index: d.location_index,
      service: d.service,
      time_windows: d.time_windows as [number, number][] | undefined,
    })),
    shipments: req.shipments?.map((s, i) => ({
      ...s,
      pickup: { ...s.pickup, id: i },
      delivery: { ...s.delivery, id: i },
      zones: taskZones(s.zones, s.pickup.location_index, s.delivery.location_index),
    })),
    relations: req.relations?.map((r, ri) => ({
      type: r.type,
      steps: r.steps.map((s) => ({
        type: s.type,
        id: s.id === undefined || s.type === 'start' || s.type === 'end' ? undefined : task(ri, s.type, s.id),
      })),
      vehicle: r.vehicle === undefined ? undefined : ids.vehicle(r.vehicle),
      min_duration: r.min_duration,
      max_duration: r.max_duration,
    })),
    options: { objective: req.options?.objective, constraint: req.options?.constraint, grouping: orderGrouping(req) },
    // An earlier plan is a hint: steps whose ids the problem lacks are left out (and warned at submit).
    solution: req.solution?.flatMap((route) => {
      const vehicle = ids.vehicle(route.vehicle);
      if (vehicle === undefined) return [];
      const steps = route.steps.flatMap((s) => {
        if (s.id === undefined || s.type === 'start' || s.type === 'end' || s.type === 'break' || s.type === 'layover') return [];
        const at = ids.task(s.type, s.id);
        return at === undefined ? [] : [{ type: s.type, id: at }];
      });
      return [{ vehicle, steps }];
    }),
  };
  for (const key of ['jobs', 'shipments', 'relations', 'solution', 'depots'] as const) if (request[key] === undefined) delete request[key];
  return { request, locations };
}

/** The vehicle fields warned as not built stay behind too, so the solver never half-reads one. */
function withoutFieldsNotBuilt<T extends object>(v: T): T {
  const out = { ...v } as Record<string, unknown>;
  for (const f of VEHICLE_FIELDS_NOT_BUILT) delete out[f];
  return out as T;
}
