import { DynamoOptimizationJobStore } from '../../../shared/optimization/dynamo-store';
import { optimizationJobStoreContract } from '../../fixtures/contracts/optimization';

// The same contract as the in-memory store's, on DynamoDB Local.
optimizationJobStoreContract('DynamoDB Local', () => new DynamoOptimizationJobStore());
