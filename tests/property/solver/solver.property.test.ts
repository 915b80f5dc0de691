// Properties on random instances of 5-200 tasks with every constraint type, with the
// independent checker as the oracle. Iteration caps keep every run fast and deterministic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from '../../../shared/solver';
import { generate, solveCapped, type GenOptions } from '../../unit/solver/helpers';

const features = fc.record({
  skills: fc.boolean(),
  multiWindows: fc.boolean(),
  openRoutes: fc.boolean(),
  breaks: fc.boolean(),
  limits: fc.boolean(),
  relations: fc.boolean(),
  soft: fc.boolean(),
  setup: fc.boolean(),
  costs: fc.boolean(),
  priorities: fc.boolean(),
  profiles: fc.boolean(),
});

const instance = fc
  .record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    jobs: fc.integer({ min: 3, max: 60 }),
    shipments: fc.integer({ min: 1, max: 12 }),
    vehicles: fc.integer({ min: 1, max: 8 }),
    f: features,
  })
  .map(({ f, ...rest }): GenOptions => ({ ...rest, ...f }));

describe('solver properties', () => {
  it('every result passes the independent checker (all constraint types)', () => {
    fc.assert(
      fc.property(instance, (o) => {
        const { request, matrices } = generate(o);
        const res = solveCapped(request, matrices, 60, o.seed);
        const v = checkSolution(request, matrices, res);
        expect(v, JSON.stringify(v.slice(0, 3))).toEqual([]);
      }),
      { numRuns: 25, seed: 5 },
    );
    // 25 solves: 7.0 s inside a whole run at load 9, too near the 10 s default.
  }, 30_000);

  it('large instances (up to 200 tasks) pass the checker', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 120, max: 180 }), (seed, jobs) => {
        const o: GenOptions = {
          seed,
          jobs,
          shipments: 10,
          vehicles: 12,
          skills: true,
          multiWindows: true,
          breaks: true,
          limits: true,
          setup: true,
          priorities: true,
        };
        const { request, matrices } = generate(o);
        const res = solveCapped(request, matrices, 10, seed);
        expect(checkSolution(request, matrices, res)).toEqual([]);
      }),
      { numRuns: 2, seed: 11 },
    );
  });

  it('assigns every task when every task is feasible (loose instances)', () => {
    fc.assert(
      fc.property(instance, (o) => {
        const loose = { ...o, loose: true, limits: false, breaks: false, relations: false, skills: false, soft: false };
        const { request, matrices } = generate(loose);
        const res = solveCapped(request, matrices, 40, o.seed);
        expect(res.unassigned).toEqual([]);
        expect(checkSolution(request, matrices, res)).toEqual([]);
      }),
      { numRuns: 15, seed: 7 },
    );
  });

  it('unassigned reasons are true: a skills reason means no vehicle has the skills', () => {
    fc.assert(
      fc.property(instance, (o) => {
        const { request, matrices } = generate({ ...o, skills: true });
        const res = solveCapped(request, matrices, 30, o.seed);
        for (const u of res.unassigned.filter((x) => x.reason === 'skills')) {
          const need =
            u.type === 'job'
              ? (request.jobs!.find((j) => j.id === u.id)!.skills ?? [])
              : (request.shipments!.find((s) => s.pickup.id === u.id)!.skills ?? []);
          const someVehicle = request.vehicles.some((v) => need.every((k) => (v.skills ?? []).includes(k)));
          expect(someVehicle).toBe(false);
        }
      }),
      { numRuns: 15, seed: 9 },
    );
  });

  it('is deterministic for a seed and an iteration cap', () => {
    fc.assert(
      fc.property(instance, (o) => {
        const { request, matrices } = generate(o);
        const a = solveCapped(request, matrices, 40, o.seed);
        const b = solveCapped(request, matrices, 40, o.seed);
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      }),
      { numRuns: 10, seed: 3 },
    );
  });
});
