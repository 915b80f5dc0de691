// Split jobs (jobs[].split): small problems whose answer is known by hand, and the checker's own
// split rules on results broken on purpose.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverJob, type SolverMatrices, type SolverRequest, type SolverResult } from '../../../shared/solver';
import { MAX_TASKS_SPLIT, partCount, planSplits, shareOf } from '../../../shared/solver/model/splits';
import { solveCapped } from './helpers';

/** Locations 0..n-1 on a line, 100 s and 1 km apart; location 0 is the depot. */
function line(n: number): { locations: [number, number][]; matrices: SolverMatrices } {
  const idx = Array.from({ length: n }, (_, i) => i);
  const m = (f: number) => idx.map((i) => idx.map((j) => f * Math.abs(i - j)));
  return { locations: idx.map((i) => [0, i / 100]), matrices: { car: { durations: m(100), distances: m(1000) } } };
}

const { locations, matrices } = line(4);
const van = (id: number, capacity = 10) => ({ id, start_index: 0, end_index: 0, capacity: [capacity] });
const big = (split: SolverJob['split'], delivery = [30]): SolverJob => ({ id: 1, location_index: 2, delivery, service: 60, split });
const parts = (res: SolverResult) =>
  res.routes.flatMap((r) =>
    r.steps.filter((s) => s.type === 'job' && s.id === 1).map((s) => ({ vehicle: r.vehicle, n: s.split_indicator, delivery: s.delivery })),
  );

describe('dividing a job', () => {
  it('shares whole units evenly, the first parts one more', () => {
    expect([0, 1, 2, 3].map((i) => shareOf([31, 4], i, 4))).toEqual([
      [8, 1],
      [8, 1],
      [8, 1],
      [7, 1],
    ]);
  });

  it('takes the fewest parts the fleet has loads for', () => {
    const job = big({ can_be_split: true });
    expect(partCount(job, [van(1), van(2), van(3)])).toBe(3);
    // 15 + 15 fits only the big truck, so three parts of 10 it is.
    expect(partCount(job, [van(1, 20), van(2), van(3)])).toBe(3);
    expect(partCount(job, [van(1, 30)])).toBe(1);
    // A vehicle with three runs takes three loads.
    expect(partCount(job, [{ ...van(1), max_depot_runs: 3 }])).toBe(3);
    expect(partCount(job, [van(1), van(2)])).toBeNull();
    // Only vehicles with the job's skills and zones count.
    const skilled = { ...job, skills: [5] };
    expect(partCount(skilled, [{ ...van(1), skills: [5] }, { ...van(2), skills: [5] }, van(3)])).toBeNull();
    expect(
      partCount({ ...job, zones: [2] }, [van(1), { ...van(2), zones: [2] }, { ...van(3), zones: [2] }, { ...van(4), zones: [2] }]),
    ).toBe(3);
  });

  it('refuses a split that would take the problem past the task limit', () => {
    const filler = Array.from({ length: MAX_TASKS_SPLIT - 2 }, (_, i) => ({ id: 10 + i, location_index: 1 }));
    const request: SolverRequest = { locations, vehicles: [van(1), van(2), van(3)], jobs: [big({ can_be_split: true }), ...filler] };
    // 3999 tasks and two more parts would be 4001.
    const plan = planSplits(request)!;
    expect(plan.refused.map((j) => j.id)).toEqual([1]);
    expect(plan.parts.size).toBe(0);
    expect(planSplits({ ...request, jobs: request.jobs!.slice(0, -1) })!.parts.size).toBe(3);
  });

  it('leaves a request without a splittable job untouched', () => {
    const request: SolverRequest = {
      locations,
      vehicles: [van(1)],
      jobs: [big(undefined, [5]), { ...big({ can_be_split: false }), id: 2 }],
    };
    expect(planSplits(request)).toBeNull();
    // Asks to be split but one vehicle carries it whole: nothing to split.
    expect(planSplits({ ...request, vehicles: [van(1, 40)], jobs: [big({ can_be_split: true })] })).toBeNull();
  });
});

describe('split jobs solved', () => {
  it('serves 30 units with vans of 10 as three parts of 10 on three vans', () => {
    const request: SolverRequest = { locations, vehicles: [van(1), van(2), van(3)], jobs: [big({ can_be_split: true, max_split: 3 })] };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    const served = parts(res);
    expect(served.map((p) => p.n).sort()).toEqual([1, 2, 3]);
    expect(new Set(served.map((p) => p.vehicle)).size).toBe(3);
    expect(served.map((p) => p.delivery)).toEqual([[10], [10], [10]]);
    // Each van leaves loaded with its part; each stop takes the job's whole service.
    for (const r of res.routes) {
      expect(r.steps[0].load).toEqual([10]);
      expect(r.service).toBe(60);
      expect(r.delivery).toEqual([10]);
    }
    expect(res.summary.delivery).toEqual([30]);
  });

  it('leaves the job out, reason split, when it needs more parts than max_split', () => {
    const request: SolverRequest = {
      locations,
      vehicles: [van(1), van(2), van(3)],
      jobs: [big({ can_be_split: true, max_split: 2 }), { id: 2, location_index: 1, delivery: [4] }],
    };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([{ id: 1, type: 'job', location: locations[2], location_index: 2, reason: 'split' }]);
    expect(res.summary.unassigned).toBe(1);
    expect(res.routes.flatMap((r) => r.steps.filter((s) => s.type === 'job').map((s) => s.id))).toEqual([2]);
  });

  it('leaves the job out, reason split, when its parts would carry less than quant percent', () => {
    // Three parts of 10 are a third each: below 40%.
    const request: SolverRequest = { locations, vehicles: [van(1), van(2), van(3)], jobs: [big({ can_be_split: true, quant: 40 })] };
    const res = solveCapped(request, matrices, 50);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[1, 'split']]);
    const ok = { ...request, jobs: [big({ can_be_split: true, quant: 33 })] };
    const served = solveCapped(ok, matrices, 50);
    expect(checkSolution(ok, matrices, served)).toEqual([]);
    expect(served.unassigned).toEqual([]);
  });

  it('serves no part when not every part fits, and says split', () => {
    // Job 2 (priority 10) takes 5 of one van's 10: the third part of 10 has no room left.
    const request: SolverRequest = {
      locations,
      vehicles: [van(1), van(2), van(3)],
      jobs: [big({ can_be_split: true }), { id: 2, location_index: 1, delivery: [5], priority: 10 }],
    };
    const res = solveCapped(request, matrices, 200);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(parts(res)).toEqual([]);
    expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[1, 'split']]);
  });

  it('gives the room of a job dropped for its split back to the tasks it kept out', () => {
    // Van 3 cannot reach location 3 and back in its window: two parts at most, so the job is
    // dropped; job 2 (10 units at the same place) is served whichever the search had chosen.
    const request: SolverRequest = {
      locations,
      vehicles: [van(1), van(2), { ...van(3), time_window: [0, 500] }],
      jobs: [
        { ...big({ can_be_split: true }), location_index: 3 },
        { id: 2, location_index: 3, delivery: [10] },
      ],
    };
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const res = solveCapped(request, matrices, 100, seed);
      expect(checkSolution(request, matrices, res)).toEqual([]);
      expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[1, 'split']]);
    }
  });

  it('keeps the capacity reason when no number of parts fits the fleet', () => {
    const request: SolverRequest = { locations, vehicles: [van(1), van(2)], jobs: [big({ can_be_split: true })] };
    const res = solveCapped(request, matrices, 50);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned.map((u) => [u.id, u.reason])).toEqual([[1, 'capacity']]);
  });

  it('serves the parts on one vehicle in three runs from its depot', () => {
    const request: SolverRequest = {
      locations,
      depots: [{ id: 7, location_index: 0 }],
      vehicles: [{ ...van(1), max_depot_runs: 3 }],
      jobs: [big({ can_be_split: true })],
    };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.unassigned).toEqual([]);
    const steps = res.routes[0].steps.filter((s) => s.type === 'job');
    expect(steps.map((s) => s.run)).toEqual([1, 2, 3]);
    expect(steps.map((s) => s.split_indicator).sort()).toEqual([1, 2, 3]);
  });

  it('places a split job again when an earlier plan names it (re-optimization)', () => {
    const request: SolverRequest = { locations, vehicles: [van(1), van(2), van(3)], jobs: [big({ can_be_split: true })] };
    const first = solveCapped(request, matrices, 50);
    const solution = first.routes.map((r) => ({
      vehicle: r.vehicle,
      steps: r.steps.filter((s) => s.type === 'job').map((s) => ({ type: 'job' as const, id: s.id })),
    }));
    const again = { ...request, solution };
    const res = solveCapped(again, matrices, 50);
    expect(checkSolution(again, matrices, res)).toEqual([]);
    expect(
      parts(res)
        .map((p) => p.n)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('splits pickups too, each van bringing its share back', () => {
    const request: SolverRequest = {
      locations,
      vehicles: [van(1), van(2)],
      jobs: [{ id: 1, location_index: 3, pickup: [15], split: { can_be_split: true, max_split: 2 } }],
    };
    const res = solveCapped(request, matrices, 100);
    expect(checkSolution(request, matrices, res)).toEqual([]);
    expect(res.routes.map((r) => r.steps[r.steps.length - 1].load).sort()).toEqual([[7], [8]]);
  });
});

describe('the checker on split jobs', () => {
  const request: SolverRequest = { locations, vehicles: [van(1), van(2), van(3)], jobs: [big({ can_be_split: true, max_split: 3 })] };
  const good = () => solveCapped(request, matrices, 100);
  const rules = (res: SolverResult) => checkSolution(request, matrices, res).map((v) => v.rule);

  it('flags parts that do not add up to the job', () => {
    const res = good();
    const step = res.routes[0].steps.find((s) => s.type === 'job')!;
    step.delivery = [9];
    expect(rules(res)).toContain('split');
  });

  it('flags a job split that does not ask for it, and parts numbered twice', () => {
    const res = good();
    expect(checkSolution({ ...request, jobs: [big(undefined)] }, matrices, res).map((v) => v.rule)).toContain('split');
    const again = good();
    for (const r of again.routes) for (const s of r.steps) if (s.type === 'job') s.split_indicator = 1;
    expect(rules(again)).toContain('split');
  });

  it('flags a job split though one vehicle holds it whole', () => {
    const res = good();
    const roomy = { ...request, vehicles: [van(1), van(2), van(3, 30)] };
    expect(checkSolution(roomy, matrices, res).map((v) => v.rule)).toContain('split');
  });

  it('flags more parts than max_split and a reason split on a job that cannot split', () => {
    const res = good();
    expect(checkSolution({ ...request, jobs: [big({ can_be_split: true, max_split: 2 })] }, matrices, res).map((v) => v.rule)).toContain(
      'split',
    );
    const plain: SolverResult = {
      ...res,
      routes: [],
      unassigned: [{ id: 1, type: 'job', location: locations[2], location_index: 2, reason: 'split' }],
    };
    plain.summary = { ...plain.summary, routes: 0, unassigned: 1, cost: 0 };
    expect(checkSolution({ ...request, jobs: [big(undefined)] }, matrices, plain).map((v) => v.rule)).toContain('unassigned');
  });
});
