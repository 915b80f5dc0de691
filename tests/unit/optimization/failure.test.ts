import { describe, expect, it } from 'vitest';
import { internalFailureMessage, permanentFailure } from '../../../shared/optimization/failure';
import { RESULT_CODE } from '../../../shared/optimization/model';
import { NoRouteError, PointTooFarError, RoutingInputError } from '../../../shared/roads/types';
import { SolverError } from '../../../shared/solver';

// A failed job's message: Waymark's own sentences about the caller's problem, else a fixed one.

describe('job failure messages', () => {
  it("passes on the solver's and the router's sentences about the caller's locations and tasks", () => {
    expect(permanentFailure(new SolverError('relation', 'relation 0: unknown job 9'))).toEqual({
      code: RESULT_CODE.input,
      message: 'relation 0: unknown job 9',
    });
    expect(permanentFailure(new NoRouteError(1, 2))).toEqual({
      code: RESULT_CODE.routing,
      message: 'no route from location 1 to location 2 under the given restrictions',
    });
    expect(permanentFailure(new PointTooFarError(3, { lat: 1, lon: 2 }, 900, 500))?.message).toMatch(/^location 3 \(1,2\) is 900 m/);
  });

  it('replaces any other routing text (it may name files) by a fixed sentence', () => {
    const failure = permanentFailure(new RoutingInputError('/var/task/networks/x.wmrg: invalid JSON (Unexpected token)'));
    expect(failure).toEqual({ code: RESULT_CODE.routing, message: 'the road network could not compute travel times for this problem' });
  });

  it('leaves unexpected errors to the retry path, whose final message never carries their text', () => {
    expect(permanentFailure(new Error('ResourceNotFoundException: table waymark-prod-jobs'))).toBeUndefined();
    const message = internalFailureMessage('job-123', 5);
    expect(message).toBe('internal error after 5 attempt(s); the operator can find it in the logs under request id job-123');
  });
});
