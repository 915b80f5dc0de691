import { S, type TableDeclaration } from '../model';

export const geofenceTables: TableDeclaration[] = [
  {
    // pk: the caller's data space, sk: the geofence id. byCreated orders a
    // space's geofences by creation, so page walks stay stable while others are created.
    id: 'geofences',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    indexes: [{ name: 'byCreated', partitionKey: S('pk'), sortKey: S('created_sk') }],
  },
];
