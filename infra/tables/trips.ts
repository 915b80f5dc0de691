import { S, type TableDeclaration } from '../model';

export const tripTables: TableDeclaration[] = [
  {
    // Trips of live tracking (shared/trips/dynamo-store.ts).
    // pk: the caller's data space (organisation, namespace); sk:
    //   "t#<tripId>"   a trip (one JSON document plus its version),
    //   "a#<assetId>"  the asset's active trip (trip_id), written and removed in the same
    //                  transaction as the trip, so an asset never has two active trips.
    id: 'trips',
    partitionKey: S('pk'),
    sortKey: S('sk'),
  },
];
