import { greatCircleMeters } from '../../geo/sphere';
import type { Phantom } from '../spatial';
import { emissions } from './candidates';
import { maxRouteLength, nearestSettled, type MatchContext, type Step } from './context';

/** Scores of one Viterbi step: best predecessor per candidate and whether that move is jitter. */
export interface Transition {
  score: Float64Array;
  back: Int32Array;
  /** Per candidate: its best transition is a small backwards GPS jitter (no movement drawn). */
  jitter: Uint8Array;
}

/**
 * Forward road distance from each new candidate b back to each previous candidate a, kept only
 * when within `jitterMax` (row-major a * B + b, Infinity otherwise). GPS jitter can put b
 * slightly behind a (e.g. across a node of a one-way road); reaching a again from b in a few
 * metres means the vehicle stood still rather than drove a loop.
 */
function backwardDistances(ctx: MatchContext, prev: Phantom[], cands: Phantom[], jitterMax: number): Float64Array {
  const { net, W, search: s } = ctx;
  const A = prev.length;
  const B = cands.length;
  const backD = new Float64Array(A * B).fill(Infinity);
  const pSeeds = prev.map((c) => net.targetSeeds(c, W));
  const pNodes: number[] = [];
  for (const ps of pSeeds) for (const x of ps) pNodes.push(x.node);
  for (let b = 0; b < B; b++) {
    s.run(net.sourceSeeds(cands[b], W), W, { maxCost: jitterMax, targets: pNodes });
    for (let a = 0; a < A; a++) {
      let d = nearestSettled(s, pSeeds[a]).len;
      const dr = net.direct(cands[b], prev[a], W);
      if (dr) d = Math.min(d, dr.len);
      if (d <= jitterMax) backD[a * B + b] = d;
    }
  }
  return backD;
}

/**
 * Viterbi step from `prev` to the candidates of trace point i. Transition log-probability is
 * -|route distance - great-circle distance| / beta; a backwards jitter shorter than the forward
 * route counts as the route.
 */
export function transitions(ctx: MatchContext, prev: Step, i: number, cands: Phantom[], sigma: number): Transition {
  const { net, W, search: s, trace } = ctx;
  const p = trace[i];
  const q = trace[prev.index];
  const emit = emissions(cands, sigma);
  const B = cands.length;
  const score = new Float64Array(B).fill(-Infinity);
  const back = new Int32Array(B).fill(-1);
  const jitter = new Uint8Array(B);
  const gc = greatCircleMeters(q.lat, q.lon, p.lat, p.lon);
  const maxRoute = maxRouteLength(ctx, gc);
  const tSeeds = cands.map((c) => net.targetSeeds(c, W));
  const tNodes: number[] = [];
  for (const ts of tSeeds) for (const x of ts) tNodes.push(x.node);
  const backD = backwardDistances(ctx, prev.cands, cands, 2 * sigma);
  for (let a = 0; a < prev.cands.length; a++) {
    if (prev.score[a] === -Infinity) continue;
    const ca = prev.cands[a];
    s.run(net.sourceSeeds(ca, W), W, { maxCost: maxRoute, targets: tNodes });
    for (let b = 0; b < B; b++) {
      let rd = nearestSettled(s, tSeeds[b]).len;
      const dr = net.direct(ca, cands[b], W);
      if (dr) rd = Math.min(rd, dr.len);
      let isJitter = false;
      const bd = backD[a * B + b];
      if (bd < Infinity && bd < rd) {
        rd = bd;
        isJitter = true;
      }
      if (rd === Infinity || rd > maxRoute) continue;
      const v = prev.score[a] - Math.abs(rd - gc) / ctx.beta + emit[b];
      if (v > score[b]) {
        score[b] = v;
        back[b] = a;
        jitter[b] = isJitter ? 1 : 0;
      }
    }
  }
  return { score, back, jitter };
}
