// Full evaluation of one route: the solver's reference semantics (every constraint, breaks,
// soft penalties). O(route length); the O(1) checks in route-cache.ts are its fast filter.
import { adoptedConfig } from './capacities';
import { cargoViolation } from './cargo';
import { LayoverClock } from './layovers';
import { deadheadPenalty } from './deadhead';
import { minStopLoadPenalty } from './min-stop-load';
import { planRuns, reloadStart, type RunPlan } from './runs';
import { shiftDeparture } from './shifts';
import { windowStart } from './windows';
import { depotAllows } from '../model/task-rules';
import { KIND_DELIVERY, KIND_PICKUP } from '../model/tasks';
import { type Problem } from '../model/problem';
import { type VehicleModel } from '../model/vehicles';
import type { UnassignedReason } from '../types';

export interface ScheduledStep {
  /** `reload`: back at the start depot, between two runs (multi-trip); `layover`: a rest (layovers.ts). */
  kind: 'task' | 'break' | 'reload' | 'layover';
  ref: number; // task index, break index in vehicle.breaks, or the run a reload starts (0-based)
  arrival: number;
  start: number;
  setup: number;
  loc: number;
  travelDur: number; // cumulative travel duration on arrival
  travelDist: number;
  late: number;
}

export interface RouteEval {
  ok: boolean;
  reason: UnassignedReason | null;
  cost: number; // travel cost + fixed + per order + soft penalties
  travelCost: number;
  duration: number;
  distance: number;
  waiting: number;
  startTime: number;
  endTime: number;
  lateness: number;
  overtime: number;
  startLoad: Int32Array;
  /** Alternative capacities: the index of the configuration the route adopts. */
  adopted?: number;
  /** Multi-trip: the load each run leaves the depot with (the first is `startLoad`). */
  runLoads?: Int32Array[];
  schedule?: ScheduledStep[];
}

const INF = Number.POSITIVE_INFINITY;
/** takeBreaks' next stop when it is a reload at the start depot. */
const RELOAD = -2;

export { windowStart };

function softEnd(p: Problem, task: number, start: number): number {
  for (let w = p.twOff[task]; w < p.twOff[task + 1]; w++) if (start >= p.twStart[w] && start <= p.twEndSoft[w]) return 0;
  if (p.relaxTw[task]) return 0;
  let best = INF;
  for (let w = p.twOff[task]; w < p.twOff[task + 1]; w++) if (start > p.twEndSoft[w]) best = Math.min(best, start - p.twEndSoft[w]);
  return best === INF ? 0 : best;
}

function breakStart(b: VehicleModel['breaks'][number], t: number): number {
  for (let w = 0; w < b.twStart.length; w++) if (t <= b.twEnd[w]) return Math.max(t, b.twStart[w]);
  return -1;
}

/** A stop is a run of consecutive tasks at one location (open locations each count). */
export function stopCount(p: Problem, seq: ArrayLike<number>): number {
  let stops = 0;
  for (let k = 0; k < seq.length; k++) if (k === 0 || p.loc[seq[k]] < 0 || p.loc[seq[k]] !== p.loc[seq[k - 1]]) stops++;
  return stops;
}

export function evaluateRoute(p: Problem, v: VehicleModel, seq: ArrayLike<number>, withSchedule = false): RouteEval {
  const dims = p.dims;
  const n = p.nLoc;
  const len = seq.length;
  const res: RouteEval = {
    ok: true,
    reason: null,
    cost: 0,
    travelCost: 0,
    duration: 0,
    distance: 0,
    waiting: 0,
    startTime: v.twStart,
    endTime: v.twStart,
    lateness: 0,
    overtime: 0,
    startLoad: new Int32Array(dims),
  };
  if (len === 0) return res;
  const fail = (reason: UnassignedReason): RouteEval => ({ ...res, ok: false, reason });
  if (len > v.maxTasks) return fail('max_tasks');
  if (len > v.maxStops && stopCount(p, seq) > v.maxStops) return fail('max_stops');
  const schedule: ScheduledStep[] | undefined = withSchedule ? [] : undefined;

  let load = res.startLoad;
  for (let k = 0; k < len; k++) {
    const tk = seq[k];
    if (!p.allowed[tk * p.vehicles.length + v.index]) return fail(p.taskRelations[tk].length ? 'relation' : 'skills');
    // `allowed` holds when some candidate depot suits the task; this route's own start must.
    if (v.depots && !depotAllows(p.rules.depotLocations[tk], v.start)) return fail('depot');
    for (let d = 0; d < dims; d++) load[d] += p.startLoad[tk * dims + d];
  }
  let runs: RunPlan | null = null;
  if (v.maxRuns > 1 || v.shifts) {
    const plan = planRuns(p, v, seq);
    if (typeof plan === 'string') return fail(plan);
    runs = plan;
    load = res.startLoad = plan.startLoads[0];
    res.runLoads = plan.startLoads;
  }
  const cur = Int32Array.from(load);
  for (let d = 0; d < dims; d++) if (cur[d] > v.cap[d]) return fail('capacity');
  if (p.rules.hasSequence && !inSequenceOrder(p, seq)) return fail('sequence_order');
  if (p.orderGroup && !groupsContiguous(p.orderGroup, seq)) return fail('grouping');
  if (p.rules.hasCargo) {
    const broken = cargoViolation(p, seq);
    if (broken) return fail(broken);
  }

  let t = v.twStart;
  // With shifts the route starts when its first run's shift lets it; gaps between shifts are off the clock.
  const shifts = runs?.shifts ? v.shifts : null;
  let offClock = 0;
  if (shifts) {
    t = shiftDeparture(v, shifts[runs!.shifts![0]], v.twStart - v.startService, v.startService);
    if (t < 0) return fail('time_window');
    res.startTime = t;
  }
  let prev = v.start;
  let dur = 0;
  let dist = 0;
  let tc = 0;
  const pickupDeparture = new Map<number, number>();
  let deliveries = 0;
  const nb = v.breaks.length;
  let nextBreak = 0;
  let nextReload = 0;
  const depot = v.start;
  const starts = p.relations.length ? new Map<number, number>() : null;
  const positions = p.relations.length ? new Map<number, number>() : null;
  const lay = v.layover ? new LayoverClock(v.layover) : null;
  lay?.work(v.startService);
  if (lay && lay.count > lay.rule.max) return fail('max_continuous_time');
  // Before driving `travel` on, a layover here when the leg would not fit (layovers.ts).
  const layoverBefore = (clock: LayoverClock, travel: number, idleFrom: (dep: number) => number, work: number): boolean => {
    if (clock.restFirst(travel, idleFrom(t), work)) {
      if (schedule)
        schedule.push({ kind: 'layover', ref: 0, arrival: t, start: t, setup: 0, loc: prev, travelDur: dur, travelDist: dist, late: 0 });
      t += clock.rule.duration;
      clock.rest();
    }
    return clock.leg(travel, idleFrom(t), work);
  };

  // A break is taken before travelling on when deferring it past the next task would miss its
  // window, or when it fits in the waiting time at the next task anyway.
  const takeBreaks = (nextTask: number): boolean => {
    while (nextBreak < nb) {
      const b = v.breaks[nextBreak];
      const bs = breakStart(b, t);
      if (bs < 0) return false;
      let take = true;
      if (nextTask === RELOAD) {
        const tt = prev >= 0 ? v.dur[prev * n + depot] : 0;
        const st = reloadStart(v, t + tt);
        if (st >= 0) take = bs + b.service + tt <= st || breakStart(b, st + v.reloadService) < 0;
      } else if (nextTask >= 0) {
        const tt = prev >= 0 && p.loc[nextTask] >= 0 ? v.dur[prev * n + p.loc[nextTask]] : 0;
        const st = windowStart(p, nextTask, t + tt);
        if (st >= 0) {
          const su = prev === p.loc[nextTask] ? 0 : p.setup[nextTask];
          const after = st + su + p.service[nextTask];
          const freeNow = bs + b.service + tt <= st;
          take = freeNow || breakStart(b, after) < 0;
        }
      }
      if (!take) return true;
      if (schedule)
        schedule.push({
          kind: 'break',
          ref: nextBreak,
          arrival: t,
          start: bs,
          setup: 0,
          loc: prev,
          travelDur: dur,
          travelDist: dist,
          late: 0,
        });
      res.waiting += bs - t;
      lay?.pause(bs - t + b.service);
      t = bs + b.service;
      nextBreak++;
    }
    return true;
  };

  for (let k = 0; k < len; k++) {
    const tk = seq[k];
    if (runs && runs.reloads[nextReload] === k) {
      // Back to the start depot: unload the run's pickups, load the next run's deliveries.
      if (!takeBreaks(RELOAD)) return fail('break');
      if (lay) {
        const tt = v.dur[prev * n + depot];
        if (!layoverBefore(lay, tt, (dep) => Math.max(0, reloadStart(v, dep + tt) - dep - tt), v.reloadService))
          return fail('max_continuous_time');
      }
      dur += v.dur[prev * n + depot];
      dist += v.dist[prev * n + depot];
      tc += v.cost[prev * n + depot];
      const arrival = t + v.dur[prev * n + depot];
      let st = reloadStart(v, arrival);
      if (shifts) {
        const [back, next] = [shifts[runs!.shifts![nextReload]], shifts[runs!.shifts![nextReload + 1]]];
        if (arrival > back[1]) return fail('time_window');
        const go = shiftDeparture(v, next, arrival, 0);
        st = go;
        offClock += Math.max(0, next[0] - arrival);
      }
      if (st < 0) return fail('time_window');
      res.waiting += st - arrival;
      nextReload++;
      if (schedule)
        schedule.push({
          kind: 'reload',
          ref: nextReload,
          arrival,
          start: st,
          setup: 0,
          loc: depot,
          travelDur: dur,
          travelDist: dist,
          late: 0,
        });
      t = st + v.reloadService;
      prev = depot;
      cur.set(runs.startLoads[nextReload]);
    }
    if (!takeBreaks(tk)) return fail('break');
    const l = p.loc[tk];
    if (lay) {
      const tt = prev >= 0 ? v.dur[prev * n + l] : 0;
      const idleFrom = (dep: number) => {
        const a = dep + tt;
        const st = windowStart(p, tk, starts ? Math.max(a, precedenceEarliest(p, tk, starts)) : a);
        return st < 0 ? 0 : st - a;
      };
      if (!layoverBefore(lay, tt, idleFrom, (prev === l ? 0 : p.setup[tk]) + p.service[tk])) return fail('max_continuous_time');
    }
    if (prev >= 0) {
      dur += v.dur[prev * n + l];
      dist += v.dist[prev * n + l];
      tc += v.cost[prev * n + l];
    }
    const arrival = t + (prev >= 0 ? v.dur[prev * n + l] : 0);
    const st = windowStart(p, tk, starts ? Math.max(arrival, precedenceEarliest(p, tk, starts)) : arrival);
    if (st < 0) return fail('time_window');
    if (st - arrival > p.maxWait && p.waitLimited[tk]) return fail('time_window');
    const late = p.latenessPenalty ? softEnd(p, tk, st) : 0;
    res.lateness += late;
    res.waiting += st - arrival;
    const su = prev === l ? 0 : p.setup[tk];
    if (schedule) schedule.push({ kind: 'task', ref: tk, arrival, start: st, setup: su, loc: l, travelDur: dur, travelDist: dist, late });
    t = st + su + p.service[tk];
    prev = l;
    for (let d = 0; d < dims; d++) {
      cur[d] += p.delta[tk * dims + d];
      if (cur[d] > v.cap[d]) return fail('capacity');
    }
    if (p.kind[tk] === KIND_PICKUP) pickupDeparture.set(tk, t);
    else if (p.kind[tk] === KIND_DELIVERY) {
      const dep = pickupDeparture.get(p.pair[tk]);
      if (dep === undefined) return fail('capacity');
      deliveries++;
      if (arrival - dep > p.maxInVehicle[tk]) return fail('time_window');
    }
    if (starts) starts.set(tk, st);
    if (positions) positions.set(tk, k);
  }
  // A pickup without its delivery on the route would leave the amount on board.
  if (pickupDeparture.size !== deliveries) return fail('capacity');
  if (!takeBreaks(-1)) return fail('break');
  if (lay && v.end >= 0 && prev >= 0 && !layoverBefore(lay, v.dur[prev * n + v.end], () => 0, 0)) return fail('max_continuous_time');
  if (v.end >= 0 && prev >= 0) {
    dur += v.dur[prev * n + v.end];
    dist += v.dist[prev * n + v.end];
    tc += v.cost[prev * n + v.end];
    t += v.dur[prev * n + v.end];
  }
  if (t > v.twEnd) return fail('time_window');
  if (shifts && t > shifts[runs!.shifts![runs!.shifts!.length - 1]][1]) return fail('time_window');
  res.overtime = Math.max(0, t - v.twEndSoft);
  res.endTime = t;
  res.duration = dur;
  res.distance = dist;
  res.travelCost = tc;
  if (dur > v.maxTravelTime) return fail('max_travel_time');
  if (dist > v.maxDistance) return fail('max_distance');
  if (tc > v.maxTravelCost) return fail('max_travel_cost');
  if (t - res.startTime + v.startService - offClock > v.maxWorkingTime) return fail('max_travel_time');
  if (starts && positions && !relationsHold(p, v, seq, starts, positions)) return fail('relation');
  if (v.configs) {
    res.adopted = adoptedConfig(p, v, seq, res.startLoad, runs);
    if (res.adopted < 0) return fail('capacity');
  }
  res.cost = tc + v.fixed + v.perOrder * (len - deliveries) + res.lateness * p.latenessPenalty + res.overtime * p.overtimePenalty;
  if (v.deadhead) res.cost += deadheadPenalty(p, v, seq, res.startLoad, cur);
  if (v.minStopLoad) res.cost += minStopLoadPenalty(p, v, seq);
  res.schedule = schedule;
  return res;
}

/** The members of an order group on a route come one after another. */
function groupsContiguous(orderGroup: Int32Array, seq: ArrayLike<number>): boolean {
  const closed = new Set<number>();
  let current = -1;
  for (let k = 0; k < seq.length; k++) {
    const g = orderGroup[seq[k]];
    if (g === current) continue;
    if (current >= 0) closed.add(current);
    if (g >= 0 && closed.has(g)) return false;
    current = g;
  }
  return true;
}

/** Visits with a sequence_order come in non-decreasing order of it. */
function inSequenceOrder(p: Problem, seq: ArrayLike<number>): boolean {
  let last = -INF;
  for (let k = 0; k < seq.length; k++) {
    const o = p.rules.sequenceOrder[seq[k]];
    if (Number.isNaN(o)) continue;
    if (o < last) return false;
    last = o;
  }
  return true;
}

/** A precedence step waits until min_duration after the step before it has started. */
function precedenceEarliest(p: Problem, tk: number, starts: Map<number, number>): number {
  let earliest = -INF;
  for (const ri of p.taskRelations[tk]) {
    const r = p.relations[ri];
    if (r.type !== 'precedence' || r.minDuration <= 0) continue;
    const q = r.steps.indexOf(tk);
    const before = q > 0 ? r.steps[q - 1] : -3;
    const bs = before >= 0 ? starts.get(before) : undefined;
    if (bs !== undefined) earliest = Math.max(earliest, bs + r.minDuration);
  }
  return earliest;
}

/** Route-local part of the relations; steps not (yet) on this route are skipped. */
function relationsHold(
  p: Problem,
  v: VehicleModel,
  seq: ArrayLike<number>,
  starts: Map<number, number>,
  positions: Map<number, number>,
): boolean {
  const seen = new Set<number>();
  for (let k = 0; k < seq.length; k++) {
    for (const ri of p.taskRelations[seq[k]]) {
      if (seen.has(ri)) continue;
      seen.add(ri);
      const r = p.relations[ri];
      if (r.vehicle >= 0 && r.vehicle !== v.index) return false;
      if (r.type === 'in_same_route' || r.type === 'pinned') continue;
      let lastPos = -1;
      let lastStart = -INF;
      let lastStep = -3;
      for (const s of r.steps) {
        const pos = s === -1 ? -1 : s === -2 ? seq.length : positions.get(s);
        if (pos === undefined) {
          lastStep = -3;
          continue;
        }
        if (pos < lastPos) return false;
        if (r.type === 'in_direct_sequence' && lastStep !== -3 && pos !== lastPos + 1) return false;
        if (r.type === 'precedence' && s >= 0 && lastStep >= 0) {
          const gap = (starts.get(s) ?? 0) - lastStart;
          if (gap < r.minDuration || gap > r.maxDuration) return false;
        }
        lastPos = pos;
        lastStep = s;
        if (s >= 0) lastStart = starts.get(s) ?? 0;
      }
    }
  }
  return true;
}
