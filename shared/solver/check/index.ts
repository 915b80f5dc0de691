// Independent checker: re-derives every number of a result from the raw request and matrices
// with its own plain code (it shares nothing with the solver's evaluation) and lists every
// broken rule. The tests use it as the oracle.
import { greatCircleMeters } from '../../geo/sphere';
import type { LatLonPair } from '../../geo/types';
import { withChosenDepots } from './depot-rules';
import { checkLayovers } from './layover-rules';
import { routeCapacity } from './capacity-rules';
import { deadheadCost, minStopLoadCost, perOrderCost } from './cost-rules';
import { checkOrderGroups } from './order-groups';
import { checkShifts } from './shift-rules';
import { asPart, checkSplits } from './split-rules';
import { checkTaskRules } from './task-rules';
import { atSpeed, runsOf, stopsOnRoute } from './vehicle-rules';
import type { ResultStep, SolverMatrices, SolverRequest, SolverResult, Window } from '../types';

export interface Violation {
  vehicle?: number;
  step?: number;
  rule: string;
  detail: string;
}

interface TaskDef {
  key: string;
  type: 'job' | 'pickup' | 'delivery';
  id: number;
  loc: number;
  service: number;
  setup: number;
  tws: Window[];
  skills: number[];
  delivery: number[];
  pickup: number[];
  shipment: number; // index of the shipment, -1 for jobs
  maxInVehicle: number;
  /** Its own max_visit_lateness, else undefined (the global allowance applies). */
  maxLate?: number;
}

const TOL = 1e-6;

function tasksOf(req: SolverRequest): Map<string, TaskDef> {
  const m = new Map<string, TaskDef>();
  for (const j of req.jobs ?? [])
    m.set(`job:${j.id}`, {
      key: `job:${j.id}`,
      type: 'job',
      id: j.id,
      loc: j.location_index,
      service: j.service ?? 0,
      setup: j.setup ?? 0,
      tws: j.time_windows ?? [],
      skills: j.skills ?? [],
      delivery: j.delivery ?? [],
      pickup: j.pickup ?? [],
      shipment: -1,
      maxInVehicle: Infinity,
      maxLate: j.max_visit_lateness,
    });
  (req.shipments ?? []).forEach((s, k) => {
    for (const type of ['pickup', 'delivery'] as const) {
      const st = s[type];
      m.set(`${type}:${st.id}`, {
        key: `${type}:${st.id}`,
        type,
        id: st.id,
        loc: st.location_index,
        service: st.service ?? 0,
        setup: st.setup ?? 0,
        tws: st.time_windows ?? [],
        skills: s.skills ?? [],
        delivery: type === 'delivery' ? (s.amount ?? []) : [],
        pickup: type === 'pickup' ? (s.amount ?? []) : [],
        shipment: k,
        maxInVehicle: s.max_time_in_vehicle ?? Infinity,
        maxLate: st.max_visit_lateness,
      });
    }
  });
  return m;
}

export function checkSolution(req: SolverRequest, matrices: SolverMatrices, res: SolverResult): Violation[] {
  const out: Violation[] = [];
  const bad = (rule: string, detail: string, vehicle?: number, step?: number) => out.push({ rule, detail, vehicle, step });
  const tasks = tasksOf(req);
  // A step of a split job serves one part, with its own goods (split-rules.ts).
  const taskOf = (s: ResultStep) => asPart(tasks.get(`${s.type}:${s.id}`), s);
  const seen = new Map<string, number>(); // task key -> vehicle id
  const arrivalOf = new Map<string, number>();
  const startOf = new Map<string, number>();
  const posOf = new Map<string, number>();
  const relaxed = new Set<string>();
  const sameRoute = new Set<string>();
  for (const r of req.relations ?? [])
    for (const s of r.steps)
      if (s.type !== 'start' && s.type !== 'end') {
        relaxed.add(`${s.type}:${s.id}`);
        if (r.type === 'in_same_route') sameRoute.add(`${s.type}:${s.id}`);
      }
  const cons = req.options?.constraint ?? {};
  const hasRel = (req.relations ?? []).length > 0;
  const maxLate = hasRel ? 0 : (cons.max_visit_lateness ?? 0);
  const maxOver = hasRel ? 0 : (cons.max_vehicle_overtime ?? 0);
  const latePen = cons.visit_lateness_penalty ?? 1;
  const overPen = cons.vehicle_overtime_penalty ?? 1;
  const travelCost = req.options?.objective?.travel_cost ?? 'duration';
  const allowEarly = req.options?.objective?.allow_early_arrival !== false;
  const profiles = Object.keys(matrices);
  const usedVehicles = new Set<number>();
  let totalCost = 0;

  for (const route of res.routes) {
    const listed = req.vehicles.find((v) => v.id === route.vehicle);
    if (!listed) {
      bad('vehicle', `unknown vehicle ${route.vehicle}`);
      continue;
    }
    // With candidate depots, the one the route uses stands for start_index / end_index from here on.
    const vehicle = withChosenDepots(req, listed, route, (rule, detail, i) => bad(rule, detail, listed.id, i));
    const vid = vehicle.id;
    if (usedVehicles.has(vid)) bad('vehicle', 'vehicle used by two routes', vid);
    usedVehicles.add(vid);
    const m = atSpeed(matrices[vehicle.profile ?? ('car' in matrices ? 'car' : profiles[0])], vehicle.speed_factor);
    const dims = Math.max(vehicle.capacity?.length ?? 0, ...[...tasks.values()].map((t) => Math.max(t.delivery.length, t.pickup.length)));
    const cap = routeCapacity(vehicle, route, (rule, detail) => bad(rule, detail, vid));
    const steps = route.steps;
    const taskSteps = steps.filter((s) => s.type === 'job' || s.type === 'pickup' || s.type === 'delivery');
    if (taskSteps.length === 0) bad('route', 'route without tasks', vid);
    if (vehicle.max_tasks !== undefined && taskSteps.length > vehicle.max_tasks) bad('max_tasks', `${taskSteps.length} tasks`, vid);
    const stops = stopsOnRoute(taskSteps);
    if (vehicle.max_stops !== undefined && stops > vehicle.max_stops) bad('max_stops', `${stops} stops`, vid);
    if (vehicle.start_index !== undefined && (steps[0]?.type !== 'start' || steps[0].location_index !== vehicle.start_index))
      bad('start', 'route must begin at the vehicle start', vid);
    if (
      vehicle.end_index !== undefined &&
      (steps[steps.length - 1]?.type !== 'end' || steps[steps.length - 1].location_index !== vehicle.end_index)
    )
      bad('end', 'route must finish at the vehicle end', vid);

    // A start at a depot may wait for the depot to open and loads for its service (check/task-rules.ts).
    const startDepot = (req.depots ?? []).find((d) => d.location_index === vehicle.start_index);
    // Runs (multi-trip): each start step opens one; a start or end step between two is at the start depot.
    const runs = runsOf(vehicle, steps, startDepot !== undefined, (rule, detail, i) => bad(rule, detail, vid, i));
    // Loads: a run leaves with the deliveries of its jobs and brings its pickups back to its end.
    const runLoad = (r: number) => {
      const l = new Array<number>(dims).fill(0);
      steps.forEach((s, i) => {
        const t = runs.of[i] === r ? taskOf(s) : undefined;
        if (t && t.type === 'job') for (let d = 0; d < dims; d++) l[d] += t.delivery[d] ?? 0;
      });
      return l;
    };
    let load = runLoad(0);
    const vtw = vehicle.time_window ?? [0, Infinity];
    let time = vtw[0];
    let prevLoc = vehicle.start_index ?? -1;
    let travelDur = 0;
    let dist = 0;
    let cost = 0;
    let arcs = 0;
    const pickedAt = new Map<number, number>();
    const breaksSeen = new Set<number>();
    let taskPos = 0;
    const checkLoad = (s: ResultStep, i: number) => {
      for (let d = 0; d < dims; d++) {
        if (load[d] > cap(d)) bad('capacity', `dimension ${d}: ${load[d]} > ${cap(d)}`, vid, i);
        if ((s.load[d] ?? 0) !== load[d]) bad('load', `reported ${s.load[d]}, actual ${load[d]}`, vid, i);
      }
    };
    const arcCost = (a: number, b: number) => {
      if (travelCost === 'customized') return m.costs ? Number(m.costs[a][b]) : NaN;
      if (vehicle.costs?.per_hour !== undefined || vehicle.costs?.per_km !== undefined)
        return (m.durations[a][b] * (vehicle.costs.per_hour ?? 0)) / 3600 + (m.distances[a][b] * (vehicle.costs.per_km ?? 0)) / 1000;
      if (travelCost === 'distance') return m.distances[a][b];
      if (travelCost === 'air_distance') return airDistance(req.locations[a], req.locations[b]);
      return m.durations[a][b];
    };
    let begin = vtw[0];
    steps.forEach((s, i) => {
      if (s.type === 'start' && i > 0) {
        // A reload: the run before ended here at the depot; the vehicle may wait for it to open.
        if (s.location_index !== vehicle.start_index) bad('max_depot_runs', 'a run starts away from the start depot', vid, i);
        if (Math.abs(s.arrival - time) > TOL) bad('arrival', `reported ${s.arrival}, expected ${time}`, vid, i);
        if (s.waiting_time < -TOL) bad('waiting', 'negative waiting', vid, i);
        if (Math.abs(s.duration - travelDur) > TOL) bad('duration', `reported ${s.duration}, expected ${travelDur}`, vid, i);
        if (Math.abs(s.distance - dist) > TOL) bad('distance', `reported ${s.distance}, expected ${dist}`, vid, i);
        load = runLoad(runs.of[i]);
        checkLoad(s, i);
        time = s.arrival + s.waiting_time + s.service;
        return;
      }
      if (s.type === 'start') {
        checkLoad(s, i);
        // With shifts a route starts when its first run's shift does, at a depot or not.
        if (startDepot || vehicle.shifts?.length) {
          if (s.arrival < vtw[0] - TOL) bad('time_window', `route starts at ${s.arrival}, before the vehicle window`, vid, i);
          begin = s.arrival;
          time = s.arrival + s.service;
        }
        return;
      }
      const between = s.type === 'end' && runs.of[i] < runs.count - 1;
      const endLoc = between ? (vehicle.start_index ?? -1) : (vehicle.end_index ?? -1);
      const rests = s.type === 'break' || s.type === 'layover';
      const loc = rests ? prevLoc : s.type === 'end' ? endLoc : (tasks.get(`${s.type}:${s.id}`)?.loc ?? -1);
      const move = !rests && prevLoc >= 0 && loc >= 0;
      if (move) {
        travelDur += m.durations[prevLoc][loc];
        dist += m.distances[prevLoc][loc];
        arcs += arcCost(prevLoc, loc);
        cost += arcCost(prevLoc, loc);
      }
      const arrival = time + (move ? m.durations[prevLoc][loc] : 0);
      const task = s.type === 'job' || s.type === 'pickup' || s.type === 'delivery';
      if (!allowEarly && task) {
        // The vehicle may leave late but never waits at a task.
        if (s.arrival < arrival - TOL) bad('arrival', `reported ${s.arrival}, earliest ${arrival}`, vid, i);
        if (Math.abs(s.waiting_time) > TOL) bad('early_arrival', `waits ${s.waiting_time} at a task`, vid, i);
      } else if (Math.abs(arrival - s.arrival) > TOL) bad('arrival', `reported ${s.arrival}, expected ${arrival}`, vid, i);
      if (Math.abs(s.duration - travelDur) > TOL) bad('duration', `reported ${s.duration}, expected ${travelDur}`, vid, i);
      if (Math.abs(s.distance - dist) > TOL) bad('distance', `reported ${s.distance}, expected ${dist}`, vid, i);
      if (s.waiting_time < -TOL) bad('waiting', 'negative waiting', vid, i);
      const start = (!allowEarly && task ? s.arrival : arrival) + s.waiting_time;
      if (s.type === 'end') {
        if (start > vtw[1] + maxOver + TOL) bad('time_window', `vehicle back at ${start} > ${vtw[1]}`, vid, i);
        if (start > vtw[1] && !between) cost += (start - vtw[1]) * overPen;
        checkLoad(s, i);
        time = start;
        if (between) {
          if (s.location_index !== loc) bad('max_depot_runs', 'a run ends away from the start depot', vid, i);
          if (pickedAt.size) bad('shipment', 'a shipment rides through a depot visit', vid, i);
          prevLoc = loc;
        }
        return;
      }
      if (s.type === 'layover') {
        // Its length and place: layover-rules.ts.
        checkLoad(s, i);
        time = start + s.service;
        return;
      }
      if (s.type === 'break') {
        const b = (vehicle.breaks ?? []).find((x) => x.id === s.id);
        if (!b) bad('break', `unknown break ${s.id}`, vid, i);
        else {
          if (breaksSeen.has(b.id)) bad('break', 'break taken twice', vid, i);
          breaksSeen.add(b.id);
          if (!(b.time_windows ?? []).some((w) => start >= w[0] - TOL && start <= w[1] + TOL) && (b.time_windows ?? []).length)
            bad('break', `break starts at ${start} outside its windows`, vid, i);
          if (s.service !== (b.service ?? 0)) bad('break', 'break service differs', vid, i);
        }
        checkLoad(s, i);
        time = start + (b?.service ?? 0);
        return;
      }
      const t = taskOf(s);
      if (!t) {
        bad('task', `unknown ${s.type} ${s.id}`, vid, i);
        return;
      }
      if (seen.has(t.key)) bad('task', `${t.key} served twice`, vid, i);
      seen.set(t.key, vid);
      seen.set(`${s.type}:${s.id}`, vid);
      arrivalOf.set(t.key, arrival);
      startOf.set(t.key, start);
      posOf.set(t.key, taskPos++);
      if (s.location_index !== t.loc) bad('location', `${t.key} at ${s.location_index}, expected ${t.loc}`, vid, i);
      const vs = new Set(vehicle.skills ?? []);
      if (!t.skills.every((k) => vs.has(k))) bad('skills', `${t.key} needs skills the vehicle lacks`, vid, i);
      if (t.tws.length && !relaxed.has(t.key)) {
        const inside = t.tws.some((w) => start >= w[0] - TOL && start <= w[1] + TOL);
        if (!inside) {
          const late = Math.min(...t.tws.filter((w) => start > w[1]).map((w) => start - w[1]));
          const earlyOk = t.tws.some((w) => start >= w[0]);
          if (!earlyOk || !(late <= (t.maxLate ?? maxLate) + TOL)) bad('time_window', `${t.key} starts at ${start}`, vid, i);
          else cost += late * latePen;
        }
      }
      if (sameRoute.has(t.key) && cons.max_activity_waiting_time !== undefined && s.waiting_time > cons.max_activity_waiting_time + TOL)
        bad('waiting', `${t.key} waits ${s.waiting_time}`, vid, i);
      const setup = loc === prevLoc ? 0 : t.setup;
      if (s.setup !== setup) bad('setup', `reported ${s.setup}, expected ${setup}`, vid, i);
      if (s.service !== t.service) bad('service', `reported ${s.service}`, vid, i);
      for (let d = 0; d < dims; d++) load[d] += (t.pickup[d] ?? 0) - (t.delivery[d] ?? 0);
      checkLoad(s, i);
      time = start + setup + t.service;
      if (t.type === 'pickup') pickedAt.set(t.shipment, time);
      if (t.type === 'delivery') {
        const dep = pickedAt.get(t.shipment);
        if (dep === undefined) bad('shipment', `${t.key} before its pickup or on another route`, vid, i);
        else if (arrival - dep > t.maxInVehicle + TOL) bad('max_time_in_vehicle', `${t.key}: ${arrival - dep}s on board`, vid, i);
        pickedAt.delete(t.shipment);
      }
      prevLoc = loc;
    });
    if (pickedAt.size) bad('shipment', 'pickup without its delivery on the route', vid);
    checkLayovers(vehicle, steps, allowEarly, (rule, detail, i) => bad(rule, detail, vid, i));
    for (const b of vehicle.breaks ?? []) if (!breaksSeen.has(b.id)) bad('break', `break ${b.id} not taken`, vid);
    if (vehicle.end_index === undefined && vtw[1] !== undefined && time > vtw[1] + maxOver + TOL)
      bad('time_window', `vehicle busy until ${time}`, vid);
    if (vehicle.max_travel_time !== undefined && travelDur > vehicle.max_travel_time) bad('max_travel_time', `${travelDur}`, vid);
    if (vehicle.max_distance !== undefined && dist > vehicle.max_distance) bad('max_distance', `${dist}`, vid);
    const offShift = checkShifts(vehicle, steps, time, (rule, detail, i) => bad(rule, detail, vid, i));
    if (vehicle.max_working_time !== undefined && time - begin - offShift > vehicle.max_working_time)
      bad('max_working_time', `${time - begin - offShift}`, vid);
    if (vehicle.max_travel_cost !== undefined && arcs > vehicle.max_travel_cost + TOL) bad('max_travel_cost', `${arcs}`, vid);
    cost += (vehicle.costs?.fixed ?? 0) + perOrderCost(vehicle, steps) + deadheadCost(vehicle, steps);
    cost += minStopLoadCost(vehicle, steps, req.jobs ?? []);
    if (Math.abs(Math.round(cost) - route.cost) > 1) bad('cost', `reported ${route.cost}, expected ${cost}`, vid);
    if (Math.abs(route.duration - travelDur) > TOL) bad('duration', `route duration ${route.duration} != ${travelDur}`, vid);
    if (Math.abs(route.distance - dist) > TOL) bad('distance', `route distance ${route.distance} != ${dist}`, vid);
    totalCost += route.cost;
  }

  checkRelations(req, seen, posOf, startOf, res, bad);
  checkTaskRules(req, res, bad);
  checkOrderGroups(req, res, bad);
  checkSplits(req, res, bad);
  const unassigned = new Set(res.unassigned.map((u) => `${u.type}:${u.id}`));
  for (const key of tasks.keys()) {
    if (seen.has(key) && unassigned.has(key)) bad('unassigned', `${key} both served and unassigned`);
    if (!seen.has(key) && !unassigned.has(key)) bad('unassigned', `${key} neither served nor unassigned`);
  }
  if (res.summary.cost !== totalCost) bad('summary', `cost ${res.summary.cost} != ${totalCost}`);
  if (res.summary.routes !== res.routes.length) bad('summary', 'route count');
  if (res.summary.unassigned !== res.unassigned.length) bad('summary', 'unassigned count');
  return out;
}

function checkRelations(
  req: SolverRequest,
  seen: Map<string, number>,
  posOf: Map<string, number>,
  startOf: Map<string, number>,
  res: SolverResult,
  bad: (rule: string, detail: string, vehicle?: number) => void,
): void {
  (req.relations ?? []).forEach((r, ri) => {
    const keys = r.steps.filter((s) => s.type !== 'start' && s.type !== 'end').map((s) => `${s.type}:${s.id}`);
    const served = keys.filter((k) => seen.has(k));
    if (served.length === 0) return;
    if (r.type === 'pinned') {
      for (const k of served)
        if (r.vehicle !== undefined && seen.get(k) !== r.vehicle) bad('relation', `relation ${ri}: ${k} not on vehicle ${r.vehicle}`);
      return;
    }
    if (served.length !== keys.length) return bad('relation', `relation ${ri}: only part of its steps are served`);
    const vid = seen.get(keys[0])!;
    if (keys.some((k) => seen.get(k) !== vid)) return bad('relation', `relation ${ri}: steps on different routes`);
    if (r.vehicle !== undefined && vid !== r.vehicle) bad('relation', `relation ${ri}: on vehicle ${vid}, not ${r.vehicle}`);
    if (r.type === 'in_same_route') return;
    const route = res.routes.find((x) => x.vehicle === vid)!;
    const nTasks = route.steps.filter((s) => s.type === 'job' || s.type === 'pickup' || s.type === 'delivery').length;
    let prevPos = -Infinity;
    let prevStart: number | null = null;
    for (const s of r.steps) {
      const pos = s.type === 'start' ? -1 : s.type === 'end' ? nTasks : posOf.get(`${s.type}:${s.id}`)!;
      if (pos < prevPos) bad('relation', `relation ${ri}: order broken`, vid);
      if (r.type === 'in_direct_sequence' && prevPos !== -Infinity && pos !== prevPos + 1)
        bad('relation', `relation ${ri}: not direct`, vid);
      if (r.type === 'precedence' && s.type !== 'start' && s.type !== 'end') {
        const st = startOf.get(`${s.type}:${s.id}`)!;
        if (prevStart !== null) {
          const gap = st - prevStart;
          if (gap < (r.min_duration ?? 0) || gap > (r.max_duration ?? Infinity)) bad('relation', `relation ${ri}: gap ${gap}`, vid);
        }
        prevStart = st;
      }
      prevPos = pos;
    }
  });
}

/** Rounded as the solver rounds its air-distance matrix, so a route's cost agrees to the unit. */
function airDistance(a: LatLonPair, b: LatLonPair): number {
  return Math.round(greatCircleMeters(a[0], a[1], b[0], b[1]));
}
