// The solver benchmark's CVRP (TSPLIB, X set) and MDVRP (Cordeau) converters: sizes, the distance
// conventions the best-known values are stated in, and the format dispatch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../shared/solver';
import { convertCvrp, cvrpDistance, cvrpFleet, isTsplib, nint, parseCvrp } from '../../bench/solver/cvrp';
import { loadInstance } from '../../bench/solver/load';
import { convertMdvrp, isCordeauMdvrp, mdvrpDistance, parseMdvrp } from '../../bench/solver/mdvrp';
import { parseBks } from '../../bench/solver/tables';
import { solveCapped } from './helpers';

const vrp = join(import.meta.dirname, '../../fixtures/vrp');
const read = (p: string) => readFileSync(join(vrp, p), 'utf8');

describe('CVRPLIB X files (TSPLIB)', () => {
  const text = read('cvrp_x/X-n101-k25.vrp');
  const inst = parseCvrp(text, 'fallback');
  const { request, matrices } = convertCvrp(inst);

  it('reads the depot first, 100 customers with their demands, the capacity and k', () => {
    expect(isTsplib(text)).toBe(true);
    expect(inst).toMatchObject({ name: 'X-n101-k25', capacity: 206, minVehicles: 25 });
    expect(inst.points).toHaveLength(101);
    expect(inst.points[0]).toEqual({ x: 365, y: 689 });
    expect(inst.demands[0]).toBe(0);
    expect(inst.demands.slice(1, 3)).toEqual([38, 51]);
    expect(request.jobs).toHaveLength(100);
    expect(request.jobs![0]).toEqual({ id: 2, location_index: 1, delivery: [38] });
    expect(request.vehicles).toHaveLength(cvrpFleet(inst));
    expect(request.vehicles[0]).toEqual({ id: 1, start_index: 0, end_index: 0, capacity: [206] });
  });

  it("uses CVRPLIB's nint distances, unscaled, for distance, duration and cost", () => {
    // (365,689)-(146,180): sqrt(307042) = 554.11...
    expect(matrices.car.distances[0][1]).toBe(554);
    expect(matrices.car.durations).toBe(matrices.car.distances);
    expect(matrices.car.costs).toBe(matrices.car.distances);
    expect([nint(0.5), nint(1.49), nint(2.5)]).toEqual([1, 1, 3]);
  });

  it('rejects what it cannot read rather than guessing', () => {
    expect(() => parseCvrp(text.replace('EUC_2D', 'GEO'))).toThrow(/EUC_2D/);
    expect(() => parseCvrp(text.replace(/DEPOT_SECTION[\s\S]*$/, 'DEPOT_SECTION\n1\n2\n-1\nEOF'))).toThrow(/depots/);
  });

  it('carries its best-known costs as distance-only rows', () => {
    const bks = parseBks(read('cvrp_x/bks.csv'));
    expect(bks.distance.get('x-n101-k25')).toEqual({ vehicles: 26, distance: 27591 });
    expect(bks.distance.get('x-n1001-k43')).toBeDefined();
  });
});

describe("Cordeau's MDVRP files", () => {
  const text = read('mdvrp/p01.txt');
  const inst = parseMdvrp(text, 'p01');
  const { request, matrices } = convertMdvrp(inst);

  it('reads 4 depots of 4 vehicles each and 50 customers', () => {
    expect(isCordeauMdvrp(text)).toBe(true);
    expect(isTsplib(text)).toBe(false);
    expect(inst.vehiclesPerDepot).toBe(4);
    expect(inst.depots.map((d) => [d.no, d.x, d.y, d.capacity, d.maxDuration])).toEqual([
      [51, 20, 20, 80, 0],
      [52, 30, 40, 80, 0],
      [53, 50, 30, 80, 0],
      [54, 60, 50, 80, 0],
    ]);
    expect(inst.customers).toHaveLength(50);
    expect(inst.customers[0]).toEqual({ no: 1, x: 37, y: 52, service: 0, demand: 7 });
    expect(request.vehicles).toHaveLength(16);
    expect(request.vehicles[5]).toEqual({ id: 6, start_index: 1, end_index: 1, capacity: [80] });
    expect(request.jobs![0]).toEqual({ id: 1, location_index: 4, service: 0, delivery: [7] });
  });

  it('uses Euclidean distances x 1000, rounded, and the route duration limit with service', () => {
    // depot 51 (20,20) to customer 1 (37,52): sqrt(1313) = 36.2353...
    expect(matrices.car.distances[0][4]).toBe(36_235);
    const pr = convertMdvrp(parseMdvrp(read('mdvrp/pr01.txt'), 'pr01'));
    expect(pr.request.vehicles).toHaveLength(4);
    expect(pr.request.vehicles[0]).toMatchObject({ capacity: [200], max_working_time: 500_000 });
    expect(pr.request.jobs![0]).toMatchObject({ id: 1, service: 2000, delivery: [12] });
  });

  it('solves to a result the checker accepts, reported in double-precision distance', () => {
    const result = solveCapped(request, matrices, 100);
    expect(result.unassigned).toEqual([]);
    expect(checkSolution(request, matrices, result)).toEqual([]);
    const d = mdvrpDistance(inst, result.routes);
    expect(Math.abs(d - result.summary.distance / 1000)).toBeLessThan(0.1);
    for (const r of result.routes) expect(r.steps[0].location_index).toBe(r.steps.at(-1)!.location_index);
  });
});

describe('format dispatch', () => {
  it('tells TSPLIB, Cordeau and Solomon files apart', () => {
    expect(loadInstance(read('cvrp_x/X-n101-k25.vrp'), 'x').kind).toBe('cvrp');
    expect(loadInstance(read('mdvrp/p01.txt'), 'p01').kind).toBe('mdvrp');
    expect(loadInstance(read('solomon/C101.txt'), 'C101').kind).toBe('vrptw');
  });

  it('reports a CVRP result in nint units, the sum the solver itself minimised', () => {
    const x = loadInstance(read('cvrp_x/X-n101-k25.vrp'), 'x');
    const result = solveCapped(x.request, x.matrices, 30);
    expect(checkSolution(x.request, x.matrices, result)).toEqual([]);
    expect(x.distance(result.routes)).toBe(result.summary.distance);
    expect(cvrpDistance(parseCvrp(read('cvrp_x/X-n101-k25.vrp')), result.routes)).toBe(result.summary.distance);
  });
});
