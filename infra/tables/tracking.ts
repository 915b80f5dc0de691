import { DEAD_LETTER_RETENTION_SECONDS, N, S, type QueueDeclaration, type TableDeclaration } from '../model';

// Live tracking. Every partition key starts with the caller's data
// space (organisation|namespace); see shared/tracking/README.md.
export const trackingTables: TableDeclaration[] = [
  {
    // One item per asset, under its own partition: pk "<space>#<asset id>", id "<asset id>". Holds
    // the asset's fields, its bound device, its latest location and the key of its position-index
    // entry, plus a version for optimistic concurrency: an upload writes only its asset's key.
    // The list indexes (keys only) page the space's assets in each sort order, written on
    // create, update and delete (not on upload); "lpk" is "<space>#<shard 0-7>" (a hash of the
    // id), so a list reads every shard and merges. byDevice ("dpk" = "<space>#<device id>", keys
    // only, present while a device is bound) finds the asset of a phone that names its device;
    // it is written on bind only, as an upload leaves dpk unchanged.
    id: 'tracking-assets',
    partitionKey: S('pk'),
    sortKey: S('id'),
    indexes: [
      { name: 'byId', partitionKey: S('lpk'), sortKey: S('id'), projection: 'KEYS_ONLY' },
      { name: 'byCreated', partitionKey: S('lpk'), sortKey: S('lc'), projection: 'KEYS_ONLY' },
      { name: 'byUpdated', partitionKey: S('lpk'), sortKey: S('lu'), projection: 'KEYS_ONLY' },
      { name: 'byName', partitionKey: S('lpk'), sortKey: S('ln'), projection: 'KEYS_ONLY' },
      { name: 'byDevice', partitionKey: S('dpk'), sortKey: S('id'), projection: 'KEYS_ONLY' },
    ],
  },
  {
    // Location history: pk "<space>#<asset storage key>" (id and incarnation), ts = bucket start (ms).
    // Keyed by (asset, timestamp), so re-sent points land on the same item.
    id: 'tracking-history',
    partitionKey: S('pk'),
    sortKey: N('ts'),
  },
  {
    // H3 position index of active assets: pk "<space>#<res-7 cell>" (older data: res 4),
    // sk "<fine res-10 cell>#<asset id>". Expires 7 days after the location's
    // timestamp (an asset is active for 7 days after its latest location).
    id: 'tracking-positions',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    ttlAttribute: 'expires_at',
  },
  {
    // Background work of tracking and monitors (shared/platform/work.ts):
    //   pk "<space>#purge", sk <asset storage key>  a deleted asset's tombstone: its history,
    //     evaluation state and events are purged; kept a day after the purge (expires_at) so a
    //     retried DELETE still answers 200;
    //   pk "<space>#relay", sk <asset storage key>  the asset's monitor outbox may hold entries.
    // The sparse index byDue holds the items still to be done, by due time: the sweeper's list.
    id: 'tracking-work',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    indexes: [{ name: 'byDue', partitionKey: S('due_pk'), sortKey: S('due_sk') }],
    ttlAttribute: 'expires_at',
  },
];

export const trackingQueues: QueueDeclaration[] = [
  {
    // One message per deleted asset incarnation to purge (shared/tracking/purge.ts); a purge cut
    // short is delivered again and resumes. The sweeper queues again what the dead-letter queue got.
    id: 'tracking-purge',
    retentionPeriod: 4 * 86400,
    consumer: { function: 'trackingPurge', timeout: 300 },
    deadLetter: { to: 'tracking-purge-dlq', maxReceiveCount: 5 },
  },
  { id: 'tracking-purge-dlq', retentionPeriod: DEAD_LETTER_RETENTION_SECONDS },
];
