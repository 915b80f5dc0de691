// `existing_solution_id`: a completed job of the same caller whose routes start the search, as
// re-optimization starts from its parent's. Ids the new problem lacks are skipped on the way in
// (solver-input.ts), so a changed problem still gets what fits of the old plan.
import type { ClientResult } from './client-result';
import type { OptimizationRequest } from './schemas';
import { seedFromResult } from './reoptimize';
import { readResult } from './service';
import type { OptimizationJobStore } from './store';

export interface Seeded {
  request: OptimizationRequest;
  warnings: string[];
}

export async function seedFromExistingSolution(store: OptimizationJobStore, space: string, req: OptimizationRequest): Promise<Seeded> {
  const id = req.existing_solution_id;
  if (id === undefined) return { request: req, warnings: [] };
  if (req.solution?.length) return { request: req, warnings: ['existing_solution_id: ignored, solution[] is given and wins'] };
  const job = await store.get(space, id);
  if (job?.status !== 'completed')
    return {
      request: req,
      warnings: [`existing_solution_id: no completed job ${JSON.stringify(id)} of this key; the search starts afresh`],
    };
  const solution = seedFromResult((await readResult(store, job))?.result as ClientResult | undefined);
  return { request: solution ? { ...req, solution } : req, warnings: [] };
}
