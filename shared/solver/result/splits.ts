// Split jobs in the API's result: the solver served part jobs (model/splits.ts); the caller sees
// the job it sent. Each part's step takes the job's id, its 1-based `split_indicator` and the goods
// it drops or collects (`delivery`, `pickup`); a job whose parts are not all served is one
// unassigned entry, and a job refused before the search (max_split, quant) is unassigned `split`.
import type { SplitPlan } from '../model/splits';
import { KIND_DELIVERY } from '../model/tasks';
import type { Solution } from '../routes/solution';
import type { SearchContext } from '../search/context';
import { recreate } from '../search/ruin-recreate/recreate';
import type { ResultUnassigned, SolverRequest, SolverResult, UnassignedReason } from '../types';

export function foldSplits(result: SolverResult, plan: SplitPlan, req: SolverRequest): SolverResult {
  const partJobs = new Map((plan.request.jobs ?? []).map((j) => [j.id, j]));
  const routes = result.routes.map((route) => ({
    ...route,
    steps: route.steps.map((s) => {
      const part = s.type === 'job' && s.id !== undefined ? plan.parts.get(s.id) : undefined;
      if (!part) return s;
      const j = partJobs.get(s.id!)!;
      const dims = route.delivery.length;
      const goods = (a?: number[]) => Array.from({ length: dims }, (_, d) => a?.[d] ?? 0);
      return { ...s, id: part.job, split_indicator: part.part, delivery: goods(j.delivery), pickup: goods(j.pickup) };
    }),
  }));
  const unassigned: ResultUnassigned[] = [];
  const folded = new Map<number, ResultUnassigned>();
  for (const u of result.unassigned) {
    const part = u.type === 'job' ? plan.parts.get(u.id) : undefined;
    if (!part) {
      unassigned.push(u);
      continue;
    }
    const seen = folded.get(part.job);
    // The parts were tied only by the split: a part that could have gone alone names the split.
    const reason: UnassignedReason = u.reason === 'joint_order' && plan.ownJoint.has(part.job) ? 'split' : u.reason;
    if (!seen) {
      const entry = { ...u, id: part.job, reason };
      folded.set(part.job, entry);
      unassigned.push(entry);
    } else if (seen.reason === 'split' || seen.reason === 'joint_order') seen.reason = reason;
  }
  for (const j of plan.refused)
    unassigned.push({
      id: j.id,
      type: 'job',
      location: req.locations[j.location_index],
      location_index: j.location_index,
      reason: 'split',
    });
  return { ...result, routes, unassigned, summary: { ...result.summary, unassigned: unassigned.length } };
}

/**
 * After the clean-up has dropped a split job whose parts were not all served, the room its
 * served parts held is free again: tasks the search left out for it (in no joint order, relation
 * or group, not optional) are inserted where they now fit, each insertion checked as in the
 * search. Run only on problems with split jobs, so others keep their answers.
 */
export function refillAfterSplits(ctx: SearchContext, sol: Solution, relationDropped: Set<number>): void {
  const p = ctx.p;
  const out: number[] = [];
  for (let t = 0; t < p.nTasks; t++)
    if (
      sol.routeOf[t] < 0 &&
      p.kind[t] !== KIND_DELIVERY &&
      p.rules.joint[t] < 0 &&
      p.group[t] < 0 &&
      !p.rules.optional[t] &&
      !relationDropped.has(t)
    )
      out.push(t);
  if (out.length) recreate(ctx, sol, out, 0);
}
