/**
 * HMM map matching (Newson & Krumm 2009): candidates are projections on nearby segments,
 * emission log-probability -0.5 (d / sigma)^2, transition log-probability
 * -|route distance - great-circle distance| / beta, best sequence by Viterbi.
 *
 * Stages: candidates.ts (per point), transitions.ts + viterbi.ts (forward pass),
 * backtrack.ts (best sequence), geometry.ts (the drawn path), bearings.ts (snapped points).
 */
import type { RoadView } from '../ports';
import type { MapMatchOptions, MapMatchResult, TracePoint } from '../types';
import { backtrack } from './backtrack';
import { snappedPoints } from './bearings';
import { matchContext } from './context';
import { matchedPath } from './geometry';
import { viterbi } from './viterbi';

export function mapMatch(net: RoadView, trace: TracePoint[], o: MapMatchOptions = {}): MapMatchResult {
  const ctx = matchContext(net, trace, o);
  const { steps, unmatched, breaks } = viterbi(ctx);
  const chosen = backtrack(steps);
  const path = matchedPath(ctx, steps, chosen);
  return {
    snappedPoints: snappedPoints(ctx, steps, chosen, path),
    coordinates: path.coords,
    distance: path.distance,
    unmatched,
    breaks,
    network: net.name,
  };
}
