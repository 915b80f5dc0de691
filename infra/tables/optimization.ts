import { JOB_MAX_RECEIVE_COUNT, JOB_WORKER_TIMEOUT_SECONDS } from '../../shared/optimization/model';
import { DEAD_LETTER_RETENTION_SECONDS, S, type QueueDeclaration, type TableDeclaration } from '../model';

export const optimizationTables: TableDeclaration[] = [
  {
    // Route optimization jobs (shared/optimization/dynamo-store.ts). Every partition key
    // starts with the caller's space:
    //   pk "JOB#<space>#<id>"            sk "META"       the job (status, timestamps, webhook, sizes)
    //                                    sk "REQ#0000".. the request, gzipped, in <= 300 KB chunks
    //                                    sk "RES@<attempt>#0000".. an attempt's result, likewise
    //   pk "PENDING#<space>#<keyHash>"   sk "COUNT"      queued + running jobs of one API key
    // The sparse index byPending holds the jobs that are pending or still owe their final webhook
    // event (pending_pk "PENDING") and every key's counter (pending_pk "COUNTER"); it serves the
    // sweeper and the requeue after a local restart, never a caller's request.
    id: 'optimization-jobs',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    indexes: [{ name: 'byPending', partitionKey: S('pending_pk'), sortKey: S('pending_sk') }],
    ttlAttribute: 'expires_at',
  },
];

// The job queue's dead-letter queue has a consumer of its own (it fails the jobs whose messages
// ran out of deliveries), so it is an event source like the others and dead-letters in turn, to
// a last queue only an operator reads.
export const optimizationQueues: QueueDeclaration[] = [
  {
    // One message per job to solve.
    id: 'optimization-jobs',
    retentionPeriod: 86400,
    consumer: { function: 'optimizationWorker', timeout: JOB_WORKER_TIMEOUT_SECONDS },
    deadLetter: { to: 'optimization-jobs-dlq', maxReceiveCount: JOB_MAX_RECEIVE_COUNT },
  },
  {
    id: 'optimization-jobs-dlq',
    retentionPeriod: DEAD_LETTER_RETENTION_SECONDS,
    consumer: { function: 'optimizationDeadLetter', timeout: 60 },
    deadLetter: { to: 'optimization-jobs-dlq-dlq', maxReceiveCount: 5 },
  },
  { id: 'optimization-jobs-dlq-dlq', retentionPeriod: DEAD_LETTER_RETENTION_SECONDS },
];
