import { JOB_MAX_RECEIVE_COUNT } from '../../shared/optimization/model';
import { S, type QueueDeclaration, type TableDeclaration } from '../model';

export const optimizationTables: TableDeclaration[] = [
  {
    // Route optimization jobs (shared/optimization/dynamo-store.ts). Every partition key
    // starts with the caller's space:
    //   pk "JOB#<space>#<id>"            sk "META"       the job (status, timestamps, webhook, sizes)
    //                                    sk "REQ#0000".. the request, gzipped, in <= 300 KB chunks
    //                                    sk "RES#0000".. the result, gzipped, in <= 300 KB chunks
    //   pk "PENDING#<space>#<keyHash>"   sk "COUNT"      queued + running jobs of one API key
    // The sparse index byPending holds only queued/running jobs (pending_pk set while pending);
    // it serves the operator's requeue after a local restart, never a caller's request.
    id: 'optimization-jobs',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    indexes: [{ name: 'byPending', partitionKey: S('pending_pk'), sortKey: S('pending_sk') }],
    ttlAttribute: 'expires_at',
  },
  {
    // Webhook signing secrets, one per API key (shared/webhooks/dynamo-secrets.ts):
    //   pk "SECRET#<space>#<keyHash>"  sk "SECRET"
    id: 'webhooks',
    partitionKey: S('pk'),
    sortKey: S('sk'),
  },
];

export const optimizationQueues: QueueDeclaration[] = [
  {
    // One message per job to solve; the worker's timeout is 900 s (functions/optimization/functions.yml).
    id: 'optimization-jobs',
    visibilityTimeout: 960,
    maxReceiveCount: JOB_MAX_RECEIVE_COUNT,
    retentionPeriod: 86400,
  },
  {
    // One message per webhook delivery attempt; retries are re-sent with a delay (backoff).
    id: 'webhooks',
    visibilityTimeout: 90,
    maxReceiveCount: 5,
    retentionPeriod: 86400,
  },
];
