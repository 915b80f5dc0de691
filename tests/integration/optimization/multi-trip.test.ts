// Multi-trip through the real handlers and worker on the emulators: a van that holds two parcels
// delivers four in two runs from its depot, every step numbered with its run, the body matching the
// documented response schema; without the runs two parcels stay behind, and a bad count is a 400.
import { describe, expect, it } from 'vitest';
import { placesOnALine, solvingOnTheEmulators, submit } from './support';

type Body = Record<string, any>;

/** A depot (location 0) and four stops on a line, 100 s apart. */
const problem = (runs: unknown): Body => ({
  ...placesOnALine(5),
  depots: [{ id: 'hub', location_index: 0, service: 120 }],
  vehicles: [{ id: 'van', start_index: 0, end_index: 0, capacity: [2], max_depot_runs: runs }],
  jobs: ['a', 'b', 'c', 'd'].map((id, i) => ({ id, location_index: i + 1, delivery: [1], service: 30 })),
  options: { objective: { solving_time_limit: 1, solver_mode: 'fast' } },
});

describe('multi-trip on the emulators', () => {
  const { key, solve } = solvingOnTheEmulators();

  it('reloads at the depot: two runs, each starting and ending at the hub, every step with its run', async () => {
    const { submitted, done } = await solve(problem(2));
    expect(submitted.warnings.filter((w: string) => w.startsWith('vehicles[].max_depot_runs'))).toEqual([]);
    const r = done.result;
    expect(r.unassigned).toEqual([]);
    const steps: Body[] = r.routes[0].steps;
    expect(steps.map((s) => s.type)).toEqual(['start', 'job', 'job', 'end', 'start', 'job', 'job', 'end']);
    expect(steps.map((s) => s.run)).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    for (const s of steps.filter((x) => x.type === 'start' || x.type === 'end'))
      expect(s).toMatchObject({ depot: 'hub', location_index: 0 });
    // The near pair in one run, the far pair in the other; each run leaves the hub with its two parcels.
    const runJobs = [1, 2].map((run) =>
      steps
        .filter((s) => s.type === 'job' && s.run === run)
        .map((s) => s.id)
        .sort(),
    );
    expect(runJobs.sort()).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(steps.filter((s) => s.type === 'start').map((s) => [s.load, s.service])).toEqual([
      [[2], 120],
      [[2], 120],
    ]);
    // The reload starts where the first run ended, and the second run drives on from the hub.
    expect(steps[4].arrival).toBe(steps[3].arrival);
    expect(r.routes[0].duration).toBe(1200);
    expect(r.routes[0].service).toBe(2 * 120 + 4 * 30);
  });

  it('makes one run without max_depot_runs: two parcels stay behind for capacity', async () => {
    const { done } = await solve(problem(undefined));
    expect(done.result.unassigned.map((u: Body) => u.reason)).toEqual(['capacity', 'capacity']);
    expect(done.result.routes[0].steps.every((s: Body) => s.run === undefined)).toBe(true);
  });

  it('answers 400 naming the field for a count below 1', async () => {
    const res = await submit(key(), problem(0));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('max_depot_runs');
  });
});
