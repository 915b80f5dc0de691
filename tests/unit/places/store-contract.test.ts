import { placeStoreContract } from '../../fixtures/contracts/places';
import { MemoryPlaceStore } from '../../fixtures/memory/places';

// The in-memory store unit tests use keeps the DynamoDB adapter's contract.
placeStoreContract('in memory', () => new MemoryPlaceStore());
