import { JOB_LEASE_MARGIN_SECONDS, type JobRecord } from './model';
import type { OptimizationJobStore } from './store';

// An attempt's lease. It is claimed short (the margin: enough to read the request), stretched to
// the attempt's planned work once its solving budget is known, and kept a margin ahead of the
// clock by the heartbeat while the worker lives. It never reaches past the function's own end
// plus the margin: a worker hung on a call it never gets back from cannot hold its job for ever.

export class AttemptLease {
  /** Unix seconds by which the attempt plans to have finished. */
  private plannedEnd: number;

  constructor(
    private readonly job: Pick<JobRecord, 'space' | 'id' | 'attempts'>,
    private readonly store: Pick<OptimizationJobStore, 'renewLease'>,
    private readonly now: () => number,
    /** Unix seconds: the function's end plus the margin. */
    private readonly hardEnd: number,
  ) {
    this.plannedEnd = now();
  }

  /** Where the lease should end now. */
  until(): number {
    return Math.min(this.hardEnd, Math.max(this.plannedEnd, this.now()) + JOB_LEASE_MARGIN_SECONDS);
  }

  /** The attempt expects `seconds` more of work: the lease covers them at once. */
  async plan(seconds: number): Promise<void> {
    this.plannedEnd = this.now() + Math.ceil(seconds);
    await this.renew();
  }

  /** False once the attempt no longer holds the job (it finished, or lost it to another). */
  renew(): Promise<boolean> {
    return this.store.renewLease(this.job, this.until());
  }
}

/** The lease a claim takes: the margin, within the function's end. */
export const claimLeaseUntil = (now: number, hardEnd: number): number => Math.min(hardEnd, now + JOB_LEASE_MARGIN_SECONDS);
