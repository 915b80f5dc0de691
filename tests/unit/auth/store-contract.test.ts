import { keyStoreContract } from '../../fixtures/contracts/auth';
import { MemoryKeyStore } from '../../fixtures/memory/auth';

// The in-memory store unit tests use keeps the DynamoDB adapter's contract.
keyStoreContract('in memory', () => new MemoryKeyStore());
