// vehicles[].alternative_capacities: the vehicle is loaded in one configuration for its whole
// route, its capacity or one of the alternatives, the first (in that order) its loads fit; the
// result names it as adopted_capacity. Cases worked out by hand; the checker is the oracle.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverJob, type SolverMatrices, type SolverRequest, type SolverVehicle } from '../../../shared/solver';
import { solveCapped } from './helpers';

// Depot 0 and four customers on a line, 1 km apart (seconds = metres / 10).
const at = [0, 1000, 2000, 3000, 4000];
const distances = at.map((a) => at.map((b) => Math.abs(a - b)));
const durations = distances.map((row) => row.map((d) => d / 10));
const matrices: SolverMatrices = { car: { durations, distances } };

function request(jobs: Omit<SolverJob, 'id' | 'location_index'>[], vehicles: Partial<SolverVehicle>[]): SolverRequest {
  return {
    locations: at.map((_, i) => [0, i * 0.01]),
    jobs: jobs.map((j, i) => ({ id: i + 1, location_index: 1 + i, ...j })),
    vehicles: vehicles.map((v, k) => ({ id: k + 1, start_index: 0, end_index: 0, ...v })),
    options: { objective: { travel_cost: 'distance' } },
  };
}

function solved(req: SolverRequest) {
  const result = solveCapped(req, matrices, 200);
  expect(checkSolution(req, matrices, result)).toEqual([]);
  return result;
}

// A two-compartment tanker: all in one grade, all in the other, or split half and half.
const tanker = {
  capacity: [10, 0],
  alternative_capacities: [
    [0, 10],
    [5, 5],
  ],
};

describe('alternative_capacities', () => {
  it('adopts the configuration that carries both grades: [5, 5] for 3 + 3', () => {
    const result = solved(request([{ delivery: [3, 0] }, { delivery: [0, 3] }], [tanker]));
    expect(result.unassigned).toEqual([]);
    expect(result.routes[0].adopted_capacity).toEqual([5, 5]);
  });

  it('keeps the capacity itself when it fits: the first configuration that fits wins', () => {
    const result = solved(request([{ delivery: [4, 0] }, { delivery: [4, 0] }], [tanker]));
    expect(result.routes[0].adopted_capacity).toEqual([10, 0]);
  });

  it('takes an alternative a grade the capacity lacks needs: [0, 10] for 8 of the second grade', () => {
    const result = solved(request([{ delivery: [0, 8] }], [tanker]));
    expect(result.routes[0].adopted_capacity).toEqual([0, 10]);
  });

  it('no mixing: 6 + 6 of two grades fits no one configuration, so one job stays out (capacity)', () => {
    // Each dimension alone fits some configuration ([10, 0] or [0, 10]); together none does.
    const result = solved(request([{ delivery: [6, 0] }, { delivery: [0, 6] }], [tanker]));
    expect(result.routes).toHaveLength(1);
    expect(result.unassigned.map((u) => u.reason)).toEqual(['capacity']);
  });

  it('counts the peak of each dimension over the route: pickups after deliveries share the room', () => {
    // Deliver 5 of grade A first (peak A = 5), then pick up 4 of grade B (peak B = 4): [5, 5].
    const result = solved(request([{ delivery: [5, 0] }, { pickup: [0, 4] }], [tanker]));
    expect(result.unassigned).toEqual([]);
    expect(result.routes[0].adopted_capacity).toEqual([5, 5]);
  });

  it('two tankers split the grades rather than leave a job out', () => {
    const result = solved(request([{ delivery: [6, 0] }, { delivery: [0, 6] }], [tanker, tanker]));
    expect(result.unassigned).toEqual([]);
    expect(result.routes.map((r) => r.adopted_capacity).sort()).toEqual(
      [
        [0, 10],
        [10, 0],
      ].sort(),
    );
  });

  it('a vehicle without alternatives reports no adopted_capacity (the service adds its capacity)', () => {
    const req = request([{ delivery: [1, 1] }], [{ capacity: [5, 5] }]);
    const result = solved(req);
    expect(result.routes[0].adopted_capacity).toBeUndefined();
    // what the API answers (its capacity) reads back clean; another configuration does not
    result.routes[0].adopted_capacity = [5, 5];
    expect(checkSolution(req, matrices, result)).toEqual([]);
    result.routes[0].adopted_capacity = [6, 5];
    expect(checkSolution(req, matrices, result).map((v) => v.rule)).toContain('adopted_capacity');
  });

  it('the checker flags an adopted_capacity that is none of the configurations, or one the loads overfill', () => {
    const req = request([{ delivery: [3, 0] }, { delivery: [0, 3] }], [tanker]);
    const result = solved(req);
    result.routes[0].adopted_capacity = [7, 7];
    expect(checkSolution(req, matrices, result).map((v) => v.rule)).toContain('adopted_capacity');
    result.routes[0].adopted_capacity = [10, 0];
    expect(checkSolution(req, matrices, result).map((v) => v.rule)).toContain('capacity');
  });
});
