import { DynamoDispatchStore } from '../../../shared/dispatch/dynamo-store';
import { dispatchStoreContract } from '../../fixtures/contracts/dispatch';

// The same contract as the in-memory store's, on DynamoDB Local.
dispatchStoreContract('DynamoDB Local', () => new DynamoDispatchStore());
