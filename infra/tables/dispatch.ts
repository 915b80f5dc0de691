import { S, type TableDeclaration } from '../model';

export const dispatchTables: TableDeclaration[] = [
  {
    // Dispatch: document templates and dispatched routes (shared/dispatch/dynamo-store.ts).
    // pk: the caller's data space (organisation, namespace); sk:
    //   "tpl#<templateId>"  a document template (one JSON document plus its version),
    //   "tplcount"          the space's template count, kept in the same transactions as the
    //                       templates, so the per-space limit holds under concurrency,
    //   "rt#<routeId>"      a route with its steps (one JSON document plus its version),
    //   "rs#<shortId>"      the route a short id names, written with the route.
    id: 'dispatch',
    partitionKey: S('pk'),
    sortKey: S('sk'),
  },
];
