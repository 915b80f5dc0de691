import type { TableDeclaration } from '../model';

export const geofenceTables: TableDeclaration[] = [];
