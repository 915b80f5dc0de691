import { sweepDepsOf, sweepJobs, type SweepReport } from '../../shared/optimization/sweep';
import { optimization } from './deps';

// Scheduled by functions/optimization/functions.yml: requeues, fails and recounts the jobs that
// got stuck (shared/optimization/sweep.ts). A failed step throws, which the errors alarm reports.
export const handler = async (): Promise<SweepReport> => sweepJobs(sweepDepsOf(optimization()));
