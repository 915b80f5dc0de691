// Split jobs through the real handlers and worker on the emulators: a 30-unit delivery with vans
// of 10 is served in three parts of 10 on three vans, each step under the job's own id with its
// split_indicator and goods, the body matching the documented response schema; past max_split the
// job is unassigned with reason split; bad split fields are 400s naming the field.
import { describe, expect, it } from 'vitest';
import { placesOnALine, solvingOnTheEmulators, submit } from './support';

type Body = Record<string, any>;

/** A depot (location 0) and three stops on a line, 100 s apart. */
const problem = (split: unknown, extra: Body = {}): Body => ({
  ...placesOnALine(4),
  vehicles: ['van-1', 'van-2', 'van-3'].map((id) => ({ id, start_index: 0, end_index: 0, capacity: [10] })),
  jobs: [
    { id: 'bulk', location_index: 2, delivery: [30], service: 60, split, ...extra },
    { id: 'small', location_index: 1, delivery: [0] },
  ],
  options: { objective: { solving_time_limit: 1, solver_mode: 'fast' } },
});

describe('split jobs on the emulators', () => {
  const { key, solve } = solvingOnTheEmulators();

  it('serves 30 units with three vans of 10 as three parts, one per van', async () => {
    const { submitted, done } = await solve(problem({ can_be_split: true, max_split: 3 }));
    expect(submitted.warnings.filter((w: string) => w.includes('split'))).toEqual([]);
    const r = done.result;
    expect(r.unassigned).toEqual([]);
    expect(r.routes).toHaveLength(3);
    const parts: Body[] = r.routes.flatMap((route: Body) => route.steps.filter((s: Body) => s.id === 'bulk'));
    expect(parts.map((s) => s.split_indicator).sort()).toEqual([1, 2, 3]);
    expect(parts.map((s) => s.delivery)).toEqual([[10], [10], [10]]);
    expect(parts.map((s) => s.service)).toEqual([60, 60, 60]);
    expect(r.summary.delivery).toEqual([30]);
    // The job without goods to share is an ordinary step.
    const small = r.routes.flatMap((route: Body) => route.steps.filter((s: Body) => s.id === 'small'));
    expect(small).toHaveLength(1);
    expect(small[0].split_indicator).toBeUndefined();
  });

  it('leaves the job unassigned with reason split past max_split', async () => {
    const { done } = await solve(problem({ can_be_split: true, max_split: 2 }));
    expect(done.result.unassigned).toHaveLength(1);
    expect(done.result.unassigned[0]).toMatchObject({ id: 'bulk', type: 'job', reason: 'split' });
    expect(done.result.unassigned[0].reason_description).toContain('max_split');
  });

  it('answers 400 naming the field for bad split fields', async () => {
    for (const [split, extra] of [
      [{ can_be_split: true, max_split: 0 }, {}],
      [{ can_be_split: true, quant: 0 }, {}],
      [{ can_be_split: true, quant: 101 }, {}],
      [{ can_be_split: true }, { delivery: undefined }],
    ] as const) {
      const res = await submit(key(), problem(split, extra));
      expect(res.status, JSON.stringify(split)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('jobs[0].split');
    }
  });
});
