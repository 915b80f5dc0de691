import type { QueueDeclaration, TableDeclaration } from '../model';

export const trackingTables: TableDeclaration[] = [];

export const trackingQueues: QueueDeclaration[] = [];
