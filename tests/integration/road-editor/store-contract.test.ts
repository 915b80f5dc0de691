import { DynamoRestrictionStore } from '../../../shared/road-editor/dynamo-store';
import { restrictionStoreContract } from '../../fixtures/contracts/road-editor';

// The same contract as the in-memory store's, on DynamoDB Local.
restrictionStoreContract('DynamoDB Local', () => new DynamoRestrictionStore());
