import type { TableDeclaration } from '../model';

export const geocodingTables: TableDeclaration[] = [];
