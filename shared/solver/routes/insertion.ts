// Cheapest insertion of one task (or a shipment's pickup+delivery pair) into one route, with
// the O(1) window/load/total checks of RouteState. When the problem has constraints those checks
// only relax (breaks, relations, max time in vehicle...), the few best candidates are confirmed
// by the full route evaluation.
import type { NearBound } from './near-bound';
import { KIND_JOB } from '../model/tasks';
import type { Rng } from '../prng';
import { evaluateRoute, windowStart } from './route-eval';
import type { RouteState } from './route-state';

export interface Insertion {
  delta: number;
  /** The task (or the pickup) goes after position i (0 = route start). */
  i: number;
  /** The delivery goes after original position j (j >= i); -1 for a job. */
  j: number;
}

const COMPLEX_TRIES = 12;

/** Applies an insertion found by bestInsertion (a new sequence: clones share the old one). */
export function applyInsertion(route: RouteState, t: number, ins: Insertion): void {
  if (route.p.kind[t] === KIND_JOB) {
    route.insertJob(t, ins.i);
    return;
  }
  route.seq = insertedSeq(route, t, ins.i, ins.j);
  route.refresh();
}

export function insertedSeq(route: RouteState, t: number, i: number, j: number): number[] {
  const s = route.seq.slice();
  if (j < 0) s.splice(i, 0, t);
  else {
    s.splice(j, 0, route.p.pair[t]);
    s.splice(i, 0, t);
  }
  return s;
}

/**
 * Finds the cheapest feasible insertion of task t (a job or a shipment pickup) into route;
 * returns false if there is none. With rng, each position that would become the best is skipped
 * with probability blink (the same odds as skipping every position, without a draw for the
 * others). `bound`: only insertions cheaper than it are wanted (the best found in other routes),
 * so most positions are dismissed on their arc costs alone; used by plain problems, where the arc
 * cost is the whole insertion cost. `near` (focused on t): positions between two stops far from t
 * are dismissed on a lower bound before any matrix read.
 */
export function bestInsertion(
  route: RouteState,
  t: number,
  out: Insertion,
  rng?: Rng,
  blink = 0,
  bound = Number.POSITIVE_INFINITY,
  near?: NearBound,
): boolean {
  const p = route.p;
  if (!p.allowed[t * p.vehicles.length + route.v.index]) return false;
  if (p.kind[t] === KIND_JOB && !startLoadFits(route, t)) return false;
  const cands: number[] | null = p.simple ? null : [];
  out.delta = cands ? Number.POSITIVE_INFINITY : bound;
  // One scan record reused: a recreate scans hundreds of routes, and each new record is garbage.
  const scan = scratch;
  scan.cands = cands;
  scan.rng = blink > 0 ? rng : undefined;
  scan.blink = blink;
  scan.near = cands ? undefined : near;
  if (p.kind[t] === KIND_JOB) scanJob(route, t, out, scan);
  else scanPair(route, t, out, scan);
  if (cands) return confirm(route, t, out, cands);
  return out.delta < bound;
}

/**
 * Whether the job's load fits beside what the route carries from its start. That load is the least
 * any position rides with (the prefix maxima only grow), so a job that does not fit there fits
 * nowhere: on tight fleets most routes are full, and this turns them away before any position.
 */
function startLoadFits(route: RouteState, t: number): boolean {
  const p = route.p;
  const dims = p.dims;
  for (let d = 0; d < dims; d++) if (route.loadMaxPre[d] + p.startLoad[t * dims + d] > route.v.cap[d]) return false;
  return true;
}

/**
 * Insert positions (before seq[i]) that keep the route's sequence orders: every ordered task
 * before has an order <= the task's, every one after >= it. The whole route without an order.
 */
function orderRange(route: RouteState, t: number): [number, number] {
  const orders = route.p.rules.sequenceOrder;
  const o = orders[t];
  const seq = route.seq;
  let lo = 0;
  let hi = seq.length;
  if (Number.isNaN(o)) return [lo, hi];
  for (let k = 0; k < seq.length; k++) {
    const x = orders[seq[k]];
    if (x < o) lo = k + 1;
    else if (x > o && hi === seq.length) hi = k;
  }
  return [lo, hi];
}

function confirm(route: RouteState, t: number, out: Insertion, cands: number[]): boolean {
  // cands holds (delta, i, j) triples that passed the relaxed checks.
  const order: number[] = [];
  // Positions that break a sequence order would only use up the full evaluations.
  const ordered = route.p.rules.hasSequence;
  const [lo, hi] = ordered ? orderRange(route, t) : [0, route.length];
  const [dlo, dhi] = ordered && route.p.kind[t] !== KIND_JOB ? orderRange(route, route.p.pair[t]) : [0, route.length];
  for (let k = 0; k < cands.length; k += 3) {
    const i = cands[k + 1];
    const j = cands[k + 2];
    if (i < lo || i > hi || (j >= 0 && (j < dlo || j > dhi))) continue;
    order.push(k);
  }
  order.sort((a, b) => cands[a] - cands[b]);
  out.delta = Number.POSITIVE_INFINITY;
  const p = route.p;
  const j = p.kind[t] === KIND_JOB;
  for (let n = 0; n < order.length && n < COMPLEX_TRIES; n++) {
    const k = order[n];
    const ev = evaluateRoute(p, route.v, insertedSeq(route, t, cands[k + 1], j ? -1 : cands[k + 2]));
    if (!ev.ok) continue;
    const d = ev.cost - route.cost;
    if (d < out.delta) {
      out.delta = d;
      out.i = cands[k + 1];
      out.j = j ? -1 : cands[k + 2];
    }
  }
  return out.delta < Number.POSITIVE_INFINITY;
}

function loadFits(route: RouteState, t: number, i: number): boolean {
  const p = route.p;
  const dims = p.dims;
  const cap = route.v.cap;
  const len = route.length;
  for (let d = 0; d < dims; d++) {
    const sl = p.startLoad[t * dims + d];
    const after = sl + p.delta[t * dims + d];
    if (route.loadMaxPre[i * dims + d] + sl > cap[d]) return false;
    if (route.load[i * dims + d] + after > cap[d]) return false;
    if (i < len && route.loadMaxSuf[(i + 1) * dims + d] + after > cap[d]) return false;
  }
  return true;
}

function totalsFit(route: RouteState, dDur: number, dDist: number, dCost: number, added: number): boolean {
  const v = route.v;
  return (
    route.length + added <= v.maxTasks &&
    route.dur + dDur <= v.maxTravelTime &&
    route.dist + dDist <= v.maxDistance &&
    route.travelCost + dCost <= v.maxTravelCost
  );
}

interface Scan {
  /** Feasible positions for the full evaluation to confirm; null for plain problems. */
  cands: number[] | null;
  rng?: Rng;
  blink: number;
  near?: NearBound;
}

const scratch: Scan = { cands: null, rng: undefined, blink: 0, near: undefined };

/** A feasible position: a candidate for the full evaluation to confirm, or (plain problems) the new best. */
function offer(out: Insertion, scan: Scan, delta: number, i: number, j: number): void {
  if (scan.rng && scan.rng.next() < scan.blink) return;
  const cands = scan.cands;
  if (cands) cands.push(delta, i, j);
  else {
    out.delta = delta;
    out.i = i;
    out.j = j;
  }
}

function scanJob(route: RouteState, t: number, out: Insertion, scan: Scan): void {
  const { cands, near, rng, blink } = scan;
  const p = route.p;
  const v = route.v;
  const n = p.nLoc;
  const len = route.length;
  const l = p.loc[t];
  const ln = l * n;
  const { locs, dep, late, arc, arcDur } = route;
  // A job or a shipment is one order: its per-order cost comes with it wherever it goes.
  const fixed = (len === 0 ? v.fixed : 0) + v.perOrder;
  const C = v.cost;
  // Arcs into l along row l of the transposes (a -> l is DT[l * n + a]).
  const { durT: DT, costT: CT } = v;
  let best = out.delta;
  const lows = near?.lows(v);
  const low = lows ? lows.lowIn[t] + lows.lowOut[t] : 0;
  // The near marks read in place (near.near(x) is x < 0 || mark[x] >= tick).
  const mark = near?.mark;
  const tick = near ? near.tick : 0;
  const w = p.twOff[t];
  const single = p.twOff[t + 1] - w === 1 && !p.relaxTw[t];
  const ws = p.twStart[w];
  const we = p.twEnd[w];
  const setup = p.setup[t];
  const service = p.service[t];
  const D = v.dur;
  const X = v.dist;
  const limitX = v.maxDistance < Number.POSITIVE_INFINITY;
  // The best so far in a local (plain problems; the candidates' scan never lowers it): `offer`'s
  // record is written once, at the end, as the last offer would have left it.
  let bestI = -1;
  for (let i = 0; i <= len; i++) {
    const a = locs[i];
    const b = locs[i + 1];
    if (mark && low - arc[i] + fixed >= best && a >= 0 && mark[a] < tick && b >= 0 && mark[b] < tick) continue;
    const tIn = a < 0 ? 0 : DT[ln + a];
    const arr = dep[i] + tIn;
    if (single && arr > we) break; // later positions only arrive later (triangle inequality)
    const ab = a >= 0 && b >= 0 && len > 0;
    const dc = (a < 0 ? 0 : CT[ln + a]) + (b < 0 ? 0 : C[ln + b]) - arc[i];
    // Arc costs first: once a good insertion is known, most positions end here.
    if (!cands && dc + fixed >= best) continue;
    const st = single ? (arr > ws ? arr : ws) : windowStart(p, t, arr);
    if (st < 0) continue;
    const tOut = b < 0 ? 0 : D[ln + b];
    if (st + (a === l ? 0 : setup) + service + tOut > late[i + 1]) continue;
    if (!loadFits(route, t, i)) continue;
    const dd = tIn + tOut - (ab ? arcDur[i] : 0);
    const dx = limitX ? (a < 0 ? 0 : X[a * n + l]) + (b < 0 ? 0 : X[ln + b]) - (ab ? X[a * n + b] : 0) : 0;
    if (!totalsFit(route, dd, dx, dc, 1)) continue;
    // As `offer`: a position that would become the best is skipped with probability blink.
    if (rng && rng.next() < blink) continue;
    if (cands) cands.push(dc + fixed, i, -1);
    else {
      best = dc + fixed;
      bestI = i;
    }
  }
  if (bestI >= 0) {
    out.delta = best;
    out.i = bestI;
    out.j = -1;
  }
}

function scanPair(route: RouteState, pk: number, out: Insertion, scan: Scan): void {
  const { cands, near } = scan;
  const p = route.p;
  const v = route.v;
  const n = p.nLoc;
  const dims = p.dims;
  const len = route.length;
  const dl = p.pair[pk];
  const lp = p.loc[pk];
  const ld = p.loc[dl];
  const { locs, dep, late, load, seq, arc, arcDur } = route;
  const { dur: D, cost: C, dist: X, durT: DT, costT: CT } = v;
  // Distances matter only to a distance limit: without one they are never read.
  const limitX = v.maxDistance < Number.POSITIVE_INFINITY;
  const cap = v.cap;
  // A job or a shipment is one order: its per-order cost comes with it wherever it goes.
  const fixed = (len === 0 ? v.fixed : 0) + v.perOrder;
  if (route.length + 2 > v.maxTasks) return;
  // Beyond this arrival neither half can start in a window, whatever comes later.
  const lastP = p.relaxTw[pk] ? Number.POSITIVE_INFINITY : p.twEnd[p.twOff[pk + 1] - 1];
  const lastD = p.relaxTw[dl] ? Number.POSITIVE_INFINITY : p.twEnd[p.twOff[dl + 1] - 1];
  const tPD = D[lp * n + ld];
  const cPD = C[lp * n + ld];
  const xPD = X[lp * n + ld];
  // Between two stops far from both halves: the pickup's detour, or the pickup then the delivery
  // right after it, costs at least this (less the arc replaced).
  const lows = near?.lows(v);
  const low = lows ? lows.lowIn[pk] + Math.min(lows.lowOut[pk], cPD + lows.lowOut[dl]) : 0;
  const deliveryFrom = cands ? null : cheapestDeliveryFrom(route, dl);
  for (let i = 0; i <= len; i++) {
    const a = locs[i];
    const b0 = locs[i + 1];
    if (near && low - arc[i] + fixed >= out.delta && !near.near(a) && !near.near(b0)) continue;
    const arrP = dep[i] + (a < 0 ? 0 : DT[lp * n + a]);
    if (arrP > lastP) break;
    const stP = windowStart(p, pk, arrP);
    if (stP < 0) continue;
    const depP = stP + (a === lp ? 0 : p.setup[pk]) + p.service[pk];
    let fits = true;
    for (let d = 0; d < dims; d++) if (load[i * dims + d] + p.delta[pk * dims + d] > cap[d]) fits = false;
    if (!fits) continue;
    const ab = len > 0 && a >= 0 && b0 >= 0;
    const removedC = arc[i];
    const removedT = ab ? arcDur[i] : 0;
    const removedX = ab && limitX ? X[a * n + b0] : 0;
    const inC = a < 0 ? 0 : CT[lp * n + a];
    const inT = a < 0 ? 0 : DT[lp * n + a];
    const inX = a < 0 || !limitX ? 0 : X[a * n + lp];
    // Delivery right after the pickup.
    {
      const arrD = depP + tPD;
      const outC = b0 < 0 ? 0 : C[ld * n + b0];
      const dc = inC + cPD + outC - removedC + fixed;
      const stD = arrD > lastD || (!cands && dc >= out.delta) ? -1 : windowStart(p, dl, arrD);
      const outT = b0 < 0 ? 0 : D[ld * n + b0];
      if (stD >= 0 && stD + (lp === ld ? 0 : p.setup[dl]) + p.service[dl] + outT <= late[i + 1]) {
        const dd = inT + tPD + outT - removedT;
        const dx = limitX ? inX + xPD + (b0 < 0 ? 0 : X[ld * n + b0]) - removedX : 0;
        if (totalsFit(route, dd, dx, dc - fixed, 2)) offer(out, scan, dc, i, i);
      }
    }
    if (i === len) continue;
    // Delivery later: walk the shifted schedule forward while it stays feasible.
    const pickC = inC + C[lp * n + b0] - removedC;
    // Placing the delivery adds a detour, not less than nothing where the costs keep the triangle
    // inequality (shortest paths do): a pickup already as dear as the best needs no walk.
    if (!cands && pickC + fixed >= out.delta) continue;
    const pickT = inT + D[lp * n + b0] - removedT;
    const pickX = limitX ? inX + X[lp * n + b0] - removedX : 0;
    let arr = depP + D[lp * n + b0];
    for (let k = i + 1; k <= len; k++) {
      // No delivery position from here on can beat the best: the walk is over.
      if (deliveryFrom && pickC + deliveryFrom[k] + fixed >= out.delta) break;
      if (arr > late[k]) break;
      let over = false;
      for (let d = 0; d < dims; d++) if (load[k * dims + d] + p.delta[pk * dims + d] > cap[d]) over = true;
      if (over) break;
      const t = seq[k - 1];
      const st = windowStart(p, t, arr);
      if (st < 0) break;
      const lk = locs[k];
      const depK = st + (locs[k - 1] === lk ? 0 : p.setup[t]) + p.service[t];
      const b = locs[k + 1];
      const tKD = DT[ld * n + lk];
      const arrD = depK + tKD;
      if (arrD > lastD) break;
      const kb = arc[k];
      const dc = pickC + CT[ld * n + lk] + (b < 0 ? 0 : C[ld * n + b]) - kb + fixed;
      const stD = !cands && dc >= out.delta ? -1 : windowStart(p, dl, arrD);
      const outT = b < 0 ? 0 : D[ld * n + b];
      if (stD >= 0 && stD + (lk === ld ? 0 : p.setup[dl]) + p.service[dl] + outT <= late[k + 1]) {
        const dd = pickT + tKD + outT - (b < 0 ? 0 : arcDur[k]);
        const dx = limitX ? pickX + X[lk * n + ld] + (b < 0 ? 0 : X[ld * n + b]) - (b < 0 ? 0 : X[lk * n + b]) : 0;
        if (totalsFit(route, dd, dx, dc - fixed, 2)) offer(out, scan, dc, i, k);
      }
      arr = depK + (b < 0 ? 0 : arcDur[k]);
    }
  }
}

/** Scratch of cheapestDeliveryFrom, grown as needed (each worker thread has its own module). */
let deliveryScratch = new Float64Array(64);

/**
 * For k = 1..len, the cheapest cost the delivery dl adds at any position after original position
 * k or later (arcs only, windows ignored): the pair walk stops once the pickup's part plus this
 * cannot beat the best insertion.
 */
function cheapestDeliveryFrom(route: RouteState, dl: number): Float64Array {
  const len = route.length;
  if (deliveryScratch.length < len + 2) deliveryScratch = new Float64Array(2 * len + 2);
  const out = deliveryScratch;
  const { locs, arc } = route;
  const { cost: C, costT: CT } = route.v;
  const n = route.p.nLoc;
  const ld = route.p.loc[dl];
  out[len + 1] = Number.POSITIVE_INFINITY;
  for (let k = len; k >= 1; k--) {
    const b = locs[k + 1];
    const d = CT[ld * n + locs[k]] + (b < 0 ? 0 : C[ld * n + b]) - arc[k];
    out[k] = d < out[k + 1] ? d : out[k + 1];
  }
  return out;
}
