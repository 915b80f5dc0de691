import { N, S, type QueueDeclaration, type TableDeclaration } from '../model';

// Live tracking. Every partition key starts with the caller's data
// space (organisation|namespace); see shared/tracking/README.md.
export const trackingTables: TableDeclaration[] = [
  {
    // One item per asset: pk "<space>", id "<asset id>". Holds the asset's
    // fields, its bound device, its latest location and the key of its
    // position-index entry, plus a version for optimistic concurrency.
    id: 'tracking-assets',
    partitionKey: S('pk'),
    sortKey: S('id'),
  },
  {
    // Location history: pk "<space>#<asset id>", ts = location timestamp (ms).
    // Keyed by (asset, timestamp), so re-sent points land on the same item.
    id: 'tracking-history',
    partitionKey: S('pk'),
    sortKey: N('ts'),
  },
  {
    // H3 position index of active assets: pk "<space>#<coarse res-4 cell>",
    // sk "<fine res-10 cell>#<asset id>". Expires 7 days after the location's
    // timestamp (an asset is active for 7 days after its latest location).
    id: 'tracking-positions',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    ttlAttribute: 'expires_at',
  },
];

export const trackingQueues: QueueDeclaration[] = [];
