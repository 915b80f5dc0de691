import type { QueueDeclaration, TableDeclaration } from '../model';

export const optimizationTables: TableDeclaration[] = [];

export const optimizationQueues: QueueDeclaration[] = [];
