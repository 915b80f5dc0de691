import { BATCH_RETENTION_SECONDS } from '../../../shared/batch/model';
import { MDM_RETENTION_SECONDS } from '../../../shared/matrix/model';
import { DynamoJobStore } from '../../../shared/platform/job-store';
import { jobStoreContract, type ContractJob } from '../../fixtures/contracts/job-store';

// The same contract as the in-memory store's, on DynamoDB Local, in the tables of both features
// the adapter serves (the matrix's and the batch's).
jobStoreContract('DynamoDB Local, matrix-jobs', () => new DynamoJobStore<ContractJob>('matrix-jobs', 'MDM', MDM_RETENTION_SECONDS));
jobStoreContract('DynamoDB Local, batch-jobs', () => new DynamoJobStore<ContractJob>('batch-jobs', 'BATCH', BATCH_RETENTION_SECONDS));
