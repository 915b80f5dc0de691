// Which of two solver results is better, read from the results alone: fewer checker violations,
// then the solver's own lexicographic order (unassigned priority, unassigned tasks, distinct
// depots with minimise_num_depots, the custom objective), then cost.
import type { SolveReport, SolverRequest, SolverResult } from '../solver';

export interface Outcome {
  report: SolveReport;
  violations: number;
}

/** Tasks left out because outsourcing them pays are not unassigned for the objective: cost counts them. */
function missed(result: SolverResult) {
  return result.unassigned.filter((u) => u.reason !== 'outsourced' && u.reason !== 'unprofitable');
}

function unassignedPriority(req: SolverRequest, result: SolverResult): number {
  const jobs = new Map((req.jobs ?? []).map((j) => [j.id, j.priority ?? 0]));
  const shipments = new Map((req.shipments ?? []).map((s) => [s.pickup.id, s.priority ?? 0]));
  let sum = 0;
  for (const u of missed(result)) {
    if (u.type === 'job') sum += jobs.get(u.id) ?? 0;
    else if (u.type === 'pickup') sum += shipments.get(u.id) ?? 0;
  }
  return sum;
}

function customLevel(req: SolverRequest, result: SolverResult): number {
  const custom = req.options?.objective?.custom;
  if (!custom) return 0;
  const routes = result.routes;
  if (custom.value === 'vehicles') return routes.length;
  let worst = 0;
  for (const r of routes) {
    const v =
      custom.value === 'completion_time'
        ? (r.steps.at(-1)?.arrival ?? 0)
        : custom.value === 'travel_cost'
          ? r.cost
          : r.steps.filter((s) => s.type === 'job' || s.type === 'pickup' || s.type === 'delivery').length;
    worst = Math.max(worst, v);
  }
  return worst;
}

function depotsUsed(req: SolverRequest, result: SolverResult): number {
  if (!req.options?.objective?.minimise_num_depots) return 0;
  return new Set(result.routes.map((r) => r.steps[0]?.location_index)).size;
}

function levels(req: SolverRequest, o: Outcome): number[] {
  const r = o.report.result;
  return [o.violations, unassignedPriority(req, r), missed(r).length, depotsUsed(req, r), customLevel(req, r), r.summary.cost];
}

/** True when a is strictly better than b. */
export function betterOutcome(req: SolverRequest, a: Outcome, b: Outcome): boolean {
  const la = levels(req, a);
  const lb = levels(req, b);
  for (let k = 0; k < la.length; k++) if (la[k] !== lb[k]) return la[k] < lb[k];
  return false;
}
