// vehicles[].costs as the commercial docs define them (Route Optimization v2, "Vehicle costs"):
// `fixed` is paid once by a vehicle that is used, whatever its route, and is added to the route's
// travel_cost; with `per_hour` (and here `per_km`) given, the route costs only the vehicle's own
// rates: hours travelled x per_hour + km travelled x per_km (+ fixed), whatever travel_cost says.
// Service time is not travel: a dispatcher's hourly rate on the road, as in the engines whose
// vehicle shape the commercial API shares. Objectives here are worked out by hand.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverMatrices, type SolverRequest, type SolverVehicle } from '../../../shared/solver';
import { solveCapped } from './helpers';

// Depot 0, tasks at 1 and 2. Metres and seconds.
const distances = [
  [0, 3000, 5000],
  [3000, 0, 4000],
  [5000, 4000, 0],
];
const durations = [
  [0, 360, 900],
  [360, 0, 720],
  [900, 720, 0],
];
const matrices: SolverMatrices = { car: { durations, distances } };

function request(vehicles: SolverVehicle[], travelCost: 'duration' | 'distance' = 'duration'): SolverRequest {
  return {
    locations: [
      [0, 0],
      [0, 0.03],
      [0.03, 0.04],
    ],
    jobs: [
      { id: 1, location_index: 1, service: 300 },
      { id: 2, location_index: 2, service: 300 },
    ],
    vehicles: vehicles.map((v) => ({ start_index: 0, end_index: 0, ...v })),
    options: { objective: { travel_cost: travelCost } },
  };
}

function solved(req: SolverRequest) {
  const result = solveCapped(req, matrices, 300);
  expect(result.unassigned).toEqual([]);
  expect(checkSolution(req, matrices, result)).toEqual([]);
  return result;
}

describe('vehicles[].costs', () => {
  // The tour 0-1-2-0 travels 12 km in 1980 s (0.55 h); each out-and-back is 6 km / 720 s and 10 km / 1800 s.
  it('per_km and fixed: 12 km x 3 + 10 = 46 on one vehicle, cheaper than two', () => {
    const result = solved(
      request([
        { id: 7, costs: { fixed: 10, per_km: 3 } },
        { id: 8, costs: { fixed: 10, per_km: 3 } },
      ]),
    );
    expect(result.routes).toHaveLength(1);
    expect(result.summary.cost).toBe(46);
    expect(result.routes[0].cost).toBe(46);
  });

  it('per_hour counts travel hours only: 0.55 h x 60 + 12 km x 0.5 + 40 = 79 (600 s of service is not charged)', () => {
    const result = solved(request([{ id: 1, costs: { fixed: 40, per_hour: 60, per_km: 0.5 } }]));
    expect(result.summary.cost).toBe(79);
    expect(result.summary.service).toBe(600);
  });

  it('a heterogeneous fleet: the whole tour goes to the vehicle whose rates make it cheapest', () => {
    // Dear to use, cheap to run: 100 + 12 x 1 = 112. Cheap to use, dear to run: 5 + 12 x 10 = 125.
    // Split (job 1 on the cheap one, job 2 on the dear one): 5 + 60 + 100 + 10 = 175; the other split 5 + 100 + 100 + 6 = 211.
    const result = solved(
      request([
        { id: 1, costs: { fixed: 5, per_km: 10 } },
        { id: 2, costs: { fixed: 100, per_km: 1 } },
      ]),
    );
    expect(result.routes.map((r) => r.vehicle)).toEqual([2]);
    expect(result.summary.cost).toBe(112);
  });

  it('fixed alone is added to the travel_cost of the route (distance in metres here)', () => {
    const result = solved(request([{ id: 1, costs: { fixed: 1000 } }], 'distance'));
    expect(result.summary.cost).toBe(12_000 + 1000);
  });

  it('rates replace travel_cost: per_km alone ignores the durations travel_cost would charge', () => {
    const result = solved(request([{ id: 1, costs: { per_km: 2 } }], 'duration'));
    expect(result.summary.cost).toBe(24);
  });

  it('an unused vehicle pays no fixed cost', () => {
    const result = solved(
      request(
        [
          { id: 1, costs: { fixed: 10 } },
          { id: 2, costs: { fixed: 10_000 } },
        ],
        'distance',
      ),
    );
    expect(result.routes.map((r) => r.vehicle)).toEqual([1]);
    expect(result.summary.cost).toBe(12_010);
  });

  it('per_order: 2 orders x 7 on top of 12 km x 3 + 10 = 60', () => {
    const result = solved(request([{ id: 1, costs: { fixed: 10, per_km: 3, per_order: 7 } }]));
    expect(result.summary.cost).toBe(60);
    expect(result.routes[0].cost).toBe(60);
  });

  it('per_order counts a shipment once (its pickup and delivery are one order): 12 km x 1 + 5 = 17', () => {
    const req = request([{ id: 1, costs: { per_km: 1, per_order: 5 } }]);
    req.jobs = [];
    req.shipments = [{ pickup: { id: 1, location_index: 1 }, delivery: { id: 2, location_index: 2 }, amount: [1] }];
    const result = solved(req);
    expect(result.summary.cost).toBe(17);
  });

  it('per_order with travel_cost alone: added to the travel_cost of the route (12,000 m + 2 x 250)', () => {
    const result = solved(request([{ id: 1, costs: { per_order: 250 } }], 'distance'));
    expect(result.summary.cost).toBe(12_500);
  });

  it('per_hour does not charge waiting: a job whose window opens late costs the same hours', () => {
    // The tour 0-1-2-0 drives 0.55 h; job 2 cannot start before 5000 s, so the vehicle waits.
    const req = request([{ id: 1, costs: { per_hour: 60 } }]);
    req.jobs![1].time_windows = [[5000, 9000]];
    const result = solved(req);
    expect(result.summary.waiting_time).toBeGreaterThan(0);
    expect(result.summary.cost).toBe(33);
  });

  it('a heterogeneous fleet with per-order rates: the cheap-to-use, dear-per-order van loses to the truck', () => {
    // Van: 0 + 12 km x 1 + 2 x 100 = 212. Truck: 50 + 12 km x 1 + 0 = 62. Split: van 6 + 100, truck 50 + 10 = 166.
    const result = solved(
      request([
        { id: 1, costs: { per_km: 1, per_order: 100 } },
        { id: 2, costs: { fixed: 50, per_km: 1 } },
      ]),
    );
    expect(result.routes.map((r) => r.vehicle)).toEqual([2]);
    expect(result.summary.cost).toBe(62);
  });

  it('all four terms on one route: 40 + 0.55 h x 60 + 12 km x 0.5 + 2 x 4 = 87', () => {
    const result = solved(request([{ id: 1, costs: { fixed: 40, per_hour: 60, per_km: 0.5, per_order: 4 } }]));
    expect(result.summary.cost).toBe(87);
  });

  it('the checker flags a route whose cost leaves the per-order cost out', () => {
    const req = request([{ id: 1, costs: { per_km: 3, per_order: 7 } }]);
    const result = solved(req);
    result.routes[0].cost -= 14;
    result.summary.cost -= 14;
    expect(checkSolution(req, matrices, result).map((v) => v.rule)).toContain('cost');
  });
});
