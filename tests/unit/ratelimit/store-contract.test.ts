import { MemoryCounterStore } from '../../../shared/ratelimit/memory-store';
import { counterStoreContract } from '../../fixtures/contracts/ratelimit';

// The in-process store (the one-process local stack's) keeps the DynamoDB adapter's contract.
counterStoreContract('in memory', () => new MemoryCounterStore());
