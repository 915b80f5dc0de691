import { describe, expect, it, vi } from 'vitest';

// Each test gets the module fresh: its task list and memo are per process, like a Lambda instance's.
async function freshColdStart() {
  vi.resetModules();
  return import('../../../shared/platform/cold-start');
}

describe('work before the first request', () => {
  it('runs once per instance however many requests wait on it', async () => {
    const { beforeFirstRequest, coldStartDone } = await freshColdStart();
    const task = vi.fn(async () => {});
    beforeFirstRequest(task);
    await Promise.all([coldStartDone(), coldStartDone()]);
    await coldStartDone();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('is tried again by the next request after a failure', async () => {
    const { beforeFirstRequest, coldStartDone } = await freshColdStart();
    let calls = 0;
    beforeFirstRequest(async () => {
      calls += 1;
      if (calls === 1) throw new Error('S3 unreachable');
    });
    await expect(coldStartDone()).rejects.toThrow('S3 unreachable');
    await expect(coldStartDone()).resolves.toBeUndefined();
    await coldStartDone();
    expect(calls).toBe(2);
  });
});
