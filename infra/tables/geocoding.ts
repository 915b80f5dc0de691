import { S, type TableDeclaration } from '../model';

export const geocodingTables: TableDeclaration[] = [
  {
    // Custom places of multi-geocoding (shared/places/dynamo-store.ts).
    // pk: the caller's data space (organisation, namespace); sk:
    //   "p#<docId>"  a custom place,
    //   "v"          the space's change counter (bumped by every write; searches
    //                compare it to decide whether their cached places are current),
    //   "i#<sha256>" a create's idempotency record (expires_at: TTL, 10 minutes),
    //                so a retried create returns the first docId.
    id: 'places',
    partitionKey: S('pk'),
    sortKey: S('sk'),
    ttlAttribute: 'expires_at',
  },
];
