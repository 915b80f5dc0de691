import { DynamoKeyStore } from '../../../shared/auth/dynamo-store';
import { keyStoreContract } from '../../fixtures/contracts/auth';

// The same contract as the in-memory store's, on DynamoDB Local.
keyStoreContract('DynamoDB Local', () => new DynamoKeyStore());
