// Depot choice through the real handlers and worker on the emulators: a van that may start and end
// at either of two depots serves stops near the second from there (the start and end steps name
// it), a job's depot_ids still bind it, the fields are no longer warned, and a request naming an
// unknown depot or two starts is a 400 naming the field.
import { describe, expect, it } from 'vitest';
import { placesOnALine, solvingOnTheEmulators, submit } from './support';

type Body = Record<string, any>;

/** Six places on a line, 100 s apart: depot west at 0, depot east at 5. */
const problem = (vehicle: Body, jobs?: Body[]): Body => ({
  ...placesOnALine(6),
  depots: [
    { id: 'west', location_index: 0 },
    { id: 'east', location_index: 5, service: 60 },
  ],
  vehicles: [{ id: 'van', ...vehicle }],
  jobs: jobs ?? [
    { id: 'a', location_index: 3, service: 30 },
    { id: 'b', location_index: 4, service: 30 },
  ],
  options: { objective: { solving_time_limit: 1, solver_mode: 'fast' } },
});

describe('depot choice on the emulators', () => {
  const { key, solve } = solvingOnTheEmulators();

  it('starts and ends at the depot near the stops, and names it on the start and end steps', async () => {
    const both = ['west', 'east'];
    const { submitted, done } = await solve(problem({ start_depot_ids: both, end_depot_ids: both }));
    expect(submitted.warnings.filter((w: string) => w.includes('depot'))).toEqual([]);
    const r = done.result;
    expect(r.unassigned).toEqual([]);
    const steps: Body[] = r.routes[0].steps;
    expect(steps[0]).toMatchObject({ type: 'start', depot: 'east', location_index: 5, location: [57.7, 11.95], service: 60 });
    expect(steps[steps.length - 1]).toMatchObject({ type: 'end', depot: 'east', location_index: 5 });
    // east -> b -> a -> east: 100 + 100 + 200 s of driving.
    expect(r.routes[0].duration).toBe(400);
  });

  it("keeps a job's depot_ids with the chosen depot, and reads the older single depot", async () => {
    const jobs = [
      { id: 'a', location_index: 3, depot_ids: ['west'] },
      { id: 'b', location_index: 4, depot_ids: ['west'] },
    ];
    const { done } = await solve(problem({ start_depot_ids: ['west', 'east'] }, jobs));
    expect(done.result.unassigned).toEqual([]);
    expect(done.result.routes[0].steps[0]).toMatchObject({ type: 'start', depot: 'west', location_index: 0 });
    const single = await solve(problem({ depot: 'east' }, jobs));
    expect(single.done.result.unassigned.map((u: Body) => u.reason)).toEqual(['depot', 'depot']);
  });

  it('answers 400 naming the field for an unknown depot, an empty list or two starts', async () => {
    const unknown = await submit(key(), problem({ start_depot_ids: ['west', 'north'] }));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('vehicles[0].start_depot_ids[1]');
    const empty = await submit(key(), problem({ end_depot_ids: [] }));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('end_depot_ids');
    const twice = await submit(key(), problem({ start_index: 0, start_depot_ids: ['east'] }));
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('vehicles[0].start_depot_ids');
  });
});
