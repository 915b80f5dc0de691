import type { KeyRecord } from './model';

// Port for key persistence; the DynamoDB adapter is shared/auth/dynamo-store.ts.
export interface KeyStore {
  findByHash(hash: string): Promise<KeyRecord | undefined>;
  /** Fails with a conflict if a key with the same hash exists. */
  create(record: KeyRecord): Promise<void>;
  /**
   * Takes one of the organisation's `limit` namespaced-key slots and allocates the key's sequence
   * number (1, 2, ... per organisation), in one conditional write: exact under concurrency.
   * undefined when all slots are taken.
   */
  reserveNamespacedKey(org: string, limit: number): Promise<number | undefined>;
  /** Gives back a slot taken by reserveNamespacedKey whose key was never stored. */
  releaseNamespacedKey(org: string): Promise<void>;
  /**
   * Sets when a key stops working; returns false if the key does not exist. The first deletion
   * of a namespaced key gives its organisation's slot back.
   */
  revokeAt(hash: string, activeUntil: number): Promise<boolean>;
  /** Disables (recording `at`, Unix seconds) or re-enables a key; returns false if the key does not exist. */
  setStatus(hash: string, status: KeyRecord['status'], at: number): Promise<boolean>;
  listByOrg(org: string): Promise<KeyRecord[]>;
}
