import { DynamoTrackingStore } from '../../../shared/tracking/dynamo-store';
import { trackingStoreContract } from '../../fixtures/contracts/tracking';

// The same contract as the in-memory store's, on DynamoDB Local.
trackingStoreContract('DynamoDB Local', () => new DynamoTrackingStore());
