// Route optimization service (issue #4): public entry points.
export { submitProblem, getResult, reOptimize, eventId } from './service';
export { runJob, failDeadLetter, type DeliveryInfo, type Outcome } from './worker';
export { requeuePendingJobs } from './requeue';
export { setRoutingRegistry } from './matrices';
export { MAX_PENDING_JOBS_PER_KEY, RESULT_CODE, type JobRecord, type JobStatus } from './model';
