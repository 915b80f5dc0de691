import { beforeAll, describe, expect, it } from 'vitest';
import { handler as reOptimize } from '../../../functions/optimization/re-optimize';
import { handler as result } from '../../../functions/optimization/result';
import { handler as submit } from '../../../functions/optimization/submit';
import { runQueuedJob, smallProblem, unthrottled } from './support';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// Route optimization against the OpenAPI document: submit, the pending and the
// finished result, re-optimization. The worker runs in-process.

let key: string;
beforeAll(async () => {
  ({ key } = await newOrgKey({ quotas: unthrottled }));
});

const resultOf = (id: string) => call(result, key, { method: 'GET', path: '/optimization/v2/result', query: { id } });

describe('optimization contract', () => {
  it('submit, pending result, finished result, re-optimization', async () => {
    // A break and a job no vehicle has the skill for put every step and unassigned shape in the result.
    const problem = smallProblem({
      jobs: [...smallProblem().jobs, { id: 14, location_index: 2, service: 30, skills: [7] }],
      vehicles: [
        { ...smallProblem().vehicles[0], breaks: [{ id: 1, time_windows: [[0, 100_000]], service: 300 }] },
        smallProblem().vehicles[1],
      ],
    });
    const submitted = await call(submit, key, { method: 'POST', path: '/optimization/v2', body: problem });
    const pending = await resultOf(submitted.id);
    expect(pending.message).toBe('Job still processing');

    expect((await runQueuedJob(submitted.id)).failed).toBe(false);
    const done = await resultOf(submitted.id);
    expect(done.result.routes.length).toBeGreaterThan(0);
    expect(done.result.unassigned).toEqual([expect.objectContaining({ id: 14, type: 'job' })]);

    const again = await call(reOptimize, key, {
      method: 'POST',
      path: '/optimization/re_optimization',
      body: { existing_request_id: submitted.id, job_changes: { add: [{ id: 15, location_index: 3, service: 60 }], remove: [14] } },
    });
    expect((await runQueuedJob(again.id)).failed).toBe(false);
    expect((await resultOf(again.id)).result.unassigned).toEqual([]);
  });
});
