import { DynamoMonitorStateStore } from '../../../shared/monitors/dynamo-state';
import { DynamoMonitorStore } from '../../../shared/monitors/dynamo-store';
import { evaluationStoreContract, monitorStoreContract } from '../../fixtures/contracts/monitors';

// The same contracts as the in-memory stores', on DynamoDB Local.
monitorStoreContract('DynamoDB Local', () => new DynamoMonitorStore());
evaluationStoreContract('DynamoDB Local', () => new DynamoMonitorStateStore());
