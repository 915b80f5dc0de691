import { S, type TableDeclaration } from '../model';

export const platformTables: TableDeclaration[] = [
  {
    // API keys by the SHA-256 of the key (pk "KEY#<hash>"), and one counter item
    // per organisation (pk "ORG#<org>") that numbers its namespaced keys.
    id: 'keys',
    partitionKey: S('pk'),
    indexes: [{ name: 'byOrg', partitionKey: S('org'), sortKey: S('created_sk') }],
  },
  {
    // Fixed-window request counters; they expire shortly after their window.
    id: 'ratelimits',
    partitionKey: S('pk'),
    ttlAttribute: 'expires_at',
  },
];
