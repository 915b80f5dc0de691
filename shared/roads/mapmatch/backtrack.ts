import type { Step } from './context';

/**
 * The chosen candidate per step: from the end of each HMM segment, the best-scoring candidate,
 * then its recorded predecessors back to the segment's first step.
 */
export function backtrack(steps: Step[]): Int32Array {
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
  return chosen;
}
