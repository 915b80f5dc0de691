// The insertion order "tightest windows first" reads each task's window span from the context.
import { describe, expect, it } from 'vitest';
import type { SolverMatrices, SolverRequest } from '../../../shared/solver';
import { buildContext } from '../../../shared/solver/search/context';
import { buildProblem } from '../../../shared/solver/model/problem';
import { Rng } from '../../../shared/solver/prng';
import { sortForInsertion } from '../../../shared/solver/search/ruin-recreate/recreate';

const n = 8;
const matrices: SolverMatrices = {
  car: {
    durations: Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => Math.abs(a - b) * 10)),
    distances: Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => Math.abs(a - b) * 10)),
  },
};

function request(): SolverRequest {
  return {
    locations: Array.from({ length: n }, (_, i) => [0, i / 1000]),
    vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [100], time_window: [0, 100_000] }],
    jobs: [
      { id: 1, location_index: 1, time_windows: [[100, 500]] },
      { id: 2, location_index: 2 },
      {
        id: 3,
        location_index: 3,
        time_windows: [
          [1000, 1100],
          [3000, 3300],
        ],
      },
      { id: 4, location_index: 4, time_windows: [[0, 50]] },
    ],
    shipments: [
      {
        amount: [1],
        pickup: { id: 10, location_index: 5, time_windows: [[0, 10_000]] },
        delivery: { id: 10, location_index: 6, time_windows: [[200, 260]] },
      },
    ],
  };
}

describe('window spans', () => {
  it('run from the first window’s start to the last one’s end, a shipment taking its tighter step, no window being unbounded', () => {
    const p = buildProblem(request(), matrices);
    const span = buildContext(p, new Rng(1)).windowSpan;
    expect(span[0]).toBe(400);
    expect(span[1]).toBe(Number.MAX_VALUE);
    expect(span[2]).toBe(2300);
    expect(span[3]).toBe(50);
    expect(span[4]).toBe(60);
    expect(span[5]).toBe(60);
    // Unbounded spans still compare by subtraction (no NaN in the sort).
    expect(span[1] - span[1]).toBe(0);
  });

  it('give, among the insertion orders, one where the tightest come first', () => {
    const p = buildProblem(request(), matrices);
    const ctx = buildContext(p, new Rng(3));
    let tightFirst = 0;
    // Jobs 4 (50), the shipment (60), 1 (400), 3 (2300), 2 (unbounded), as task indices.
    for (let k = 0; k < 400; k++) if (sortForInsertion(ctx, [0, 1, 2, 3, 4]).join(',') === '3,4,0,2,1') tightFirst++;
    // That order has odds 4 in 15; a shuffle gives it one time in 120.
    expect(tightFirst).toBeGreaterThan(60);
    expect(tightFirst).toBeLessThan(160);
  });
});
