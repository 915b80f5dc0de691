import { batchQueues, batchTables } from './tables/batch';
import { dispatchTables } from './tables/dispatch';
import { geocodingTables } from './tables/geocoding';
import { geofenceTables } from './tables/geofence';
import { liveTables } from './tables/live';
import { matrixQueues, matrixTables } from './tables/matrix';
import { monitorTables } from './tables/monitors';
import { optimizationQueues, optimizationTables } from './tables/optimization';
import { platformTables } from './tables/platform';
import { roadEditorTables } from './tables/road-editor';
import { trackingQueues, trackingTables } from './tables/tracking';
import { tripTables } from './tables/trips';
import { webhookQueues, webhookTables } from './tables/webhooks';
import type { QueueDeclaration, TableDeclaration } from './model';

export * from './model';
export { queueEnvVar, queueName, tableEnvVar, tableName } from '../shared/platform/resource-names';

// The one place tables and queues are declared. serverless.yml turns these into
// CloudFormation (infra/cloudformation.ts) and the local launcher creates the
// same tables and queues from them (infra/local/provision.ts), so the two can
// never drift apart.

// Each service declares its own tables and queues in infra/tables/<service>.ts.
export const tables: TableDeclaration[] = [
  ...platformTables,
  ...geofenceTables,
  ...optimizationTables,
  ...webhookTables,
  ...trackingTables,
  ...geocodingTables,
  ...monitorTables,
  ...matrixTables,
  ...batchTables,
  ...tripTables,
  ...roadEditorTables,
  ...dispatchTables,
  ...liveTables,
];

export const queues: QueueDeclaration[] = [...optimizationQueues, ...webhookQueues, ...trackingQueues, ...matrixQueues, ...batchQueues];
