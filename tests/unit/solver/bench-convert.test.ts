// The solver benchmark's instance converter and CSV readers: Li & Lim pairing and distances,
// format detection, best-known and VROOM baseline tables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../shared/solver';
import { convert, detectKind, parseInstance, routeDistance } from '../../bench/solver/convert';
import { family } from '../../bench/solver/report';
import { parseBaseline, parseBks, splitCsvLine } from '../../bench/solver/tables';
import { solveCapped } from './helpers';

const vrp = join(import.meta.dirname, '../../fixtures/vrp');
const tinyText = readFileSync(join(vrp, 'pdptw/tiny4.txt'), 'utf8');

describe('Li & Lim (PDPTW) files', () => {
  const inst = parseInstance(tinyText, 'tiny4');
  const { request, matrices } = convert(inst);
  const at = (no: number) => inst.nodes.findIndex((n) => n.no === no);

  it('is told apart from the Solomon format by its first line', () => {
    expect(detectKind(tinyText)).toBe('pdptw');
    expect(inst).toMatchObject({ kind: 'pdptw', nVehicles: 3, capacity: 20 });
    expect(request.vehicles).toHaveLength(3);
    expect(request.vehicles[0]).toMatchObject({ capacity: [20], time_window: [0, 1_000_000], start_index: 0, end_index: 0 });
  });

  it('pairs each pickup with the delivery its columns name, whatever the file order', () => {
    expect(request.jobs).toBeUndefined();
    const pairs = request.shipments!.map((s) => [s.pickup.id, s.delivery.id, s.amount![0]]);
    expect(pairs).toEqual([
      [1, 6, 5],
      [2, 5, 7],
      [3, 8, 3],
      [7, 4, 4],
    ]);
    const first = request.shipments![0];
    expect(first.pickup).toEqual({ id: 1, location_index: at(1), service: 10_000, time_windows: [[0, 200_000]] });
    expect(first.delivery).toEqual({ id: 6, location_index: at(6), service: 10_000, time_windows: [[0, 300_000]] });
  });

  it('uses Euclidean distances x 1000, rounded, for both distance and travel time', () => {
    const d = matrices.car.distances;
    expect(d[at(0)][at(1)]).toBe(5000); // (0,0)-(3,4)
    expect(d[at(1)][at(6)]).toBe(5000); // (3,4)-(6,8)
    expect(d[at(2)][at(5)]).toBe(10_000); // (0,10)-(0,20)
    expect(d[at(3)][at(8)]).toBe(16_000); // (-6,8)-(-6,-8)
    expect(d[at(7)][at(4)]).toBe(22_825); // (-8,-6)-(12,5): sqrt(521) = 22.8254...
    expect(d[at(4)][at(7)]).toBe(22_825);
    expect(matrices.car.durations).toEqual(d);
  });

  it('reads past the speed column, which SINTEF documents as unused (some copies carry 0 there)', () => {
    for (const speed of ['0', '2']) {
      const other = convert(parseInstance(tinyText.replace(/^3\t20\t1/, `3\t20\t${speed}`), 'other'));
      expect(other.matrices.car.durations).toEqual(matrices.car.durations);
      expect(other.request).toEqual(request);
    }
  });

  it('solves to a result the checker accepts, every pickup before its delivery', () => {
    const result = solveCapped(request, matrices, 100);
    expect(result.unassigned).toEqual([]);
    expect(checkSolution(request, matrices, result)).toEqual([]);
    for (const s of request.shipments!)
      for (const r of result.routes) {
        const ids = r.steps.map((st) => `${st.type}:${st.id}`);
        if (ids.includes(`pickup:${s.pickup.id}`))
          expect(ids.indexOf(`pickup:${s.pickup.id}`)).toBeLessThan(ids.indexOf(`delivery:${s.delivery.id}`));
      }
    expect(routeDistance(inst, result.routes)).toBeCloseTo(result.summary.distance / 1000, 1);
  });

  it('rejects a delivery that does not name its pickup back, or an orphan task', () => {
    const wrongBack = tinyText.replace('6\t6\t8\t-5\t0\t300\t10\t1\t0', '6\t6\t8\t-5\t0\t300\t10\t2\t0');
    expect(() => convert(parseInstance(wrongBack))).toThrow(/task 1: delivery 6/);
    const wrongDemand = tinyText.replace('6\t6\t8\t-5', '6\t6\t8\t-4');
    expect(() => convert(parseInstance(wrongDemand))).toThrow(/opposite demand/);
    const orphan = tinyText + '9\t1\t1\t-2\t0\t900\t10\t7\t0\n';
    expect(() => convert(parseInstance(orphan))).toThrow(/9 tasks but 4 complete/);
  });
});

describe('Solomon files', () => {
  it('become one job per customer with the file fleet', () => {
    const text = readFileSync(join(vrp, 'solomon/C101.txt'), 'utf8');
    expect(detectKind(text)).toBe('vrptw');
    const { request, matrices } = convert(parseInstance(text));
    expect(request.shipments).toBeUndefined();
    expect(request.jobs).toHaveLength(100);
    expect(request.vehicles).toHaveLength(25);
    // Customer 1 (45,68), demand 10, window [912,967], service 90; depot (40,50).
    expect(request.jobs![0]).toEqual({ id: 1, location_index: 1, service: 90_000, delivery: [10], time_windows: [[912_000, 967_000]] });
    expect(matrices.car.distances[0][1]).toBe(Math.round(1000 * Math.hypot(5, 18)));
  });
});

describe('benchmark CSV tables', () => {
  it('splits quoted fields holding commas and quotes', () => {
    expect(splitCsvLine('a,"b, c","say ""hi""",')).toEqual(['a', 'b, c', 'say "hi"', '']);
  });

  it('reads the simple best-known header as hierarchical values', () => {
    const t = parseBks('instance,vehicles,distance\nLC101,10,828.94\nmine,3,12.5\n');
    expect(t.hierarchical.get('lc101')).toEqual({ vehicles: 10, distance: 828.94 });
    expect(t.hierarchical.get('mine')).toEqual({ vehicles: 3, distance: 12.5 });
    expect(t.distance.size).toBe(0);
  });

  it('reads the bundled bks.csv by objective, leaving out the truncated DIMACS convention', () => {
    const t = parseBks(readFileSync(join(vrp, 'bks.csv'), 'utf8'));
    expect(t.hierarchical.get('r101')).toEqual({ vehicles: 19, distance: 1645.79 });
    expect(t.distance.get('r101')).toEqual({ vehicles: 20, distance: 1642.88 });
    expect(t.hierarchical.get('c1_10_2')).toEqual({ vehicles: 90, distance: 42222.9555 });
    expect(t.distance.has('c1_10_2')).toBe(false);
  });

  it('rejects a best-known table without the required columns', () => {
    expect(() => parseBks('name,vehicles,distance\nx,1,2\n')).toThrow(/"instance"/);
  });

  it('keeps one VROOM baseline row per instance, of the chosen config', () => {
    const text = readFileSync(join(vrp, 'vroom-baseline.csv'), 'utf8');
    const one = parseBaseline(text, 'xdef_t1');
    expect(one.size).toBe(68);
    expect(one.get('c101')).toEqual({ vehicles: 10, distance: 828.94, unassigned: 0, wallSeconds: 0.345 });
    expect(parseBaseline(text, 'xdef_t2').get('c101')!.wallSeconds).toBe(0.18);
    expect(() => parseBaseline(text, 'nope')).toThrow(/xdef_t1/);
    expect(() => parseBaseline('instance,distance,vehicles,wall_s\nA,1,1,1\nA,2,1,1\n', 'any')).toThrow(/two rows for A/);
  });

  it('names the family of Solomon, Gehring & Homberger and Li & Lim instances', () => {
    expect(['C101', 'r2_4_1', 'RC208', 'rc1_2_1', 'lrc104', 'tiny4'].map(family)).toEqual(['C1', 'R2', 'RC2', 'RC1', 'LRC1', 'other']);
  });
});
