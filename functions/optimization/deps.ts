import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { DynamoOptimizationJobStore } from '../../shared/optimization/dynamo-store';
import { JOB_HEARTBEAT_SECONDS } from '../../shared/optimization/model';
import { enqueueJob } from '../../shared/optimization/queue';
import type { OptimizationDeps } from '../../shared/optimization/service';
import type { WorkerDeps } from '../../shared/optimization/worker';
import { roadEditor } from '../restrictions/deps';
import { solveInThreads, warmSolverThreads } from '../../shared/solver-threads';
import { webhookDelivery } from '../webhooks/deps';

// The route optimization service's dependencies, built once per process after env is set.
let deps: OptimizationDeps | undefined;

export const optimization = (): OptimizationDeps =>
  (deps ??= {
    store: new DynamoOptimizationJobStore(),
    enqueue: (message) => enqueueJob(message),
    webhooks: webhookDelivery(),
    clock: () => Date.now(),
    geofences: new DynamoGeofenceStore(),
  });

/**
 * The worker's: the service's plus the solver, on as many threads as the function has cores (at
 * most 2). Each delivery tops up the solver's threads (nothing to do while the last job's wait),
 * so a new one loads while the job is read and its matrices built, not on the job's budget.
 */
export const workerDeps = (): WorkerDeps => {
  warmSolverThreads();
  return {
    ...optimization(),
    solve: (req, matrices, opts) => solveInThreads(req, matrices, opts),
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
    roadEdits: roadEditor(),
  };
};
