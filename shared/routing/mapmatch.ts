/**
 * HMM map matching (Newson & Krumm 2009): candidates are projections on nearby segments,
 * emission log-probability -0.5 (d / sigma)^2, transition log-probability
 * -|route distance - great-circle distance| / beta, best sequence by Viterbi.
 */
import { bearing as bearingOf, haversine } from './geo';
import type { Network } from './network';
import type { Phantom } from './spatial';
import { SNAP_DISTANCE_M, type MapMatchOptions, MapMatchResult, SnappedPoint, TracePoint, TravelOptions } from './types';

interface Step {
  index: number;
  cands: Phantom[];
  score: Float64Array;
  back: Int32Array;
  /** true when this step starts a new HMM segment (first step or after a break) */
  restart: boolean;
  /** per candidate: its best transition is a small backwards GPS jitter (no movement drawn) */
  jitter: Uint8Array;
}

export function mapMatch(net: Network, trace: TracePoint[], o: MapMatchOptions = {}): MapMatchResult {
  const travel: TravelOptions = { profile: o.profile ?? 'car' };
  const me = net.metricFor(travel);
  const lw = me.lengthWeight;
  const dur = me.metric.duration;
  const sigmaDefault = o.sigma ?? 10;
  const beta = o.beta ?? 20;
  const radius = Math.min(o.searchRadius ?? 50, SNAP_DISTANCE_M);
  const K = o.maxCandidates ?? 10;
  const s = net.search();
  const g = net.graph;

  /** Candidates, one per distinct location (a node shared by several segments counts once). */
  const candidatesFor = (p: TracePoint, r: number, k: number): Phantom[] => {
    const raw = net.candidates(p, travel, r, k * 2);
    const seen = new Set<string>();
    const out: Phantom[] = [];
    for (const c of raw) {
      const key = c.t <= 0 ? `n${c.u}` : c.t >= 1 ? `n${c.v}` : `e${c.edge}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(c);
      if (out.length >= k) break;
    }
    return out;
  };

  /** Viterbi step from prev to candidates of trace point i. */
  const transitions = (prev: Step, i: number, cands: Phantom[], sigma: number) => {
    const p = trace[i];
    const emit = cands.map((c) => -0.5 * (c.dist / sigma) * (c.dist / sigma));
    const score = new Float64Array(cands.length).fill(-Infinity);
    const back = new Int32Array(cands.length).fill(-1);
    const q = trace[prev.index];
    const gc = haversine(q.lat, q.lon, p.lat, p.lon);
    const maxRoute = gc * 2 + 4 * radius + 100;
    const tNodes: number[] = [];
    const tSeeds = cands.map((c) => net.targetSeeds(c, lw, dur));
    for (const ts of tSeeds) for (const x of ts) tNodes.push(x.node);
    // GPS jitter: b may lie slightly *behind* a (e.g. across a node of a one-way road). Measure the
    // short forward distance b -> a; such a transition counts as standing still, not as a loop.
    const A = prev.cands.length;
    const B = cands.length;
    const jitterMax = 2 * sigma;
    const backD = new Float64Array(A * B).fill(Infinity);
    const pSeeds = prev.cands.map((c) => net.targetSeeds(c, lw, dur));
    const pNodes: number[] = [];
    for (const ps of pSeeds) for (const x of ps) pNodes.push(x.node);
    for (let b = 0; b < B; b++) {
      s.run(net.sourceSeeds(cands[b], lw, dur), lw, dur, { maxCost: jitterMax, targets: pNodes });
      for (let a = 0; a < A; a++) {
        let d = Infinity;
        for (const x of pSeeds[a]) if (s.settled[x.node]) d = Math.min(d, s.cost[x.node] + x.len);
        const dr = net.direct(cands[b], prev.cands[a], lw, dur);
        if (dr) d = Math.min(d, dr.len);
        if (d <= jitterMax) backD[a * B + b] = d;
      }
    }
    const jitter = new Uint8Array(B);
    for (let a = 0; a < A; a++) {
      if (prev.score[a] === -Infinity) continue;
      const ca = prev.cands[a];
      s.run(net.sourceSeeds(ca, lw, dur), lw, dur, { maxCost: maxRoute, targets: tNodes });
      for (let b = 0; b < B; b++) {
        let rd = Infinity;
        for (const x of tSeeds[b]) if (s.settled[x.node]) rd = Math.min(rd, s.cost[x.node] + x.len);
        const dr = net.direct(ca, cands[b], lw, dur);
        if (dr) rd = Math.min(rd, dr.len);
        let isJitter = false;
        const bd = backD[a * B + b];
        if (bd < Infinity && bd < rd) {
          rd = bd;
          isJitter = true;
        }
        if (rd === Infinity || rd > maxRoute) continue;
        const v = prev.score[a] - Math.abs(rd - gc) / beta + emit[b];
        if (v > score[b]) {
          score[b] = v;
          back[b] = a;
          jitter[b] = isJitter ? 1 : 0;
        }
      }
    }
    return { score, back, jitter };
  };

  const steps: Step[] = [];
  const unmatched: number[] = [];
  let breaks = 0;
  for (let i = 0; i < trace.length; i++) {
    const p = trace[i];
    if (!Number.isFinite(p?.lat) || !Number.isFinite(p?.lon)) {
      unmatched.push(i);
      continue;
    }
    const sigma = p.accuracy && p.accuracy > 0 ? Math.max(sigmaDefault, Math.min(p.accuracy, 100)) : sigmaDefault;
    let cands = candidatesFor(p, radius, K);
    if (cands.length === 0) cands = candidatesFor(p, Math.min(radius * 4, SNAP_DISTANCE_M), 2);
    if (cands.length === 0) {
      unmatched.push(i);
      continue;
    }
    const prev = steps[steps.length - 1];
    let t = prev ? transitions(prev, i, cands, sigma) : null;
    if (prev && t && !t.score.some((x) => x > -Infinity)) {
      // no transition: retry once with a wider candidate set before declaring a break
      const wider = candidatesFor(p, Math.min(radius * 2, SNAP_DISTANCE_M), K * 3);
      const t2 = transitions(prev, i, wider, sigma);
      if (t2.score.some((x) => x > -Infinity)) {
        cands = wider;
        t = t2;
      }
    }
    const emit = cands.map((c) => -0.5 * (c.dist / sigma) * (c.dist / sigma));
    const score = t ? t.score : new Float64Array(cands.length).fill(-Infinity);
    const back = t ? t.back : new Int32Array(cands.length).fill(-1);
    const jitter = t ? t.jitter : new Uint8Array(cands.length);
    let restart = true;
    if (prev) {
      restart = !score.some((x) => x > -Infinity);
      if (restart) breaks++;
    }
    if (restart) for (let b = 0; b < cands.length; b++) score[b] = emit[b];
    steps.push({ index: i, cands, score, back, restart, jitter });
  }

  // backtrack
  const chosen = new Int32Array(steps.length).fill(-1);
  let cur = -1;
  for (let k = steps.length - 1; k >= 0; k--) {
    const st = steps[k];
    if (cur < 0) {
      let best = -Infinity;
      for (let b = 0; b < st.cands.length; b++)
        if (st.score[b] > best) {
          best = st.score[b];
          cur = b;
        }
    }
    chosen[k] = cur;
    cur = st.restart ? -1 : st.back[cur];
  }

  // geometry and bearings
  const coords: Array<[number, number]> = [];
  let total = 0;
  const forward = new Int8Array(steps.length); // 1 = along edge u->v, -1 = along twin, 0 = unknown
  const coordIdx = new Int32Array(steps.length);
  const push = (lat: number, lon: number) => {
    const l = coords[coords.length - 1];
    if (!l || Math.abs(l[0] - lat) > 1e-9 || Math.abs(l[1] - lon) > 1e-9) coords.push([lat, lon]);
  };
  /** Shortest forward path (metres) between two phantoms within maxCost, or null. */
  const pathBetween = (from: Phantom, to: Phantom, maxCost: number) => {
    const dr = net.direct(from, to, lw, dur);
    const tSeeds = net.targetSeeds(to, lw, dur);
    s.run(net.sourceSeeds(from, lw, dur), lw, dur, { maxCost, targets: tSeeds.map((x) => x.node) });
    let best = dr ? dr.len : Infinity;
    let bestNode = -1;
    for (const x of tSeeds) {
      if (!s.settled[x.node]) continue;
      const c = s.cost[x.node] + x.len;
      if (c < best) {
        best = c;
        bestNode = x.node;
      }
    }
    if (best === Infinity) return null;
    return { len: best, nodes: bestNode >= 0 ? s.pathTo(bestNode) : null, endNode: bestNode };
  };
  // The geometry advances from an "anchor": the last position the vehicle really reached. Points that
  // fall slightly behind it (GPS jitter) do not move it, so the path never re-covers the same metres.
  let anchor: Phantom | null = null;
  let anchorStep = -1;
  for (let k = 0; k < steps.length; k++) {
    const a = steps[k].cands[chosen[k]];
    if (k === 0 || steps[k].restart || !anchor) {
      push(a.lat, a.lon);
      coordIdx[k] = coords.length - 1;
      anchor = a;
      anchorStep = k;
      continue;
    }
    const pa = steps[k - 1].cands[chosen[k - 1]];
    if (steps[k].jitter[chosen[k]]) {
      coordIdx[k] = coords.length - 1;
      continue;
    }
    const jitterMax = 2 * sigmaDefault;
    if (anchor !== pa && pathBetween(a, anchor, jitterMax)) {
      // still behind the anchor: standing still
      coordIdx[k] = coords.length - 1;
      continue;
    }
    const pf = trace[steps[anchorStep].index];
    const pt = trace[steps[k].index];
    const bound = haversine(pf.lat, pf.lon, pt.lat, pt.lon) * 2 + 4 * radius + 100;
    let from = anchor;
    let p = pathBetween(from, a, bound);
    if (!p && anchor !== pa) {
      from = pa;
      p = pathBetween(from, a, bound);
    }
    if (p && p.nodes && p.nodes.length > 0) {
      if (!forward[anchorStep]) forward[anchorStep] = p.nodes[0] === from.v ? 1 : -1;
      forward[k] = p.endNode === a.u ? 1 : -1;
      for (const v of p.nodes) push(g.data.lat[v], g.data.lon[v]);
      total += p.len;
    } else if (p) {
      const dir = a.t >= from.t ? 1 : -1;
      if (!forward[anchorStep]) forward[anchorStep] = dir;
      forward[k] = dir;
      total += p.len;
    } else {
      total += haversine(from.lat, from.lon, a.lat, a.lon);
    }
    push(a.lat, a.lon);
    coordIdx[k] = coords.length - 1;
    anchor = a;
    anchorStep = k;
  }

  // coordinate index where the next HMM segment starts (exclusive bound for bearing look-ahead)
  const nextRestart = new Int32Array(steps.length);
  let bound = coords.length;
  for (let k = steps.length - 1; k >= 0; k--) {
    nextRestart[k] = bound;
    if (steps[k].restart) bound = coordIdx[k];
  }
  const snapped: SnappedPoint[] = steps.map((st, k) => {
    const c = st.cands[chosen[k]];
    const u = c.u;
    const v = c.v;
    // direction of travel along the matched path around this point (within the same HMM segment)
    let b = -1;
    const ci = coordIdx[k];
    const segEnd = nextRestart[k];
    for (let j = ci + 1; j < segEnd; j++) {
      if (haversine(coords[ci][0], coords[ci][1], coords[j][0], coords[j][1]) > 1) {
        b = bearingOf(coords[ci][0], coords[ci][1], coords[j][0], coords[j][1]);
        break;
      }
    }
    const segStart = k > 0 && !st.restart ? 0 : ci;
    for (let j = ci - 1; b < 0 && j >= segStart; j--) {
      if (haversine(coords[ci][0], coords[ci][1], coords[j][0], coords[j][1]) > 1)
        b = bearingOf(coords[j][0], coords[j][1], coords[ci][0], coords[ci][1]);
    }
    if (b < 0) {
      let dir = forward[k];
      if (!dir) dir = me.metric.cost[c.edge] < Infinity ? 1 : -1;
      b = bearingOf(g.data.lat[u], g.data.lon[u], g.data.lat[v], g.data.lon[v]);
      if (dir < 0) b = (b + 180) % 360;
    }
    return {
      location: { lat: c.lat, lon: c.lon },
      bearing: Math.round(b) % 360,
      distance: Math.round(c.dist),
      name: g.edgeName(c.edge),
      originalIndex: st.index,
    };
  });
  return { snappedPoints: snapped, coordinates: coords, distance: total, unmatched, breaks, network: net.name };
}
