import { trackingStoreContract } from '../../fixtures/contracts/tracking';
import { MemoryTrackingStore } from '../../fixtures/memory/tracking';

// The in-memory store the domain tests use keeps the DynamoDB adapter's contract.
trackingStoreContract('in memory', () => new MemoryTrackingStore());
