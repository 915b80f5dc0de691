import type { TableDeclaration } from '../model';

export const monitorTables: TableDeclaration[] = [];
