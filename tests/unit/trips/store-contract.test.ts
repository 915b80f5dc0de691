import { tripStoreContract } from '../../fixtures/contracts/trips';
import { MemoryTripStore } from '../../fixtures/memory/trips';

// The in-memory store unit tests use keeps the DynamoDB adapter's contract.
tripStoreContract('in memory', () => new MemoryTripStore());
