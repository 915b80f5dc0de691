// The API's `result` object of an optimization, built from the full evaluation of each route.
import { capacityOptions } from '../model/capacities';
import { endDepotId, startDepotId } from '../model/depot-choice';
import { KIND_DELIVERY, KIND_JOB, KIND_PICKUP } from '../model/tasks';
import { type Problem } from '../model/problem';
import { unassignedReason } from './reasons';
import { evaluateRoute } from '../routes/route-eval';
import type { Solution } from '../routes/solution';
import type { ResultRoute, ResultStep, ResultUnassigned, SolverResult } from '../types';

const TYPES = ['job', 'pickup', 'delivery'] as const;

function taskInfo(p: Problem, t: number): { description?: string; metadata?: Record<string, unknown> } {
  const req = p.request;
  const nJobs = req.jobs?.length ?? 0;
  if (p.kind[t] === KIND_JOB) {
    const j = req.jobs![t];
    return { description: j.description, metadata: j.metadata };
  }
  const s = req.shipments![(t - nJobs) >> 1];
  const step = p.kind[t] === KIND_PICKUP ? s.pickup : s.delivery;
  return { description: step.description, metadata: s.metadata };
}

function amounts(p: Problem, t: number): { delivery: number[]; pickup: number[] } {
  const req = p.request;
  const dims = p.shownDims;
  const nJobs = req.jobs?.length ?? 0;
  const z = () => new Array<number>(dims).fill(0);
  if (p.kind[t] === KIND_JOB) {
    const j = req.jobs![t];
    return { delivery: z().map((_, d) => j.delivery?.[d] ?? 0), pickup: z().map((_, d) => j.pickup?.[d] ?? 0) };
  }
  const s = req.shipments![(t - nJobs) >> 1];
  const amt = z().map((_, d) => s.amount?.[d] ?? 0);
  return p.kind[t] === KIND_PICKUP ? { delivery: z(), pickup: amt } : { delivery: amt, pickup: z() };
}

function clean<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

export function buildResult(p: Problem, sol: Solution, relationDropped: Set<number>): SolverResult {
  // Loads are reported in the request's dimensions; cargo volume, when modelled, is not one.
  const dims = p.shownDims;
  const stride = p.dims;
  const routes: ResultRoute[] = [];
  const rules = p.rules;
  const withRevenue = rules.revenue.some((x) => x !== 0);
  // Without early arrival the vehicle idles before it drives on, so it reaches a task as it starts.
  const early = p.request.options?.objective?.allow_early_arrival !== false;
  const locOf = (l: number) => (l >= 0 ? { location: p.request.locations[l], location_index: l } : {});
  for (const r of sol.routes) {
    if (r.length === 0) continue;
    const v = r.v;
    const reqV = p.request.vehicles[v.index];
    const ev = evaluateRoute(p, v, r.seq, true);
    if (!ev.ok) throw new Error(`internal: route of vehicle ${v.id} infeasible (${ev.reason})`);
    const load = Array.from(ev.startLoad.subarray(0, dims));
    const steps: ResultStep[] = [];
    const route: ResultRoute = {
      vehicle: v.id,
      cost: Math.round(ev.cost),
      description: reqV.description,
      setup: 0,
      service: 0,
      duration: ev.duration,
      waiting_time: ev.waiting,
      priority: 0,
      distance: ev.distance,
      delivery: new Array(dims).fill(0),
      pickup: new Array(dims).fill(0),
      metadata: reqV.metadata,
      steps,
    };
    route.service += v.startService;
    // Multi-trip vehicles number every step with its run (1-based), as the commercial result does.
    let run = v.maxRuns > 1 ? 1 : undefined;
    if (v.start >= 0)
      steps.push(
        clean({
          type: 'start',
          arrival: ev.startTime - v.startService,
          duration: 0,
          distance: 0,
          setup: 0,
          service: v.startService,
          waiting_time: 0,
          ...locOf(v.start),
          load: load.slice(),
          depot: startDepotId(v, rules.depotAt),
          run,
        }),
      );
    let lastLoc = v.start;
    for (const s of ev.schedule!) {
      if (s.kind === 'reload') {
        // One run ends back at the depot (with the pickups it brings back); the next starts there.
        const depotStep = (type: 'start' | 'end', service: number, waiting: number): ResultStep =>
          clean({
            type,
            arrival: s.arrival,
            duration: s.travelDur,
            distance: s.travelDist,
            setup: 0,
            service,
            waiting_time: waiting,
            ...locOf(s.loc),
            load: load.slice(),
            depot: startDepotId(v, rules.depotAt),
            run,
          });
        steps.push(depotStep('end', 0, 0));
        run = s.ref + 1;
        for (let d = 0; d < dims; d++) load[d] = ev.runLoads![s.ref][d];
        route.service += v.reloadService;
        steps.push(depotStep('start', v.reloadService, s.start - s.arrival));
        lastLoc = s.loc;
        continue;
      }
      if (s.kind === 'layover') {
        // A rest where the vehicle is, before it drives on: its length is the step's service.
        const rest = v.layover!.duration;
        route.service += rest;
        steps.push(
          clean({
            type: 'layover',
            arrival: s.arrival,
            duration: s.travelDur,
            distance: s.travelDist,
            setup: 0,
            service: rest,
            waiting_time: 0,
            ...locOf(s.loc >= 0 ? s.loc : lastLoc),
            load: load.slice(),
            run,
          }),
        );
        continue;
      }
      if (s.kind === 'break') {
        const b = v.breaks[s.ref];
        route.service += b.service;
        steps.push(
          clean({
            type: 'break',
            id: b.id,
            arrival: s.arrival,
            duration: s.travelDur,
            distance: s.travelDist,
            setup: 0,
            service: b.service,
            waiting_time: s.start - s.arrival,
            ...locOf(s.loc >= 0 ? s.loc : lastLoc),
            load: load.slice(),
            run,
          }),
        );
        continue;
      }
      const t = s.ref;
      for (let d = 0; d < dims; d++) load[d] += p.delta[t * stride + d];
      const a = amounts(p, t);
      for (let d = 0; d < dims; d++) {
        route.delivery[d] += a.delivery[d];
        route.pickup[d] += a.pickup[d];
      }
      if (p.kind[t] !== KIND_DELIVERY) route.priority += p.priority[t];
      if (withRevenue) route.revenue = (route.revenue ?? 0) + rules.revenue[t];
      route.setup += s.setup;
      route.service += p.service[t];
      const info = taskInfo(p, t);
      steps.push(
        clean({
          type: TYPES[p.kind[t]],
          id: p.ids[t],
          arrival: early ? s.arrival : s.start,
          duration: s.travelDur,
          distance: s.travelDist,
          setup: s.setup,
          service: p.service[t],
          waiting_time: early ? s.start - s.arrival : 0,
          ...locOf(s.loc),
          load: load.slice(),
          description: info.description,
          metadata: info.metadata,
          late_by: s.late > 0 ? s.late : undefined,
          run,
        }),
      );
      lastLoc = s.loc;
    }
    if (v.end >= 0)
      steps.push(
        clean({
          type: 'end',
          arrival: ev.endTime,
          duration: ev.duration,
          distance: ev.distance,
          setup: 0,
          service: 0,
          waiting_time: 0,
          ...locOf(v.end),
          load: load.slice(),
          depot: endDepotId(v, rules.depotAt),
          run,
        }),
      );
    if (ev.overtime > 0) route.overtime = ev.overtime;
    if (ev.adopted !== undefined) route.adopted_capacity = [...capacityOptions(reqV)![ev.adopted]];
    routes.push(clean(route));
  }
  const unassigned: ResultUnassigned[] = [];
  for (let t = 0; t < p.nTasks; t++) {
    if (sol.routeOf[t] >= 0 || p.kind[t] === KIND_DELIVERY) continue;
    const reason = unassignedReason(p, sol, t, relationDropped);
    for (const x of p.kind[t] === KIND_JOB ? [t] : [t, p.pair[t]])
      unassigned.push({ id: p.ids[x], type: TYPES[p.kind[x]], location: p.request.locations[p.loc[x]], location_index: p.loc[x], reason });
  }
  const sum = (f: (r: ResultRoute) => number) => routes.reduce((a, r) => a + f(r), 0);
  const lateness = routes.reduce((a, r) => a + r.steps.reduce((b, s) => b + (s.late_by ?? 0), 0), 0);
  const overtime = sum((r) => r.overtime ?? 0);
  return {
    code: 0,
    summary: clean({
      cost: sum((r) => r.cost),
      routes: routes.length,
      unassigned: unassigned.length,
      setup: sum((r) => r.setup),
      service: sum((r) => r.service),
      duration: sum((r) => r.duration),
      waiting_time: sum((r) => r.waiting_time),
      priority: sum((r) => r.priority),
      distance: sum((r) => r.distance),
      delivery: new Array(dims).fill(0).map((_, d) => sum((r) => r.delivery[d])),
      pickup: new Array(dims).fill(0).map((_, d) => sum((r) => r.pickup[d])),
      lateness: lateness > 0 ? lateness : undefined,
      overtime: overtime > 0 ? overtime : undefined,
      revenue: withRevenue ? sum((r) => r.revenue ?? 0) : undefined,
    }),
    routes,
    unassigned,
  };
}
