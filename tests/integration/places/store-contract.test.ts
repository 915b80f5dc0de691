import { DynamoPlaceStore } from '../../../shared/places/dynamo-store';
import { placeStoreContract } from '../../fixtures/contracts/places';

// The same contract as the in-memory store's, on DynamoDB Local.
placeStoreContract('DynamoDB Local', () => new DynamoPlaceStore());
