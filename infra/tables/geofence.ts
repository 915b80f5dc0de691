import { S, type TableDeclaration } from '../model';

export const geofenceTables: TableDeclaration[] = [
  {
    // pk: the caller's data space, sk: the geofence id. byCreated orders a
    // space's geofences by creation, so page walks stay stable while others are created;
    // byCreatedIds is the same order holding only the keys, for reads that need the ids alone.
    id: 'geofences',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    indexes: [
      { name: 'byCreated', partitionKey: S('pk'), sortKey: S('created_sk') },
      { name: 'byCreatedIds', partitionKey: S('pk'), sortKey: S('created_sk'), projection: 'KEYS_ONLY' },
    ],
  },
  {
    // Spatial index of the geofences: pk "<space>#<H3 cell>", sk the geofence id, one item
    // per cell of the fence's cover (shared/geofence/cover.ts), rev = the fence revision that wrote it;
    // and pk "<space>#shape#<id>", sk a revision: a copy of the fence's record at that revision,
    // which monitor evaluation reads instead of the space's partition (dynamo-cells.ts).
    id: 'geofence-cells',
    partitionKey: S('pk'),
    sortKey: S('sk'),
  },
];
