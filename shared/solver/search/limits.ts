// What bounds a search (deadline, iteration cap, the team of searches side by side) and what it
// reports; shared by the ruin-and-recreate search, its fleet-size phases and the genetic search.
import type { SearchTeam, SizeThresholds } from '../types';

export interface SearchLimits {
  deadlineMs: number;
  clock: () => number;
  maxIterations: number;
  team?: SearchTeam;
  /** Omitted: the defaults. */
  thresholds?: SizeThresholds;
}

export interface SearchStats {
  iterations: number;
  improvements: number;
  /** Epochs whose regions were put together (searches side by side on a split problem; else 0). */
  joined: number;
}
