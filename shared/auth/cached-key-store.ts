import type { KeyStore } from './key-store';
import type { KeyRecord } from './model';

// Every request looks its key up; on a warm function instance the same few keys
// come back again and again, so a short-lived copy saves one database read per
// request. A copy never outlives the namespaced-key delay: a deletion takes effect
// after that delay, and the copy read before it must not outlast it. Times in a
// record (active_from, active_until) are still compared on every use.
// A key that does not exist is remembered as missing for the same time, so the same
// made-up key sent again and again costs one read, not one per request. Keys are
// random: nobody presents a key before it is created, except through this store,
// whose create forgets the miss.

interface Entry {
  record: KeyRecord | undefined;
  until: number;
}

export class CachedKeyStore implements KeyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly inner: KeyStore,
    /** Milliseconds a copy may be used; 0 turns the cache off. Read on each use. */
    private readonly ttlMs: () => number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  async findByHash(hash: string): Promise<KeyRecord | undefined> {
    const ttl = this.ttlMs();
    const hit = this.entries.get(hash);
    if (ttl > 0 && hit && hit.until > this.now()) return hit.record;
    const record = await this.inner.findByHash(hash);
    this.entries.delete(hash);
    if (ttl > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(hash, { record, until: this.now() + ttl });
    }
    return record;
  }

  /** Whether a found key's copy is held now: answered without any read. */
  holds(hash: string): boolean {
    const hit = this.entries.get(hash);
    return this.ttlMs() > 0 && hit !== undefined && hit.record !== undefined && hit.until > this.now();
  }

  create(record: KeyRecord): Promise<void> {
    this.entries.delete(record.hash);
    return this.inner.create(record);
  }

  reserveNamespacedKey(org: string, limit: number): Promise<number | undefined> {
    return this.inner.reserveNamespacedKey(org, limit);
  }

  releaseNamespacedKey(org: string): Promise<void> {
    return this.inner.releaseNamespacedKey(org);
  }

  async revokeAt(hash: string, activeUntil: number): Promise<boolean> {
    this.entries.delete(hash);
    return this.inner.revokeAt(hash, activeUntil);
  }

  async setStatus(hash: string, status: KeyRecord['status'], at: number): Promise<boolean> {
    this.entries.delete(hash);
    return this.inner.setStatus(hash, status, at);
  }

  listByOrg(org: string): Promise<KeyRecord[]> {
    return this.inner.listByOrg(org);
  }
}
