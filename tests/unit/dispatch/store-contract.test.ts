import { dispatchStoreContract } from '../../fixtures/contracts/dispatch';
import { MemoryDispatchStore } from '../../fixtures/memory/dispatch';

// The in-memory store unit tests use keeps the DynamoDB adapter's contract.
dispatchStoreContract('in memory', () => new MemoryDispatchStore());
