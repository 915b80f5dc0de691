import { optimizationJobStoreContract } from '../../fixtures/contracts/optimization';
import { MemoryOptimizationJobStore } from '../../fixtures/memory/optimization-store';

// The in-memory store the worker's unit tests run on keeps the DynamoDB adapter's contract.
optimizationJobStoreContract('in memory', () => new MemoryOptimizationJobStore());
