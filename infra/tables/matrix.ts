import { MDM_MAX_RECEIVE_COUNT, MDM_WORKER_TIMEOUT_SECONDS } from '../../shared/matrix/model';
import { DEAD_LETTER_RETENTION_SECONDS, S, type QueueDeclaration, type TableDeclaration } from '../model';

export const matrixTables: TableDeclaration[] = [
  {
    // Asynchronous distance matrices (shared/matrix/dynamo-store.ts):
    //   pk "MDM#<space>#<id>"  sk "META" the job, "REQ#nnnn" its request, "RES#pppp#nnnn" its CSV parts
    id: 'matrix-jobs',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    ttlAttribute: 'expires_at',
  },
];

export const matrixQueues: QueueDeclaration[] = [
  {
    // One message per matrix job to compute.
    id: 'matrix-jobs',
    retentionPeriod: 86400,
    consumer: { function: 'matrixWorker', timeout: MDM_WORKER_TIMEOUT_SECONDS },
    deadLetter: { to: 'matrix-jobs-dlq', maxReceiveCount: MDM_MAX_RECEIVE_COUNT },
  },
  {
    id: 'matrix-jobs-dlq',
    retentionPeriod: DEAD_LETTER_RETENTION_SECONDS,
    consumer: { function: 'matrixDeadLetter', timeout: 60 },
    deadLetter: { to: 'matrix-jobs-dlq-dlq', maxReceiveCount: 5 },
  },
  { id: 'matrix-jobs-dlq-dlq', retentionPeriod: DEAD_LETTER_RETENTION_SECONDS },
];
