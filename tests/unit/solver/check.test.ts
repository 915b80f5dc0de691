// The checker is the oracle of the other tests, so it must catch broken results: each case
// corrupts a valid result in one way and expects the matching rule to fire.
import { describe, expect, it } from 'vitest';
import { checkSolution, type SolverResult } from '../../../shared/solver';
import { generate, solveCapped } from './helpers';

const base = generate({ seed: 42, jobs: 25, shipments: 3, vehicles: 4, skills: true, breaks: true, multiWindows: true });
const valid = solveCapped(base.request, base.matrices, 50, 42);
const copy = (): SolverResult => JSON.parse(JSON.stringify(valid));
const rules = (r: SolverResult) => new Set(checkSolution(base.request, base.matrices, r).map((v) => v.rule));
const firstTask = (r: SolverResult) => {
  const route = r.routes.find((x) => x.steps.some((s) => s.type === 'job'))!;
  return { route, idx: route.steps.findIndex((s) => s.type === 'job') };
};

describe('independent checker', () => {
  it('accepts the valid result', () => {
    expect(valid.routes.length).toBeGreaterThan(0);
    expect(checkSolution(base.request, base.matrices, valid)).toEqual([]);
  });

  it('catches a wrong arrival time', () => {
    const r = copy();
    const { route, idx } = firstTask(r);
    route.steps[idx].arrival += 7;
    expect(rules(r)).toContain('arrival');
  });

  it('catches a dropped task that is not reported unassigned', () => {
    const r = copy();
    const { route, idx } = firstTask(r);
    route.steps.splice(idx, 1);
    expect(rules(r)).toContain('unassigned');
  });

  it('catches an overloaded vehicle', () => {
    const r = copy();
    const req = structuredClone(base.request);
    for (const v of req.vehicles) v.capacity = [1, 1];
    expect(new Set(checkSolution(req, base.matrices, r).map((v) => v.rule))).toContain('capacity');
  });

  it('catches a missing skill', () => {
    const req = structuredClone(base.request);
    const { route, idx } = firstTask(valid);
    req.jobs!.find((j) => j.id === route.steps[idx].id)!.skills = [99];
    expect(new Set(checkSolution(req, base.matrices, valid).map((v) => v.rule))).toContain('skills');
  });

  it('catches a time window violation', () => {
    const req = structuredClone(base.request);
    const { route, idx } = firstTask(valid);
    const s = route.steps[idx];
    req.jobs!.find((j) => j.id === s.id)!.time_windows = [[0, s.arrival + s.waiting_time - 1]];
    expect(new Set(checkSolution(req, base.matrices, valid).map((v) => v.rule))).toContain('time_window');
  });

  it('catches a wrong cost and a delivery before its pickup', () => {
    const r = copy();
    r.routes[0].cost += 5;
    expect(rules(r)).toContain('cost');
    const withShip = r.routes.find((x) => x.steps.some((s) => s.type === 'pickup'));
    if (withShip) {
      const pi = withShip.steps.findIndex((s) => s.type === 'pickup');
      const di = withShip.steps.findIndex((s) => s.type === 'delivery' && s.id === withShip.steps[pi].id);
      [withShip.steps[pi], withShip.steps[di]] = [withShip.steps[di], withShip.steps[pi]];
      expect(rules(r)).toContain('shipment');
    }
  });

  it('catches a relation broken by the order of steps', () => {
    const req = structuredClone(base.request);
    const route = valid.routes.find((x) => x.steps.filter((s) => s.type === 'job').length >= 2)!;
    const jobs = route.steps.filter((s) => s.type === 'job');
    req.relations = [
      {
        type: 'in_sequence',
        steps: [
          { type: 'job', id: jobs[1].id },
          { type: 'job', id: jobs[0].id },
        ],
      },
    ];
    expect(new Set(checkSolution(req, base.matrices, valid).map((v) => v.rule))).toContain('relation');
  });
});
