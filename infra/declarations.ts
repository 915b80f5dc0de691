import { geocodingTables } from './tables/geocoding';
import { geofenceTables } from './tables/geofence';
import { monitorTables } from './tables/monitors';
import { optimizationQueues, optimizationTables } from './tables/optimization';
import { platformTables } from './tables/platform';
import { trackingQueues, trackingTables } from './tables/tracking';
import type { QueueDeclaration, TableDeclaration } from './model';

export * from './model';

// The one place tables and queues are declared. serverless.yml turns these into
// CloudFormation (infra/cloudformation.ts) and the local launcher creates the
// same tables and queues from them (infra/local/provision.ts), so the two can
// never drift apart.

// Each service declares its own tables and queues in infra/tables/<service>.ts.
export const tables: TableDeclaration[] = [
  ...platformTables,
  ...geofenceTables,
  ...optimizationTables,
  ...trackingTables,
  ...geocodingTables,
  ...monitorTables,
];

export const queues: QueueDeclaration[] = [...optimizationQueues, ...trackingQueues];

export function tableName(stage: string, id: string): string {
  return `waymark-${stage}-${id}`;
}

export function queueName(stage: string, id: string): string {
  return `waymark-${stage}-${id}`;
}

export function deadLetterQueueName(stage: string, id: string): string {
  return `${queueName(stage, id)}-dlq`;
}

/** Env var through which a function learns the physical name of a table. */
export function tableEnvVar(id: string): string {
  return `TABLE_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** Env var through which a function learns the URL of a queue. */
export function queueEnvVar(id: string): string {
  return `QUEUE_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;
}
