import { S, type TableDeclaration } from '../model';

export const liveTables: TableDeclaration[] = [
  {
    // The live channel's open web socket connections, their subscriptions and the per-topic
    // subscriber lists the fan-out reads (shared/live/dynamo-store.ts has the key layout).
    // Every item expires with the longest connection API Gateway allows.
    id: 'live',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    ttlAttribute: 'expires',
  },
];
