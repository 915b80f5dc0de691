import { S, type TableDeclaration } from '../model';

// Monitors and events. One table; every partition key starts with
// the caller's data space (organisation|namespace):
//   "<space>#mon"             sk <monitor id>       a monitor (JSON record + rev)
//   "<space>#cfg"             sk "webhooks"         event webhook URLs
//   "<space>#cfg#<0..15>"     sk "version"          change counter of the space's monitors and webhooks,
//                                                   16 copies bumped together (readers pick one)
//   "<space>#st#<asset key>"  sk "state"            the asset's evaluation state (version, JSON,
//                                                   staged commits not yet relayed)
//   "<space>#ev#<asset key>"  sk <event id>         one event; the id starts with the 13-digit
//                                                   triggered timestamp, so a time range is a key range
//   "<space>#ob#<asset key>"  sk <attempt>#<event id>  an outbox item: a committed event still to be
//                                                   copied to the events and/or sent to its webhooks
// <asset key> is the asset incarnation's storage key (shared/tracking/model.ts assetStorageKey).
export const monitorTables: TableDeclaration[] = [
  {
    id: 'monitors',
    partitionKey: S('pk'),
    sortKey: S('sk'),
  },
];
