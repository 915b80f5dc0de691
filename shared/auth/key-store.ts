import type { KeyRecord } from './model';

// Port for key persistence; the DynamoDB adapter is shared/auth/dynamo-store.ts.
export interface KeyStore {
  findByHash(hash: string): Promise<KeyRecord | undefined>;
  /** Fails with a conflict if a key with the same hash exists. */
  create(record: KeyRecord): Promise<void>;
  /** Atomically allocates the next namespaced-key sequence number of an organisation. */
  nextSubId(org: string): Promise<number>;
  /** Sets when a key stops working; returns false if the key does not exist. */
  revokeAt(hash: string, activeUntil: number): Promise<boolean>;
  /** Disables (recording `at`, Unix seconds) or re-enables a key; returns false if the key does not exist. */
  setStatus(hash: string, status: KeyRecord['status'], at: number): Promise<boolean>;
  listByOrg(org: string): Promise<KeyRecord[]>;
}
