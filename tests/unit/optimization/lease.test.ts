import { describe, expect, it } from 'vitest';
import { AttemptLease, claimLeaseUntil } from '../../../shared/optimization/lease';
import { JOB_LEASE_MARGIN_SECONDS as MARGIN } from '../../../shared/optimization/model';

const job = { space: 's', id: 'j', attempts: 1 };

function lease(hardEnd = 10_000) {
  let now = 1000;
  const renewals: number[] = [];
  const store = { renewLease: async (_: unknown, until: number) => (renewals.push(until), true) };
  const l = new AttemptLease(job, store, () => now, hardEnd);
  return { l, renewals, tick: (s: number) => (now += s) };
}

describe('an attempt lease', () => {
  it('is claimed for the margin, never past the function end', () => {
    expect(claimLeaseUntil(1000, 10_000)).toBe(1000 + MARGIN);
    expect(claimLeaseUntil(1000, 1010)).toBe(1010);
  });

  it('covers the planned work plus the margin at once, then stays a margin ahead of the clock once the work runs over', async () => {
    const { l, renewals, tick } = lease();
    await l.plan(12.2); // 13 s of work planned
    expect(renewals).toEqual([1000 + 13 + MARGIN]);
    tick(10);
    await l.renew();
    expect(renewals.at(-1)).toBe(1000 + 13 + MARGIN);
    tick(100); // ran over: the heartbeat keeps it alive, a margin ahead
    await l.renew();
    expect(renewals.at(-1)).toBe(1110 + MARGIN);
  });

  it('is bounded by the function end: a hung worker lets go of its job', async () => {
    const { l, renewals, tick } = lease(1100);
    await l.plan(5);
    tick(500);
    await l.renew();
    expect(renewals.at(-1)).toBe(1100);
  });
});
