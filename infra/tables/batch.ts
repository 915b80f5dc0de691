import { BATCH_MAX_RECEIVE_COUNT, BATCH_WORKER_TIMEOUT_SECONDS } from '../../shared/batch/model';
import { DEAD_LETTER_RETENTION_SECONDS, S, type QueueDeclaration, type TableDeclaration } from '../model';

export const batchTables: TableDeclaration[] = [
  {
    // Batch routing (shared/batch/dynamo-store.ts):
    //   pk "BATCH#<space>#<id>"  sk "META" the job, "REQ#nnnn" its queries, "RES#0000#nnnn" its responses
    id: 'batch-jobs',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    ttlAttribute: 'expires_at',
  },
];

export const batchQueues: QueueDeclaration[] = [
  {
    // One message per batch to answer.
    id: 'batch-jobs',
    retentionPeriod: 86400,
    consumer: { function: 'batchWorker', timeout: BATCH_WORKER_TIMEOUT_SECONDS },
    deadLetter: { to: 'batch-jobs-dlq', maxReceiveCount: BATCH_MAX_RECEIVE_COUNT },
  },
  {
    id: 'batch-jobs-dlq',
    retentionPeriod: DEAD_LETTER_RETENTION_SECONDS,
    consumer: { function: 'batchDeadLetter', timeout: 60 },
    deadLetter: { to: 'batch-jobs-dlq-dlq', maxReceiveCount: 5 },
  },
  { id: 'batch-jobs-dlq-dlq', retentionPeriod: DEAD_LETTER_RETENTION_SECONDS },
];
