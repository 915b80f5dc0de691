import { jobStoreContract, type ContractJob } from '../../fixtures/contracts/job-store';
import { MemoryJobStore } from '../../fixtures/memory/job-store';

// The in-memory JobStore keeps the DynamoDB adapter's contract.
jobStoreContract('in memory', () => new MemoryJobStore<ContractJob>());
