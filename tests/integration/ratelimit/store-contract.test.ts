import { DynamoCounterStore } from '../../../shared/ratelimit/dynamo-store';
import { counterStoreContract } from '../../fixtures/contracts/ratelimit';

// The same contract as the in-memory store's, on DynamoDB Local.
counterStoreContract('DynamoDB Local', () => new DynamoCounterStore());
