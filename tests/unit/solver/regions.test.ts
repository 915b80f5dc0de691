// Searches side by side split a large problem's routes: each epoch every search owns a region (a
// run of routes near a pivot, its empty vehicles dealt in turn, the tasks on them); at the epoch's
// end the regions' own routes are put together. Checked on a 1000-customer Gehring & Homberger
// instance (r1_10_4, about 90 routes), and on the search with a partner that never changes
// anything on Solomon's R101 with the split thresholds lowered to reach it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSolution, solveWithStats, type OfferedSolution, type SolverRequest } from '../../../shared/solver';
import { construct } from '../../../shared/solver/search/construction';
import { buildContext } from '../../../shared/solver/search/context';
import { buildProblem } from '../../../shared/solver/model/problem';
import { Rng } from '../../../shared/solver/prng';
import { EPOCHS } from '../../../shared/solver/search/ruin-recreate/search';
import {
  LEAST_ROUTES_PER_REGION,
  mergeRegions,
  regionOf,
  routeOwners,
  separable,
  shouldSplit,
} from '../../../shared/solver/search/ruin-recreate/regions';
import { Solution } from '../../../shared/solver/routes/solution';
import { convert, parseInstance } from '../../bench/solver/convert';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/vrp');
const homberger = join(fixtures, 'homberger');
const solomon = join(fixtures, 'solomon');
const { request, matrices } = convert(parseInstance(readFileSync(join(homberger, 'r1_10_4.txt'), 'utf8'), 'r1_10_4'));
const p = buildProblem(request, matrices);
const start = construct(buildContext(p, new Rng(1)));
const used = (s: Solution) => s.routes.flatMap((r, v) => (r.length > 0 ? [v] : []));
const routesOf = (s: Solution): OfferedSolution['routes'] => used(s).map((v) => ({ vehicle: v, tasks: [...s.routes[v].seq] }));
const offerOf = (s: Solution): OfferedSolution => ({ objective: [0, 0, 0, 0, s.objective().cost], routes: routesOf(s) });

describe('routeOwners and regionOf', () => {
  it('split the used routes in two runs of equal length, deal empty vehicles in turn, and move the line with the epoch', () => {
    expect(used(start).length).toBeGreaterThanOrEqual(2 * LEAST_ROUTES_PER_REGION);
    expect(shouldSplit(start, 2)).toBe(true);
    expect(shouldSplit(start, 2, used(start).length)).toBe(false);
    const owners = routeOwners(start, 2, 0);
    const counts = [0, 0];
    for (const v of used(start)) counts[owners[v]]++;
    expect(Math.abs(counts[0] - counts[1])).toBeLessThanOrEqual(1);
    start.routes.forEach((r, v) => {
      if (r.length === 0) expect(owners[v]).toBe(v % 2);
    });
    expect(routeOwners(start, 2, 0)).toEqual(owners);
    const later = routeOwners(start, 2, 1);
    expect(used(start).some((v) => later[v] !== owners[v])).toBe(true);

    const mine = regionOf(start, owners, 0, 2);
    const theirs = regionOf(start, owners, 1, 2);
    for (let v = 0; v < owners.length; v++) expect(mine.route[v] + theirs.route[v]).toBe(1);
    for (let t = 0; t < p.nTasks; t++) {
      expect(mine.task[t] + theirs.task[t]).toBe(1);
      expect(mine.task[t]).toBe(mine.route[start.routeOf[t]]);
    }
  });

  it('deal an unassigned task by its index', () => {
    const s = start.clone();
    s.removeTasks([5, 6]);
    const region = regionOf(s, routeOwners(s, 2, 0), 1, 2);
    expect([region.task[5], region.task[6]]).toEqual([1, 0]);
  });

  it('keep the split to problems whose rules and objective add up over routes', () => {
    expect(separable(p)).toBe(true);
    const withCustom = (value: 'vehicles' | 'completion_time', type: 'min' | 'min-max'): SolverRequest => ({
      ...request,
      options: { objective: { custom: { type, value } } },
    });
    expect(separable(buildProblem(withCustom('vehicles', 'min'), matrices))).toBe(true);
    expect(separable(buildProblem(withCustom('completion_time', 'min'), matrices))).toBe(false);
    const related: SolverRequest = { ...request, relations: [{ type: 'in_same_route', steps: [1, 2].map((id) => ({ type: 'job', id })) }] };
    expect(separable(buildProblem(related, matrices))).toBe(false);
    expect(shouldSplit(start, 1)).toBe(false);
  });
});

describe('mergeRegions', () => {
  it('takes each search its own routes, and refuses offers that serve a task twice', () => {
    const owners = routeOwners(start, 2, 0);
    // Each side empties one route of its own into another of its own.
    const moved = (member: number) => {
      const s = start.clone();
      const [from, to] = used(start).filter((v) => owners[v] === member);
      const tasks = [...s.routes[from].seq];
      s.removeTasks(tasks);
      for (const t of tasks) {
        const r = s.own(to);
        r.seq = [...r.seq, t];
        r.refresh();
        s.routeOf[t] = to;
      }
      return { s, from, to };
    };
    const a = moved(0);
    const b = moved(1);
    const merged = mergeRegions(p, [offerOf(a.s), offerOf(b.s)], owners)!;
    expect(merged).not.toBeNull();
    for (const v of used(start)) {
      const source = owners[v] === 0 ? a.s : b.s;
      expect(merged.routes[v].seq).toEqual(source.routes[v].seq);
    }
    expect(merged.routes[a.from].length + merged.routes[b.from].length).toBe(0);
    expect(merged.unassignedTasks()).toEqual([]);

    // A task moved into the other side's route is served twice once the sides are put together.
    const across = start.clone();
    const theirs = used(start).find((v) => owners[v] === 1)!;
    const t = start.routes[used(start).find((v) => owners[v] === 0)!].seq[0];
    across.removeTasks([t]);
    const r = across.own(theirs);
    r.seq = [...r.seq, t];
    r.refresh();
    across.routeOf[t] = theirs;
    expect(mergeRegions(p, [offerOf(start), offerOf(across)], owners)).toBeNull();
  });
});

describe('a split search', () => {
  it('changes only its own region in each epoch, and its result is checker-clean', () => {
    const { request, matrices } = convert(parseInstance(readFileSync(join(solomon, 'R101.txt'), 'utf8'), 'R101'));
    const p = buildProblem(request, matrices);
    const offers: OfferedSolution[] = [];
    // A partner that never changes anything: it offers back what it is handed.
    const report = solveWithStats(request, matrices, {
      thresholds: { splitLeastTasksPerSearch: 20, leastRoutesPerRegion: 4 },
      deadlineMs: performance.now() + 120_000,
      clock: () => performance.now(),
      seed: 3,
      maxIterations: 400,
      team: {
        member: 0,
        size: 2,
        meet: (o) => {
          offers.push(o);
          return [o, o];
        },
      },
    });
    // The start, the epoch ends within the loop and the last after it.
    expect(offers).toHaveLength(EPOCHS + 1);
    let changed = 0;
    for (let e = 1; e < offers.length; e++) {
      const base = Solution.fromRoutes(p, offers[e - 1].routes);
      const owners = routeOwners(base, 2, e - 1);
      const before = new Map(offers[e - 1].routes.map((r) => [r.vehicle, r.tasks]));
      const after = new Map(offers[e].routes.map((r) => [r.vehicle, r.tasks]));
      for (let v = 0; v < owners.length; v++) {
        if (owners[v] === 1) expect(after.get(v)).toEqual(before.get(v));
        else if (JSON.stringify(after.get(v)) !== JSON.stringify(before.get(v))) changed++;
      }
    }
    expect(changed).toBeGreaterThan(0);
    expect(offers[EPOCHS].objective[4]).toBeLessThan(offers[0].objective[4]);
    expect(checkSolution(request, matrices, report.result)).toEqual([]);
  });
});
