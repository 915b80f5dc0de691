// The client's model fields through the real handlers and worker on the emulators: each honoured
// field changes the answer as documented, is no longer warned, and the result body still matches
// the documented response schema. existing_solution_id reads the stored result of an earlier job.
import { describe, expect, it } from 'vitest';
import { placesOnALine, solvingOnTheEmulators } from './support';

type Body = Record<string, any>;

/** A line of five stops, 100 s apart, and a depot at each end. */
const problem = (extra: Body = {}): Body => ({
  ...placesOnALine(6),
  depots: [
    { id: 'west', location_index: 0 },
    { id: 'east', location_index: 5 },
  ],
  vehicles: [
    { id: 'w', start_index: 0, end_index: 0, zones: ['north'] },
    { id: 'e', start_index: 5, end_index: 5 },
  ],
  jobs: [
    { id: 'a', location_index: 1, zones: ['north'], revenue: 25, sequence_order: 2, load_types: ['food'] },
    { id: 'b', location_index: 2, zones: ['north'], sequence_order: 1, max_visit_lateness: 300, time_windows: [[0, 50]] },
    { id: 'c', location_index: 4, depot_ids: ['east'], incompatible_load_types: ['food'] },
    { id: 'far', location_index: 3, outsourcing_cost: 5 },
  ],
  options: { objective: { solving_time_limit: 1, allow_early_arrival: false, solver_mode: 'fast' } },
  ...extra,
});

describe('optimization model fields on the emulators', () => {
  const { solve } = solvingOnTheEmulators();

  it('honours zones, depots, sequence orders, per-visit lateness, load types and outsourcing, without warning', async () => {
    const { submitted, done } = await solve(problem());
    expect(submitted.warnings.filter((w: string) => /accepted but not honoured/.test(w))).toEqual([]);
    const r = done.result;
    const route = (v: string) => r.routes.find((x: Body) => x.vehicle === v);
    const ids = (v: string) =>
      route(v)
        .steps.filter((s: Body) => s.type === 'job')
        .map((s: Body) => s.id);
    // Zone north: a and b go to w, b (order 1) before a (order 2); c's depot is east.
    expect(ids('w')).toEqual(['b', 'a']);
    expect(ids('e')).toEqual(['c']);
    expect(route('w').steps[0]).toMatchObject({ type: 'start', depot: 'west' });
    expect(route('e').steps[0]).toMatchObject({ type: 'start', depot: 'east' });
    // b's window closed at 50; it is 200 s in and 150 s late, within its own 300 s.
    expect(route('w').steps.find((s: Body) => s.id === 'b')).toMatchObject({ late_by: 150, waiting_time: 0 });
    expect(r.unassigned).toEqual([
      expect.objectContaining({ id: 'far', reason: 'outsourced', outsourcing_cost: 5, reason_description: expect.any(String) }),
    ]);
    expect(route('w').revenue).toBe(25);
    expect(r.summary.revenue).toBe(25);
  });

  it('starts from the stored result named by existing_solution_id, and says so when there is none', async () => {
    const first = await solve(problem());
    const again = await solve(problem({ existing_solution_id: first.submitted.id }));
    expect(again.done.warnings.filter((w: string) => w.startsWith('existing_solution_id'))).toEqual([]);
    expect(again.done.result.routes.map((x: Body) => x.vehicle).sort()).toEqual(['e', 'w']);
    const missing = await solve(problem({ existing_solution_id: 'no-such-job' }));
    expect(missing.done.warnings).toContain('existing_solution_id: no completed job "no-such-job" of this key; the search starts afresh');
  });
});
