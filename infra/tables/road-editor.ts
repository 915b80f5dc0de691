import { S, type TableDeclaration } from '../model';

export const roadEditorTables: TableDeclaration[] = [
  {
    // The road editor's restrictions (shared/road-editor/dynamo-store.ts).
    // pk: the caller's data space; sk:
    //   "r#<id, 15 digits>"  a restriction (deleted ones stay, with state "deleted"),
    //   "c"                   the space's counters: ver (bumped by every write; routers compare
    //                         it to decide whether their cached restrictions are current),
    //                         next (the last id handed out), live (restrictions not deleted).
    id: 'restrictions',
    partitionKey: S('pk'),
    sortKey: S('sk'),
  },
];
