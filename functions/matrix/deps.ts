import { randomUUID } from 'node:crypto';
import { dynamoMatrixJobStore } from '../../shared/matrix/dynamo-store';
import { enqueueMatrixJob } from '../../shared/matrix/queue';
import type { MatrixDeps } from '../../shared/matrix/service';

let deps: MatrixDeps | undefined;

/** The asynchronous matrix's store and queue, built on first use. */
export const matrixDeps = (): MatrixDeps =>
  (deps ??= {
    store: dynamoMatrixJobStore(),
    enqueue: enqueueMatrixJob,
    clock: () => Math.floor(Date.now() / 1000),
    newId: () => randomUUID(),
  });
