import { evaluationStoreContract, monitorStoreContract } from '../../fixtures/contracts/monitors';
import { MemoryEvaluationStore, MemoryMonitorStore } from '../../fixtures/memory/monitors';

// The in-memory stores unit tests use keep the DynamoDB adapters' contracts.
monitorStoreContract('in memory', () => new MemoryMonitorStore());
evaluationStoreContract('in memory', () => new MemoryEvaluationStore());
