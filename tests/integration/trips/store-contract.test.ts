import { DynamoTripStore } from '../../../shared/trips/dynamo-store';
import { tripStoreContract } from '../../fixtures/contracts/trips';

// The same contract as the in-memory store's, on DynamoDB Local.
tripStoreContract('DynamoDB Local', () => new DynamoTripStore());
