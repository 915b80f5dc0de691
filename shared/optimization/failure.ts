import { RoutingError } from '../roads';
import { SolverError } from '../solver';
import { RESULT_CODE } from './model';

// What a failed job tells its caller. Only sentences Waymark wrote about the caller's own
// problem are passed on (the solver's refusals and the routing errors that name a location);
// every other error is answered with a fixed sentence, because its text may carry internals
// (file paths, table names, library messages). The worker logs the real error with the job id.

/** Routing error codes whose message describes the caller's locations and nothing else. */
const ROUTING_CODES_TOLD = new Set(['POINT_TOO_FAR', 'NO_NETWORK', 'NO_ROUTE']);

export interface JobFailure {
  code: number;
  message: string;
}

/** The failure a retry cannot fix (the same input fails the same way), or undefined for any other error. */
export function permanentFailure(error: unknown): JobFailure | undefined {
  if (error instanceof SolverError) return { code: RESULT_CODE.input, message: error.message };
  if (error instanceof RoutingError) {
    if (ROUTING_CODES_TOLD.has(error.code)) return { code: RESULT_CODE.routing, message: error.message };
    return { code: RESULT_CODE.routing, message: 'the road network could not compute travel times for this problem' };
  }
  return undefined;
}

/** The message of a job failed by an unexpected error: never the error's own text. */
export function internalFailureMessage(jobId: string, attempts: number): string {
  return `internal error after ${attempts} attempt(s); the operator can find it in the logs under request id ${jobId}`;
}
