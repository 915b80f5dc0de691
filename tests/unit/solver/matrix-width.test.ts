// The solver keeps a matrix in 32 bits only where that changes no entry: whole seconds and metres
// (below 2^24) narrow, anything else stays in 64 bits, and what the solver reads back is always
// the value it was given.
import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../../shared/solver/model/problem';
import { transposed } from '../../../shared/solver/model/matrices';
import { generate } from './helpers';

const base = generate({ seed: 7, jobs: 12, shipments: 0, vehicles: 2 });

function withEntry(m: number[][], value: number): number[][] {
  const copy = m.map((row) => [...row]);
  copy[1][2] = value;
  return copy;
}

function problemWith(durations: number[][]) {
  return buildProblem(base.request, { car: { ...base.matrices.car, durations } });
}

function flatOf(m: number[][]): number[] {
  return m.flat();
}

describe('matrix width', () => {
  const durations = base.matrices.car.durations as number[][];

  it('narrows whole numbers to 32 bits, entry for entry', () => {
    const v = problemWith(durations).vehicles[0];
    expect(v.dur).toBeInstanceOf(Float32Array);
    expect([...v.dur]).toEqual(flatOf(durations));
  });

  it('keeps 64 bits when one entry would change: a fraction, or a whole number past 2^24', () => {
    for (const value of [0.1, 2 ** 24 + 1]) {
      const m = withEntry(durations, value);
      const v = problemWith(m).vehicles[0];
      expect(v.dur).toBeInstanceOf(Float64Array);
      expect(v.dur[1 * m.length + 2]).toBe(value);
      expect([...v.dur]).toEqual(flatOf(m));
    }
  });

  it('narrows rated costs and transposes when exact, in the width of the matrix', () => {
    const request = { ...base.request, vehicles: base.request.vehicles.map((v) => ({ ...v, costs: { per_hour: 3600 } })) };
    const v = buildProblem(request, base.matrices).vehicles[0];
    expect(v.cost).toBeInstanceOf(Float32Array);
    expect([...v.cost]).toEqual([...v.dur]);
    const asym = Float32Array.from([0, 1, 2, 3, 0, 4, 5, 6, 0]);
    const t = transposed(asym, 3);
    expect(t).toBeInstanceOf(Float32Array);
    expect([...t]).toEqual([0, 3, 5, 1, 0, 6, 2, 4, 0]);
  });

  it('reads rows that are consecutive slices of one typed array in place (a shared buffer), and copies others', () => {
    const n = durations.length;
    const whole = Float32Array.from(flatOf(durations));
    const slices = Array.from({ length: n }, (_, i) => whole.subarray(i * n, (i + 1) * n));
    const inPlace = problemWith(slices as unknown as number[][]).vehicles[0].dur;
    expect(inPlace.buffer).toBe(whole.buffer);
    expect([...inPlace]).toEqual(flatOf(durations));
    // The same slices out of order are rows of another matrix: copied, in their order.
    const swapped = [slices[1], slices[0], ...slices.slice(2)];
    const copied = problemWith(swapped as unknown as number[][]).vehicles[0].dur;
    expect(copied.buffer).not.toBe(whole.buffer);
    expect([...copied]).toEqual(swapped.flatMap((row) => [...row]));
  });
});
