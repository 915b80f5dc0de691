import { counterStoreContract } from '../../fixtures/contracts/ratelimit';
import { MemoryCounterStore } from '../../fixtures/memory/ratelimit';

// The in-memory store unit tests use keeps the DynamoDB adapter's contract.
counterStoreContract('in memory', () => new MemoryCounterStore());
