// Layovers and shifts through the real handlers and worker on the emulators: a truck on a long
// line rests where the next leg would pass its max_continuous_time (a `layover` step in the body,
// which matches the documented response schema), a van works a morning and an afternoon shift,
// and bad values are 400s naming the field.
import { describe, expect, it } from 'vitest';
import { placesOnALine, solvingOnTheEmulators, submit } from './support';

type Body = Record<string, any>;

/** Five stops on a line, 100 s apart; location 0 is the start. */
const problem = (vehicle: Body, jobs?: Body[]): Body => ({
  ...placesOnALine(5),
  vehicles: [{ id: 'truck', start_index: 0, ...vehicle }],
  jobs: jobs ?? ['a', 'b', 'c', 'd'].map((id, i) => ({ id, location_index: i + 1, service: 10 })),
  options: { objective: { solving_time_limit: 1, solver_mode: 'fast' } },
});

describe('working time on the emulators', () => {
  const { key, solve } = solvingOnTheEmulators();

  it('rests at the stop before the leg that would pass max_continuous_time, and does not warn', async () => {
    const { submitted, done } = await solve(problem({ layover_config: { max_continuous_time: 250, layover_duration: 60 } }));
    expect(submitted.warnings.filter((w: string) => w.startsWith('vehicles[].layover_config'))).toEqual([]);
    const steps: Body[] = done.result.routes[0].steps;
    expect(steps.map((s) => s.type)).toEqual(['start', 'job', 'job', 'layover', 'job', 'job']);
    expect(steps[3]).toMatchObject({ arrival: 220, service: 60, waiting_time: 0, location_index: 2 });
    expect(steps[3].id).toBeUndefined();
    expect(steps[4].arrival).toBe(380);
  });

  it('works a morning and an afternoon shift, back at the start between them', async () => {
    const jobs = ['a', 'b', 'c', 'd'].map((id, i) => ({
      id,
      location_index: i + 1,
      service: 10,
      time_windows: [i < 2 ? [0, 500] : [1000, 2000]],
    }));
    const { submitted, done } = await solve(
      problem(
        {
          end_index: 0,
          shifts: [
            [0, 500],
            [1000, 2000],
          ],
        },
        jobs,
      ),
    );
    expect(submitted.warnings.filter((w: string) => w.includes('shifts'))).toEqual([]);
    const steps: Body[] = done.result.routes[0].steps;
    expect(done.result.unassigned).toEqual([]);
    expect(steps.map((s) => `${s.type}/${s.run}`)).toEqual(['start/1', 'job/1', 'job/1', 'end/1', 'start/2', 'job/2', 'job/2', 'end/2']);
    expect(steps[4].arrival + steps[4].waiting_time).toBe(1000);
  });

  it('answers 400 naming the field for a layover without a limit and for overlapping shifts', async () => {
    const noLimit = await submit(key(), problem({ layover_config: { layover_duration: 60 } }));
    expect(noLimit.status).toBe(400);
    expect(JSON.stringify(noLimit.body)).toContain('layover_config.max_continuous_time');
    const overlap = await submit(
      key(),
      problem({
        shifts: [
          [0, 500],
          [400, 900],
        ],
      }),
    );
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(overlap.body)).toContain('shifts[1]');
  });
});
