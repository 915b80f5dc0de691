// Properties of several shifts per vehicle (vehicles[].shifts) on random instances, with the
// independent checker as the oracle: the horizon cut into two or three shifts with gaps, depot
// starts or plain ones, breaks, layovers and working-time limits mixed in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverRequest, type Window } from '../../../shared/solver';
import { generate, solveCapped } from '../../unit/solver/helpers';

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 4, max: 20 }),
  shipments: fc.integer({ min: 0, max: 3 }),
  vehicles: fc.integer({ min: 1, max: 3 }),
  shifts: fc.integer({ min: 1, max: 3 }),
  /** The share of each shift's slot left as a gap after it. */
  gap: fc.constantFrom(0, 0.2, 0.5),
  depot: fc.boolean(),
  breaks: fc.boolean(),
  layovers: fc.boolean(),
  workingTime: fc.boolean(),
});

type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

function withShifts(o: Shape): { request: SolverRequest; matrices: ReturnType<typeof generate>['matrices'] } {
  const g = generate({ ...o, multiWindows: true });
  const vehicles = g.request.vehicles.map((v) => {
    const [a, b] = v.time_window ?? [0, 100_000];
    const slot = (b - a) / o.shifts;
    const shifts: Window[] = Array.from({ length: o.shifts }, (_, k) => [
      Math.round(a + k * slot),
      Math.round(a + (k + 1) * slot - o.gap * slot),
    ]);
    return {
      ...v,
      start_index: v.start_index ?? 0,
      shifts,
      ...(o.layovers ? { layover_config: { max_continuous_time: Math.round(slot / 3), layover_duration: 300 } } : {}),
      ...(o.workingTime ? { max_working_time: Math.round((b - a) / 2) } : {}),
    };
  });
  const depots = o.depot ? [{ id: 1, location_index: vehicles[0].start_index, service: 90 }] : undefined;
  return { request: { ...g.request, vehicles, depots }, matrices: g.matrices };
}

describe('shifts against the checker', () => {
  it('every route is checker-clean: each run within one shift, in order, working time off the clock between', () => {
    let multi = 0;
    fc.assert(
      fc.property(shape, (o) => {
        const { request, matrices } = withShifts(o);
        const result = solveCapped(request, matrices, 30, o.seed);
        const v = checkSolution(request, matrices, result);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
        for (const r of result.routes) {
          const runs = r.steps.filter((s) => s.type === 'start').length;
          expect(runs).toBeLessThanOrEqual(o.shifts);
          if (runs > 1) multi++;
        }
      }),
      { numRuns: 25, seed: 4143 },
    );
    expect(multi).toBeGreaterThan(0);
  });
});
