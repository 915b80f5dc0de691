// The problem sizes at which the solver changes what it does, in one place, so that a test can
// reach a large-problem branch with a small problem (`SolveOptions.thresholds`). The defaults
// are the measured values the service runs with.
import type { SizeThresholds } from './types';

export const DEFAULT_THRESHOLDS: Readonly<SizeThresholds> = {
  // Under `engine: 'auto'`, the least budget (ms) at which the genetic search runs on 100 tasks;
  // it grows with the cube of the task count (`hgsLeastBudgetMs`).
  hgsLeastMsAt100Tasks: 4000,
  // Searches side by side split a problem of at least this many tasks per search (and enough
  // routes): below it they search the whole problem each and meet (docs/solver/design.md#regions-two-searches-on-one-large-problem-regionsts).
  splitLeastTasksPerSearch: 350,
  // Least used routes per search for the split: regions of fewer routes leave ruins too little
  // room across them. A floor, not a measured optimum: the split is measured at 200 tasks (with 6
  // for the trial), 400 and 1000 (docs/solver/design.md#regions-two-searches-on-one-large-problem-regionsts), where the task threshold decides first.
  leastRoutesPerRegion: 12,
  // Past this many used routes the recreate tries a task in the routes of its nearest neighbours
  // (plus one empty route per vehicle class) rather than in every route.
  granularRoutes: 16,
  // Fewer near neighbours mark fewer stops (more positions reach the bound test) but lower the
  // bound (the nearest non-neighbour comes closer): 16 dismissed the most on 1000-customer instances.
  nearNeighbours: 16,
};

export function sizeThresholds(given?: Partial<SizeThresholds>): SizeThresholds {
  return { ...DEFAULT_THRESHOLDS, ...given };
}
