// A job inserted into a route recomputes only what the insertion changes (RouteState.insertJob).
// Its arrays, totals, cost and feasibility must equal, to the bit, a full refresh of the same
// sequence: at every position of every used route, on routes that kept their buffers and on
// clones that share them, with several windows per task, open routes and route limits.
import { describe, expect, it } from 'vitest';
import { construct } from '../../../shared/solver/search/construction';
import { buildContext } from '../../../shared/solver/search/context';
import { bestInsertion, type Insertion } from '../../../shared/solver/routes/insertion';
import { buildProblem } from '../../../shared/solver/model/problem';
import { KIND_JOB } from '../../../shared/solver/model/tasks';
import { Rng } from '../../../shared/solver/prng';
import { RouteState } from '../../../shared/solver/routes/route-state';
import { generate, lcg, type GenOptions } from './helpers';

const cases: GenOptions[] = [
  { seed: 11, jobs: 60, shipments: 0, vehicles: 5 },
  { seed: 12, jobs: 50, shipments: 0, vehicles: 6, multiWindows: true, openRoutes: true },
  { seed: 13, jobs: 50, shipments: 0, vehicles: 4, limits: true, costs: true },
  { seed: 14, jobs: 40, shipments: 0, vehicles: 3, loose: true },
];

function snapshot(r: RouteState) {
  const len = r.length;
  const dims = r.p.dims;
  const upTo = <T extends Float64Array | Int32Array>(a: T, n: number) => Array.from(a.subarray(0, n));
  return {
    seq: [...r.seq],
    cost: r.cost,
    dur: r.dur,
    dist: r.dist,
    travelCost: r.travelCost,
    feasible: r.feasible,
    locs: upTo(r.locs, len + 2),
    dep: upTo(r.dep, len + 2),
    late: upTo(r.late, len + 2),
    arc: upTo(r.arc, len + 1),
    arcDur: upTo(r.arcDur, len + 1),
    arcDist: upTo(r.arcDist, len + 1),
    load: upTo(r.load, (len + 1) * dims),
    loadMaxPre: upTo(r.loadMaxPre, (len + 1) * dims),
    loadMaxSuf: upTo(r.loadMaxSuf, (len + 1) * dims),
  };
}

describe('RouteState.insertJob', () => {
  for (const o of cases) {
    it(`equals a full refresh at every position (case ${o.seed})`, () => {
      const { request, matrices } = generate(o);
      const p = buildProblem(request, matrices);
      expect(p.simple).toBe(true);
      const sol = construct(buildContext(p, new Rng(o.seed)));
      const r = lcg(o.seed);
      const jobs = [...Array(p.nTasks).keys()].filter((t) => p.kind[t] === KIND_JOB && sol.routeOf[t] >= 0);
      sol.removeTasks(jobs.filter(() => r.next() < 0.3));
      const outside = jobs.filter((t) => sol.routeOf[t] < 0);
      const compare = (route: RouteState, t: number, after: number) => {
        const full = new RouteState(p, route.v, [...route.seq.slice(0, after), t, ...route.seq.slice(after)]);
        // A clone shares its buffers (the copy path); a route grown past its capacity reallocates.
        const shared = route.clone();
        shared.insertJob(t, after);
        expect(snapshot(shared)).toEqual(snapshot(full));
        // A route that owns its buffers shifts them in place.
        const owned = new RouteState(p, route.v, route.seq);
        owned.insertJob(t, after);
        expect(snapshot(owned)).toEqual(snapshot(full));
        return full.feasible;
      };
      let compared = 0;
      let feasible = 0;
      const ins: Insertion = { delta: 0, i: 0, j: -1 };
      for (const route of sol.routes) {
        if (route.length === 0 || !route.feasible) continue;
        for (let after = 0; after <= route.length; after++) {
          compare(route, outside[r.int(outside.length)], after);
          compared++;
        }
        // The insertions the search makes: feasible ones, where only part is recomputed.
        for (const t of outside) if (bestInsertion(route, t, ins) && compare(route, t, ins.i)) feasible++;
      }
      expect(outside.length).toBeGreaterThan(5);
      expect(compared).toBeGreaterThan(10);
      expect(feasible).toBeGreaterThan(10);
    });
  }

  it('falls back to a full refresh on an infeasible route and on an empty one', () => {
    const { request, matrices } = generate(cases[0]);
    const p = buildProblem(request, matrices);
    const v = p.vehicles[0];
    const empty = new RouteState(p, v);
    empty.insertJob(0, 0);
    expect(snapshot(empty)).toEqual(snapshot(new RouteState(p, v, [0])));
    // Every job on one vehicle misses windows or capacity: infeasible.
    const all = [...Array(p.nTasks).keys()].filter((t) => p.kind[t] === KIND_JOB);
    const crowded = new RouteState(p, v, all.slice(1));
    expect(crowded.feasible).toBe(false);
    crowded.insertJob(all[0], 3);
    const seq = all.slice(1);
    seq.splice(3, 0, all[0]);
    expect(snapshot(crowded)).toEqual(snapshot(new RouteState(p, v, seq)));
  });

  it('puts jobs into a sequence of its own in place, never into one a clone or the caller holds', () => {
    const o = cases[3];
    const { request, matrices } = generate(o);
    const p = buildProblem(request, matrices);
    const sol = construct(buildContext(p, new Rng(o.seed)));
    const route = sol.routes.find((r) => r.length >= 5)!;
    const given = route.seq;
    const before = [...given];
    const jobs = route.seq.slice(0, 4);
    sol.removeTasks(jobs);
    // removeTasks hands the route a sequence of its own; a clone taken now shares it.
    const r = sol.routes[route.v.index];
    const kept = r.clone();
    const keptSeq = [...kept.seq];
    // The clone let go of it: the first job copies, the next ones go into that copy in place.
    let seq = [...r.seq];
    let last: number[] | null = null;
    for (const [n, t] of jobs.slice(0, 3).entries()) {
      r.insertJob(t, n);
      seq = [...seq.slice(0, n), t, ...seq.slice(n)];
      expect(snapshot(r)).toEqual(snapshot(new RouteState(p, r.v, seq)));
      if (last) expect(r.seq).toBe(last);
      last = r.seq;
    }
    expect(kept.seq).toEqual(keptSeq);
    expect(given).toEqual(before);
    // A clone taken now, then a job on the original: the clone keeps its sequence.
    const copy = r.clone();
    const copySeq = [...copy.seq];
    r.insertJob(jobs[3], 1);
    expect(r.seq).not.toBe(copy.seq);
    expect(copy.seq).toEqual(copySeq);
    expect(snapshot(r)).toEqual(snapshot(new RouteState(p, r.v, [seq[0], jobs[3], ...seq.slice(1)])));
  });
});

// A removal (RouteState.keepOnly, what Solution.removeTasks calls) recomputes only what the gaps
// change; it must equal a full refresh of the kept sequence to the bit.
describe('RouteState.keepOnly', () => {
  for (const o of cases) {
    it(`equals a full refresh for removed strings and scattered tasks (case ${o.seed})`, () => {
      const { request, matrices } = generate(o);
      const p = buildProblem(request, matrices);
      const sol = construct(buildContext(p, new Rng(o.seed)));
      const r = lcg(o.seed + 100);
      let compared = 0;
      for (const route of sol.routes) {
        const len = route.length;
        if (len < 2) continue;
        const keeps: number[][] = [];
        // Every string of one to three tasks, then random subsets (several gaps), then all but one end.
        for (let a = 0; a < len; a++)
          for (let l = 1; l <= 3 && a + l <= len; l++) keeps.push([...route.seq.slice(0, a), ...route.seq.slice(a + l)]);
        for (let k = 0; k < 20; k++) keeps.push(route.seq.filter(() => r.next() < 0.6));
        for (const keep of keeps) {
          if (keep.length === len) continue;
          const full = new RouteState(p, route.v, [...keep]);
          // A clone shares its buffers (the copy path); a route that owns its buffers works in place.
          const shared = route.clone();
          shared.keepOnly([...keep]);
          expect(snapshot(shared)).toEqual(snapshot(full));
          const owned = new RouteState(p, route.v, [...route.seq]);
          owned.keepOnly([...keep]);
          expect(snapshot(owned)).toEqual(snapshot(full));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(50);
    });
  }

  it('falls back to a full refresh on an infeasible route', () => {
    const { request, matrices } = generate(cases[0]);
    const p = buildProblem(request, matrices);
    const v = p.vehicles[0];
    const all = [...Array(p.nTasks).keys()].filter((t) => p.kind[t] === KIND_JOB);
    const crowded = new RouteState(p, v, all.slice(0, 30));
    expect(crowded.feasible).toBe(false);
    const keep = all.slice(0, 30).filter((_, k) => k % 3 !== 1);
    crowded.keepOnly([...keep]);
    expect(snapshot(crowded)).toEqual(snapshot(new RouteState(p, v, keep)));
  });
});
