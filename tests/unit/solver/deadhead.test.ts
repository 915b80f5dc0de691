// Deadhead limits: the empty first and last legs of a route past max_deadhead_distance (metres)
// or max_deadhead_duration (seconds) cost their penalty per unit over (default 1). A leg is
// empty when nothing is on board: the first leg of a route that loads no deliveries, the last
// leg of a route that brings no pickups back. Costs worked out by hand; the checker is the oracle.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverJob, type SolverMatrices, type SolverRequest, type SolverVehicle } from '../../../shared/solver';
import { solveCapped } from './helpers';

// Depot 0 and four customers on a line, 1 km apart; 10 m/s.
const at = [0, 1000, 2000, 3000, 4000];
const distances = at.map((a) => at.map((b) => Math.abs(a - b)));
const durations = distances.map((row) => row.map((d) => d / 10));
const matrices: SolverMatrices = { car: { durations, distances } };

function request(jobs: Partial<SolverJob>[], vehicle: Partial<SolverVehicle>): SolverRequest {
  return {
    locations: at.map((_, i) => [0, i * 0.01]),
    jobs: jobs.map((j, i) => ({ id: i + 1, location_index: 3 + i, ...j })),
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

describe('deadhead', () => {
  // Two jobs at 3 and 4 km: 8 km travelled; the legs out and home are 3 and 4 km (either order).
  it('a technician (no loads): both legs are empty, 1.5 + 2.5 km over 1.5 km cost 4000 on top of 8000', () => {
    const result = solved(request([{}, {}], { max_deadhead_distance: 1500 }));
    expect(result.summary.cost).toBe(12_000);
  });

  it('deadhead_distance_penalty 2 doubles it: 8000 + 2 x 4000', () => {
    const result = solved(request([{}, {}], { max_deadhead_distance: 1500, costs: { deadhead_distance_penalty: 2 } }));
    expect(result.summary.cost).toBe(16_000);
  });

  it('a delivery route leaves loaded: only the empty leg home counts, so it ends at the nearer job', () => {
    // 0 -> 4 km -> 3 km -> 0: home leg 3 km, 1.5 km over: 9500 (the other order: 4 km home, 10,500).
    const result = solved(request([{ delivery: [1] }, { delivery: [1] }], { capacity: [2], max_deadhead_distance: 1500 }));
    expect(result.summary.cost).toBe(9500);
    expect(result.routes[0].steps.filter((s) => s.type === 'job').map((s) => s.id)).toEqual([2, 1]);
  });

  it('a pickup route comes home loaded: only the empty leg out counts, so it starts at the nearer job', () => {
    const result = solved(request([{ pickup: [1] }, { pickup: [1] }], { capacity: [2], max_deadhead_distance: 1500 }));
    expect(result.summary.cost).toBe(9500);
    expect(result.routes[0].steps.filter((s) => s.type === 'job').map((s) => s.id)).toEqual([1, 2]);
  });

  it('max_deadhead_duration: legs of 300 s and 400 s over 350 s cost 50 s x 1', () => {
    const result = solved(request([{}, {}], { max_deadhead_duration: 350 }));
    expect(result.summary.cost).toBe(8050);
  });

  it('legs within the limits cost nothing extra', () => {
    const result = solved(request([{}, {}], { max_deadhead_distance: 5000, max_deadhead_duration: 500 }));
    expect(result.summary.cost).toBe(8000);
  });

  it('the checker flags a route cost without its deadhead penalty', () => {
    const req = request([{}, {}], { max_deadhead_distance: 1500 });
    const result = solved(req);
    result.routes[0].cost -= 4000;
    result.summary.cost -= 4000;
    expect(checkSolution(req, matrices, result).map((v) => v.rule)).toContain('cost');
  });
});
