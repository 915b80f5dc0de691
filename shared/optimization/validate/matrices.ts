import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/** One pass over a matrix, stopping at its first bad row or cell (a 4000 x 4000 matrix could hold 16 million). */
function checkMatrix(name: string, m: unknown[], n: number, add: AddIssue): void {
  if (m.length !== n) return add(name, `must have ${n} rows, one per location (got ${m.length}); a subset is not allowed`);
  for (let i = 0; i < n; i++) {
    const row = m[i];
    if (!Array.isArray(row)) return add(`${name}[${i}]`, 'must be an array');
    if (row.length !== n) return add(`${name}[${i}]`, `must have ${n} entries, one per location (got ${row.length})`);
    for (let j = 0; j < n; j++) {
      const v = row[j];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return add(`${name}[${i}][${j}]`, 'must be a non-negative integer');
    }
  }
}

/** n x n non-negative integers over all locations, never a subset; which matrix goes with which option. */
export function checkMatrices(req: OptimizationRequest, n: number, add: AddIssue): void {
  const travelCost = req.options?.objective?.travel_cost ?? 'duration';
  for (const name of ['cost_matrix', 'duration_matrix', 'distance_matrix'] as const) {
    const m = req[name];
    if (m !== undefined) checkMatrix(name, m, n, add);
  }
  if (req.cost_matrix !== undefined && travelCost !== 'customized')
    add('cost_matrix', 'is only allowed with options.objective.travel_cost "customized"');
  if (req.cost_matrix === undefined && travelCost === 'customized')
    add('cost_matrix', 'is required when options.objective.travel_cost is "customized"');
  if (req.distance_matrix !== undefined && req.duration_matrix === undefined)
    add('duration_matrix', 'is required when distance_matrix is given');
}
