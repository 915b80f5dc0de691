import { SNAP_DISTANCE_M } from '../types';
import { candidatesFor, emissions, sigmaOf } from './candidates';
import type { MatchContext, Step } from './context';
import { transitions, type Transition } from './transitions';

export interface Lattice {
  steps: Step[];
  /** Trace indexes with no candidate (invalid coordinates or no road in reach). */
  unmatched: number[];
  /** Steps where no transition from the previous one exists, so the HMM restarts. */
  breaks: number;
}

const someFinite = (score: Float64Array) => score.some((x) => x > -Infinity);

/**
 * Forward Viterbi pass over the trace. A point with no candidate in the search radius gets a
 * second, wider look for the two nearest; a step no candidate of the previous one can reach
 * first retries with a wider, larger candidate set, and only then restarts the HMM from its
 * emissions (a break).
 */
export function viterbi(ctx: MatchContext): Lattice {
  const { trace, radius, maxCandidates: K } = ctx;
  const steps: Step[] = [];
  const unmatched: number[] = [];
  let breaks = 0;
  for (let i = 0; i < trace.length; i++) {
    const p = trace[i];
    if (!Number.isFinite(p?.lat) || !Number.isFinite(p?.lon)) {
      unmatched.push(i);
      continue;
    }
    const sigma = sigmaOf(ctx, p);
    let cands = candidatesFor(ctx, p, radius, K);
    if (cands.length === 0) cands = candidatesFor(ctx, p, Math.min(radius * 4, SNAP_DISTANCE_M), 2);
    if (cands.length === 0) {
      unmatched.push(i);
      continue;
    }
    const prev = steps[steps.length - 1];
    let t: Transition | null = prev ? transitions(ctx, prev, i, cands, sigma) : null;
    if (prev && t && !someFinite(t.score)) {
      const wider = candidatesFor(ctx, p, Math.min(radius * 2, SNAP_DISTANCE_M), K * 3);
      const t2 = transitions(ctx, prev, i, wider, sigma);
      if (someFinite(t2.score)) {
        cands = wider;
        t = t2;
      }
    }
    const score = t ? t.score : new Float64Array(cands.length).fill(-Infinity);
    const back = t ? t.back : new Int32Array(cands.length).fill(-1);
    const jitter = t ? t.jitter : new Uint8Array(cands.length);
    let restart = true;
    if (prev) {
      restart = !someFinite(score);
      if (restart) breaks++;
    }
    if (restart) {
      const emit = emissions(cands, sigma);
      for (let b = 0; b < cands.length; b++) score[b] = emit[b];
    }
    steps.push({ index: i, cands, score, back, restart, jitter });
  }
  return { steps, unmatched, breaks };
}
