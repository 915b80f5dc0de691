// min_stop_load: a stop (tasks one after another at one location) that drops off job deliveries
// should drop at least this much in each dimension; one that drops less pays the fixed penalty
// (default 0) once plus the unit penalty (default 1) per unit short. Costs worked out by hand;
// the checker is the oracle.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverJob, type SolverMatrices, type SolverRequest, type SolverVehicle } from '../../../shared/solver';
import { solveCapped } from './helpers';

const at = [0, 1000, 2000];
const distances = at.map((a) => at.map((b) => Math.abs(a - b)));
const durations = distances.map((row) => row.map((d) => d / 10));
const matrices: SolverMatrices = { car: { durations, distances } };

function request(jobs: Omit<SolverJob, 'id'>[], vehicle: Partial<SolverVehicle>): SolverRequest {
  return {
    locations: at.map((_, i) => [0, i * 0.01]),
    jobs: jobs.map((j, i) => ({ id: i + 1, ...j })),
    vehicles: [{ id: 1, start_index: 0, end_index: 0, ...vehicle }],
    options: { objective: { travel_cost: 'distance' } },
  };
}

function solved(req: SolverRequest) {
  const result = solveCapped(req, matrices, 200);
  expect(result.unassigned).toEqual([]);
  expect(checkSolution(req, matrices, result)).toEqual([]);
  return result;
}

describe('min_stop_load', () => {
  it('two drops at one stop add up (3 + 3 >= 5); a lone drop of 2 pays 10 + 3 x 2: 4000 m + 16', () => {
    const req = request(
      [
        { location_index: 1, delivery: [3] },
        { location_index: 2, delivery: [2] },
        { location_index: 1, delivery: [3] },
      ],
      { capacity: [10], min_stop_load: [5], costs: { min_stop_load_fixed_penalty: 10, min_stop_load_unit_penalty: 2 } },
    );
    const result = solved(req);
    expect(result.summary.cost).toBe(4016);
  });

  it('a stop that only picks up is not held to it', () => {
    const req = request([{ location_index: 1, pickup: [1] }], { capacity: [10], min_stop_load: [5] });
    expect(solved(req).summary.cost).toBe(2000);
  });

  it('per-dimension unit penalties, the fixed one 0 by default: short [1, 2] at [1, 5] costs 11', () => {
    const req = request([{ location_index: 1, delivery: [1, 0] }], {
      capacity: [10, 10],
      min_stop_load: [2, 2],
      costs: { min_stop_load_unit_penalty: [1, 5] },
    });
    expect(solved(req).summary.cost).toBe(2011);
  });

  it('the checker flags a route cost without its stop penalty', () => {
    const req = request([{ location_index: 1, delivery: [1] }], { capacity: [10], min_stop_load: [4] });
    const result = solved(req);
    expect(result.summary.cost).toBe(2003);
    result.routes[0].cost -= 3;
    result.summary.cost -= 3;
    expect(checkSolution(req, matrices, result).map((v) => v.rule)).toContain('cost');
  });
});
