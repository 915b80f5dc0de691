import { restrictionStoreContract } from '../../fixtures/contracts/road-editor';
import { MemoryRestrictionStore } from '../../fixtures/memory/road-editor';

// The in-memory store unit tests use keeps the DynamoDB adapter's contract.
restrictionStoreContract('in memory', () => new MemoryRestrictionStore());
