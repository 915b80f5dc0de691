// The fleet's lower bound from the loads (model/fleet-bound.ts), and the route minimisation that
// stops there: small problems whose bound is known by hand.
import { describe, expect, it } from 'vitest';
import { checkSolution, solve, type SolverMatrices, type SolverRequest } from '../../../shared/solver';
import { buildProblem } from '../../../shared/solver/model/problem';
import { fleetLowerBound } from '../../../shared/solver/model/fleet-bound';
import { minimiseRoutes } from '../../../shared/solver/operators/route-minimisation';
import { buildContext } from '../../../shared/solver/search/context';
import { construct } from '../../../shared/solver/search/construction';
import { Rng } from '../../../shared/solver/prng';

/** Locations 0..n-1 on a line, 100 s and 1 km apart; location 0 is the depot. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  const m = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
  return { locations: idx.map((i) => [0, i / 100]), matrices: { car: { durations: m(100), distances: m(1000) } } };
}

const { locations, matrices } = line(7);
const vans = (caps: number[][], extra: object = {}) =>
  caps.map((capacity, i) => ({ id: i + 1, start_index: 0, end_index: 0, capacity, ...extra }));
const jobsOf = (loads: { delivery?: number[]; pickup?: number[] }[]) =>
  loads.map((l, i) => ({ id: 10 + i, location_index: 1 + (i % 6), ...l }));
/** The bound with every task served. */
const bound = (request: SolverRequest) => {
  const p = buildProblem(request, matrices);
  return fleetLowerBound(p, new Int32Array(p.nTasks));
};

describe('fleetLowerBound', () => {
  it('counts the vans the deliveries need: 17 units in vans of 5 need 4', () => {
    const jobs = jobsOf([4, 4, 4, 5].map((q) => ({ delivery: [q] })));
    expect(bound({ locations, vehicles: vans([[5], [5], [5], [5], [5]]), jobs })).toBe(4);
  });

  it('takes the larger of what rides from the start and what rides to the end, over every dimension', () => {
    // Deliveries 3 (fits one van of 5); pickups 9 ride to the end: two vans.
    const jobs = jobsOf([{ delivery: [3], pickup: [4] }, { pickup: [5] }]);
    expect(bound({ locations, vehicles: vans([[5], [5], [5]]), jobs })).toBe(2);
    // The second dimension needs three vans of 2 for its 5 units.
    const two = jobsOf([{ delivery: [1, 2] }, { delivery: [1, 2] }, { delivery: [1, 1] }]);
    expect(
      bound({
        locations,
        vehicles: vans([
          [9, 2],
          [9, 2],
          [9, 2],
          [9, 2],
        ]),
        jobs: two,
      }),
    ).toBe(3);
  });

  it('counts the largest vans first in a mixed fleet, and a van as many loads as it has runs', () => {
    const jobs = jobsOf([6, 6, 6].map((q) => ({ delivery: [q] })));
    expect(bound({ locations, vehicles: vans([[4], [20], [4]]), jobs })).toBe(1);
    const depots = [{ id: 7, location_index: 0 }];
    expect(bound({ locations, depots, vehicles: vans([[6], [6], [6]], { max_depot_runs: 3 }), jobs })).toBe(1);
    expect(bound({ locations, depots, vehicles: vans([[6], [6], [6]]), jobs })).toBe(3);
  });

  it('counts only the tasks served, and holds no bound where the whole fleet cannot carry them', () => {
    const jobs = jobsOf([4, 4, 4].map((q) => ({ delivery: [q] })));
    expect(bound({ locations, vehicles: vans([[4], [4]]), jobs })).toBe(0);
    const p = buildProblem({ locations, vehicles: vans([[4], [4], [4]]), jobs }, matrices);
    expect(fleetLowerBound(p, Int32Array.from([0, 1, 2]))).toBe(3);
    // The third job left out (say no vehicle may reach it): two vans can serve the rest.
    expect(fleetLowerBound(p, Int32Array.from([0, 1, -1]))).toBe(2);
  });

  it('lets shipments add nothing across a route: their loads are on board only in between', () => {
    const shipments = [1, 2].map((i) => ({
      id: 50 + i,
      amount: [5],
      pickup: { id: 60 + i, location_index: i },
      delivery: { id: 70 + i, location_index: i + 2 },
    }));
    expect(bound({ locations, vehicles: vans([[5], [5]]), shipments } as SolverRequest)).toBe(0);
  });
});

describe('route minimisation at the bound', () => {
  it('tries no removal once the used routes are as few as the loads allow', () => {
    // Six deliveries of 5 in vans of 10, spread so that the construction uses three vans: the bound.
    const jobs = jobsOf([5, 5, 5, 5, 5, 5].map((q) => ({ delivery: [q] })));
    const request: SolverRequest = { locations, vehicles: vans([[10], [10], [10], [10]]), jobs };
    const p = buildProblem(request, matrices);
    const sol = construct(buildContext(p, new Rng(1)));
    expect(fleetLowerBound(p, sol.routeOf)).toBe(3);
    expect(sol.routes.filter((r) => r.length > 0).length).toBe(3);
    let polls = 0;
    const out = minimiseRoutes(buildContext(p, new Rng(1)), sol, () => {
      polls++;
      return false;
    });
    // One look at the stop before it sees the bound; a removal attempt would poll on every pool step.
    expect(polls).toBe(1);
    expect(out).toBe(sol);
  });
});

describe('the fleet objective in a team at the bound', () => {
  it('ends the route minimisation for every member once it reaches the bound', () => {
    // Twelve deliveries of 5 in vans of 10 on loose windows: six vans carry them, and the route
    // minimisation gets there from whatever the distance search leaves.
    const jobs = jobsOf(Array.from({ length: 12 }, () => ({ delivery: [5] })));
    const request: SolverRequest = {
      locations,
      vehicles: vans(Array.from({ length: 12 }, () => [10])),
      jobs,
      options: { objective: { custom: { type: 'min', value: 'vehicles' } } },
    };
    const wishes: string[] = [];
    const res = solve(request, matrices, {
      deadlineMs: performance.now() + 400,
      clock: () => performance.now(),
      seed: 1,
      team: {
        member: 0,
        size: 2,
        meet: () => null,
        endPhase: (wish) => {
          wishes.push(wish);
          return wish !== 'go';
        },
      },
    });
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.routes).toHaveLength(6);
    expect(wishes.at(-1)).toBe('all');
    expect(wishes.filter((w) => w === 'all')).toHaveLength(1);
  });
});
